import * as Digest from "@graph/core/modules/digest";
import { DigestQueue } from "@graph/core/adapters/queues";
import { queueWorker } from "./queue-worker.ts";

/**
 * Digest queue worker: composes and sends one person's digest per message. Sending twice is
 * prevented by the send record, not by the queue.
 */
export const digestWorker = (send: typeof Digest.send = Digest.send) =>
  queueWorker(DigestQueue, (job) => send(job), { order: "parallel" });

export const handler = digestWorker();
