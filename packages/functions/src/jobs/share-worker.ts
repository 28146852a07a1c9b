import * as Follows from "@graph/core/modules/follows";
import { ShareQueue } from "@graph/core/adapters/queues";
import { queueWorker } from "./queue-worker.ts";

/**
 * Share queue worker: writes one stored feed session into its author's followers' timelines per
 * message. Every write is by key, so sharing a session twice changes nothing.
 */
export const shareWorker = (share: typeof Follows.share = Follows.share) =>
  queueWorker(ShareQueue, (job) => share(job), { order: "parallel" });

export const handler = shareWorker();
