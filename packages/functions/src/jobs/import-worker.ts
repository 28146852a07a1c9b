import { ImportQueue } from "@graph/core/queues";
import * as WatchHistory from "@graph/core/watch-history";
import { queueWorker } from "./queue-worker.ts";

/**
 * Import queue worker: reads one uploaded file a message (a Takeout watch history), streaming it
 * from the bucket into the import's summary, and deletes the file. A job delivered again (the
 * worker died, or an outage) reads the file again from the start, or finds it done.
 */
export const handler = queueWorker(ImportQueue, (job) => WatchHistory.processImport(job.userId, job.uploadId), {
  order: "sequential",
});
