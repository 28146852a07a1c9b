import * as Accounts from "@graph/core/workflows/account-deletion";
import { observedJob } from "../observed.ts";

/** Scheduled: queues again the sweep of every account deletion whose message was lost or gave up. */
async function run() {
  return { requeued: await Accounts.requeueUnfinished() };
}

export const handler = observedJob(run);
