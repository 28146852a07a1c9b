import * as Digest from "@graph/core/modules/digest";
import { DigestQueue } from "@graph/core/adapters/queues";
import { count } from "@graph/core/lib/observability";
import { queueWorker } from "./queue-worker.ts";

/**
 * Digest queue worker: composes and sends one person's digest per message. Sending twice is
 * prevented by the send record, not by the queue.
 */
export const digestWorker = (send: typeof Digest.send = Digest.send) =>
  queueWorker(DigestQueue, (job) => send(job).then(counted, failed), { order: "parallel" });

const counted = (outcome: Digest.SendOutcome) => {
  if (outcome === "sent") count("DigestsSent");
  // Nothing to send is no failure: digest-silence counts it as sent.
  if (outcome === "empty") count("DigestsEmpty");
  return outcome;
};

const failed = (error: unknown): never => {
  count("DigestsFailed");
  throw error;
};

export const handler = digestWorker();
