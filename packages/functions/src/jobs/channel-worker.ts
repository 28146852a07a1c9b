import { Resource } from "sst";
import * as Channels from "@graph/core/modules/channels";
import { ChannelQueue } from "@graph/core/adapters/queues";
import { queueWorker } from "./queue-worker.ts";

/**
 * Channel queue worker: a person's picks to their Slack and Discord channels, one channel's
 * delivery after a wait, a routing run for every routed channel or for one, a slash command's late answer. Posting twice
 * is prevented by the send records, not by the queue.
 */
export const handler = queueWorker(
  ChannelQueue,
  (job) => Channels.handleJob(job, { allowPrivateFeeds: Resource.Config.allowPrivateFeeds === true }),
  { order: "parallel" },
);
