import { Resource } from "sst";
import { AgentQueue } from "@graph/core/adapters/queues";
import { runAgentSearch } from "@graph/core/workflows/agent-search";
import { queueWorker } from "./queue-worker.ts";

/**
 * Agent queue worker: runs one agentic search per message, in steps recorded on the search. A
 * search settles itself (done, or failed when it broke), so a message fails only when even that
 * could not be written, and is then delivered again.
 */
export const handler = queueWorker(
  AgentQueue,
  (job) => runAgentSearch(job, { allowPrivateFeeds: Resource.Config.allowPrivateFeeds === true }),
  { order: "parallel" },
);
