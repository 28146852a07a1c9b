import * as Accounts from "@graph/core/workflows/account-deletion";

/** Scheduled: queues again the sweep of every account deletion whose message was lost or gave up. */
export async function handler() {
  return { requeued: await Accounts.requeueUnfinished() };
}
