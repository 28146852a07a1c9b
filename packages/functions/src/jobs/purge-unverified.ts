import { purgeUnverified } from "@graph/core/modules/auth";

/** Scheduled daily (its event is `{ name }`, unused). */
export async function handler() {
  const result = await purgeUnverified();
  console.log("purge-unverified", result);
  return result;
}
