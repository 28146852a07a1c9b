import { Resource } from "sst";
import { checkFeedImport } from "@graph/core/workflows/feed-import-check";
import { ImportQueue, type ImportJob } from "@graph/core/adapters/queues";
import * as WatchHistory from "@graph/core/modules/watch-history";
import { queueWorker } from "./queue-worker.ts";

/**
 * Import queue worker, one import a message. A Takeout watch history is streamed from the bucket
 * into the import's summary, and the file deleted; a job delivered again (the worker died, or an
 * outage) reads the file again from the start, or finds it done. An OPML import's feeds are
 * checked a few at a time for a few minutes, the rest handed on to a new message; a job delivered
 * again checks only the feeds still pending.
 */
const runJob = (job: ImportJob): Promise<unknown> => {
  switch (job.kind) {
    case "watch-history":
      return WatchHistory.processImport(job.userId, job.uploadId);
    case "opml":
      return checkFeedImport(job.userId, job.importId, {
        allowPrivateFeeds: Resource.Config.allowPrivateFeeds === true,
      });
  }
};

export const handler = queueWorker(ImportQueue, runJob, { order: "sequential" });
