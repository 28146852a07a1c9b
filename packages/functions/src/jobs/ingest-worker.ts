import { Resource } from "sst";
import { runIngestJob } from "@graph/core/workflows/ingest";
import { ChannelQueue, enqueue, IngestQueue, type IngestJob } from "@graph/core/adapters/queues";
import { queueWorker } from "./queue-worker.ts";
import { log } from "@graph/core/lib/observability";

export type { IngestJob } from "@graph/core/adapters/queues";

const runJob = (job: IngestJob) => runIngestJob(job, { allowPrivateFeeds: Resource.Config.allowPrivateFeeds === true });

/**
 * Ingest queue worker: ingests sources (a host's due sources per message, a few requests open
 * to the host at once), backfills new topic phrases and checks suggested
 * sources. A source that can't be fetched is a recorded health state, not a failure; a
 * message fails (alone) only when the work itself could not be done.
 */
export const ingestWorker = (run: (job: IngestJob) => Promise<unknown> = runJob) =>
  queueWorker(IngestQueue, (job) => run(job), {
    order: "parallel",
    // New articles become searchable now rather than at the next scheduled index run.
    afterBatch: async (handled) => {
      const fresh = handled.some(
        ({ message, result }) =>
          (message.kind === "source" || message.kind === "host") &&
          ((result as { added?: number } | undefined)?.added ?? 0) > 0,
      );
      if (!fresh) return;
      // Imported here: a batch that stored nothing new never loads the index's builder.
      const { buildDirtySegments } = await import("@graph/core/modules/search");
      await buildDirtySegments().catch((error: unknown) => log.error("ingest: search index build failed", { error }));
      // The org's per-topic channels get what arrived now, not only at digest time: the channel
      // queue's worker fans the run out to every routed channel (this worker holds none of the
      // services' keys). A run not queued loses nothing: each channel's cursor stays, so the next
      // ingest run's routing posts it.
      await enqueue(ChannelQueue, [{ kind: "routes", now: Date.now() }]).catch((error: unknown) =>
        log.error("ingest: channel routing not queued", { error }),
      );
    },
  });

export const handler = ingestWorker();
