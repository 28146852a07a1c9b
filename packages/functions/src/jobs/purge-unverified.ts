import { purgeUnverified } from "@graph/core/modules/auth";
import { log } from "@graph/core/lib/observability";
import { observedJob } from "../observed.ts";

/** Scheduled daily (its event is `{ name }`, unused). */
async function run() {
  const result = await purgeUnverified();
  log.info("purge-unverified", { ...result });
  return result;
}

export const handler = observedJob(run);
