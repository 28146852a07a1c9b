import { randomBytes } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { ImportsBucket, type PresignedPost } from "../../adapters/blobs/index.ts";
import { conditionally } from "../../adapters/dynamo/index.ts";
import { badRequest, notFound } from "../../lib/errors/index.ts";
import { count } from "../../lib/observability/index.ts";
import { enqueue, ImportQueue } from "../../adapters/queues/index.ts";
import * as RateLimit from "../rate-limit/index.ts";
import { ImportEntity, type ImportItem } from "./import.entity.ts";
import {
  cut,
  FILE_NAME_MAX,
  IMPORT_STALE_MS,
  IMPORT_TTL_SECONDS,
  isJsonFileName,
  SUMMARY_CHANNELS,
  SUMMARY_LATEST,
  SUMMARY_MAX_BYTES,
  SUMMARY_MOST_WATCHED,
  TAKEOUT_MAX_BYTES,
  UPLOAD_SECONDS,
  UPLOADS_PER_HOUR,
  videoUrl,
  WATCH_HISTORY_MESSAGES,
  type ImportStatus,
  type WatchedChannelView,
  type WatchedVideoView,
} from "./rules.ts";
import { readTakeout, TakeoutError, type TakeoutSummary, type WatchedVideo } from "./takeout.ts";

/**
 * Importing a Takeout watch history: the browser uploads the file straight to the Imports bucket
 * (a presigned POST: API Gateway and Lambda take no 15 MB body), the person starts the import,
 * and the import queue's worker streams the file from the bucket, keeps a bounded summary on the
 * import's record and deletes the file. Running the same import again (a queue retry) reads the
 * same file into the same summary, or, once it is done, only makes sure the file is gone.
 */

/** What the page shows of an import. */
export interface ImportView {
  uploadId: string;
  status: ImportStatus;
  bytesRead: number;
  bytesTotal: number;
  entries: number;
  message: string | null;
  /** The videos watched last, newest first. */
  topVideosByLatest: WatchedVideoView[];
  processedVideos: {
    /** The channels watched most. */
    channels: WatchedChannelView[];
    /** The videos watched last (as `topVideosByLatest`). */
    videos: WatchedVideoView[];
    /** The videos watched most often. */
    mostWatched: WatchedVideoView[];
  };
  /** Watches of videos counted, and entries left out by what they were. */
  watches: number;
  skipped: { ads: number; removed: number; music: number; other: number };
}

/** The summary as the import's record keeps it. */
type StoredSummary = Omit<TakeoutSummary, "bytesRead" | "entries">;

export interface UploadTicket extends PresignedPost {
  uploadId: string;
}

/** Upload ids sort by creation time: ten base-36 digits of milliseconds, then random hex. */
const newUploadId = () => `${Date.now().toString(36).padStart(10, "0")}-${randomBytes(8).toString("hex")}`;
const UPLOAD_ID = /^[0-9a-z]{10}-[0-9a-f]{16}$/;
export const TAKEOUT_PREFIX = "takeout/";
const takeoutPrefixOf = (userId: string) => `${TAKEOUT_PREFIX}${userId}/`;
const takeoutKey = (userId: string, uploadId: string) => `${takeoutPrefixOf(userId)}${uploadId}.json`;

/**
 * A presigned upload of one Takeout file (the name and length the browser says are checked here
 * so the person hears at once; the bucket's policy holds the type and length again), and the
 * import's record, waiting for the file.
 */
export async function presignTakeout(
  userId: string,
  file: { fileName: string; size: number },
  now = Date.now(),
): Promise<UploadTicket> {
  if (
    !isJsonFileName(file.fileName) ||
    !Number.isInteger(file.size) ||
    file.size < 1 ||
    file.size > TAKEOUT_MAX_BYTES
  ) {
    throw badRequest(WATCH_HISTORY_MESSAGES.invalidFile);
  }
  await RateLimit.enforce(uploadLimit(userId), (s) => WATCH_HISTORY_MESSAGES.tooManyUploads(RateLimit.minutesText(s)));
  const uploadId = newUploadId();
  await ImportEntity.create({
    userId,
    uploadId,
    status: "waiting",
    fileName: cut(file.fileName.trim(), FILE_NAME_MAX),
    bytesTotal: file.size,
    bytesRead: 0,
    entries: 0,
    createdAt: now,
    updatedAt: now,
    expiresAt: Math.floor(now / 1000) + IMPORT_TTL_SECONDS,
  }).go();
  const { url, fields } = await ImportsBucket.presignPost(takeoutKey(userId, uploadId), {
    contentType: "application/json",
    maxBytes: TAKEOUT_MAX_BYTES,
    expiresSeconds: UPLOAD_SECONDS,
  });
  return { uploadId, url, fields };
}

const uploadLimit = (userId: string): RateLimit.Limit => ({
  bucket: `takeout:${userId}`,
  max: UPLOADS_PER_HOUR,
  windowSeconds: 60 * 60,
});

/** The person's import, or 404 (another person's upload id is no upload of theirs). */
async function readImport(userId: string, uploadId: string): Promise<ImportItem> {
  if (!UPLOAD_ID.test(uploadId)) throw notFound(WATCH_HISTORY_MESSAGES.noSuchImport);
  const { data } = await ImportEntity.get({ userId, uploadId }).go({ consistent: true });
  if (!data) throw notFound(WATCH_HISTORY_MESSAGES.noSuchImport);
  return data;
}

/**
 * Starts the import of an uploaded file: queues it once (a second start, or one racing it,
 * answers the import as it is). 400 when the file is not in the bucket.
 */
export async function startImport(userId: string, uploadId: string, now = Date.now()): Promise<ImportView> {
  const record = await readImport(userId, uploadId);
  if (record.status !== "waiting" || record.queuedAt !== undefined) return importView(record, now);
  const file = await ImportsBucket.head(takeoutKey(userId, uploadId));
  if (!file) throw badRequest(WATCH_HISTORY_MESSAGES.uploadMissing);
  const queued = await conditionally(
    ImportEntity.patch({ userId, uploadId })
      .set({ queuedAt: now, updatedAt: now, bytesTotal: file.size })
      .where((attr, op) => op.notExists(attr.queuedAt))
      .go(),
  );
  if (queued) {
    try {
      await enqueue(ImportQueue, [{ kind: "watch-history", userId, uploadId }]);
    } catch (error) {
      // Not queued: the person may start it again.
      await ImportEntity.patch({ userId, uploadId }).remove(["queuedAt"]).go();
      throw error;
    }
  }
  return importView(await readImport(userId, uploadId), now);
}

/** The import as it is now (an import its worker gave up on is answered as failed). */
export async function importState(userId: string, uploadId: string, now = Date.now()): Promise<ImportView> {
  return importView(await readImport(userId, uploadId), now);
}

function importView(record: ImportItem, now: number): ImportView {
  const stale =
    record.queuedAt !== undefined &&
    (record.status === "waiting" || record.status === "processing") &&
    now - record.updatedAt > IMPORT_STALE_MS;
  const summary = record.summary ? readSummary(record.summary as Uint8Array) : undefined;
  const latest = (summary?.latest ?? []).map(watchedView);
  return {
    uploadId: record.uploadId,
    status: stale ? "failed" : record.status,
    bytesRead: record.bytesRead,
    bytesTotal: record.bytesTotal,
    entries: record.entries,
    message: stale ? WATCH_HISTORY_MESSAGES.stale : (record.message ?? null),
    topVideosByLatest: latest,
    processedVideos: {
      channels: summary?.channels ?? [],
      videos: latest,
      mostWatched: (summary?.mostWatched ?? []).map(watchedView),
    },
    watches: summary?.watches ?? 0,
    skipped: summary?.skipped ?? { ads: 0, removed: 0, music: 0, other: 0 },
  };
}

const watchedView = (v: WatchedVideo): WatchedVideoView => ({
  id: v.id,
  title: v.title,
  title_url: videoUrl(v.id),
  channel_name: v.channelName,
  channel_url: v.channelUrl,
  watched: v.watched,
  lastWatchedAt: new Date(v.lastWatchedAt).toISOString(),
});

/** The summary gzipped within `SUMMARY_MAX_BYTES`: its lists are shortened until it fits (real ones fit whole). */
export function storedSummary(summary: TakeoutSummary): Uint8Array {
  const { bytesRead: _bytesRead, entries: _entries, ...kept } = summary;
  let share = 1;
  for (;;) {
    const fitted: StoredSummary = {
      ...kept,
      latest: kept.latest.slice(0, Math.floor(kept.latest.length * share)),
      mostWatched: kept.mostWatched.slice(0, Math.floor(kept.mostWatched.length * share)),
      channels: kept.channels.slice(0, Math.floor(kept.channels.length * share)),
    };
    const data = gzipSync(JSON.stringify(fitted));
    if (data.byteLength <= SUMMARY_MAX_BYTES || share === 0) return data;
    share = share < 0.05 ? 0 : share * 0.8;
  }
}

const readSummary = (data: Uint8Array): StoredSummary => JSON.parse(gunzipSync(data).toString("utf8")) as StoredSummary;

/**
 * The import queue's work for one file: reads it as it streams from the bucket (writing the
 * progress every megabyte), keeps the summary or the reason it failed, and deletes the file.
 * A file that fails for what it holds is answered as failed and not retried; an outage throws,
 * so the queue delivers the job again, which starts the file over.
 */
export async function processImport(userId: string, uploadId: string, now = () => Date.now()): Promise<ImportStatus> {
  const key = takeoutKey(userId, uploadId);
  const statusNow = async () => (await ImportEntity.get({ userId, uploadId }).go({ consistent: true })).data?.status;
  // Every write is for an import still under way: one finished (by another delivery of the same
  // job) or gone (the account was deleted) is never written again.
  const write = (changes: Partial<Pick<ImportItem, "status" | "bytesRead" | "entries" | "message" | "summary">>) =>
    conditionally(
      ImportEntity.patch({ userId, uploadId })
        .set({ ...changes, updatedAt: now() })
        .where((attr, op) => `${op.ne(attr.status, "done")} AND ${op.ne(attr.status, "failed")}`)
        .go(),
    );
  /** Keeps how it ended (unless another delivery ended it first), deletes the file, answers how it ended. */
  const finish = async (changes: Parameters<typeof write>[0] & { status: "done" | "failed" }) => {
    const written = await write(changes);
    await ImportsBucket.delete(key);
    return written ? changes.status : ((await statusNow()) ?? "failed");
  };

  // Done already (this is a retry), or the person's account is gone: only the file is left to delete.
  if (!(await write({ status: "processing", bytesRead: 0, entries: 0 }))) {
    await ImportsBucket.delete(key);
    return (await statusNow()) ?? "failed";
  }
  const file = await ImportsBucket.stream(key);
  if (!file) return finish({ status: "failed", message: WATCH_HISTORY_MESSAGES.uploadMissing });
  let summary: TakeoutSummary;
  try {
    if (file.size > TAKEOUT_MAX_BYTES) throw new TakeoutError(WATCH_HISTORY_MESSAGES.invalidFile);
    summary = await readTakeout(file.body, {
      latest: SUMMARY_LATEST,
      mostWatched: SUMMARY_MOST_WATCHED,
      channels: SUMMARY_CHANNELS,
      onProgress: async ({ bytesRead, entries }) => {
        if (!(await write({ bytesRead, entries }))) throw new ImportEnded();
      },
    });
  } catch (error) {
    if (error instanceof TakeoutError) return finish({ status: "failed", message: error.message });
    if (error instanceof ImportEnded) return finish({ status: "failed" });
    throw error;
  } finally {
    file.body.destroy();
  }
  count("Imports");
  count("ImportRows", summary.entries);
  return finish({
    status: "done",
    bytesRead: summary.bytesRead,
    entries: summary.entries,
    ...(summary.truncated ? { message: WATCH_HISTORY_MESSAGES.tooManyEntries } : {}),
    summary: storedSummary(summary),
  });
}

/** The import ended while its file was read (another delivery finished it, or the account was deleted). */
class ImportEnded extends Error {}

/** Removes every import record of a deleted account, every file it uploaded and its upload limit's count. */
export async function purgeImports(userId: string): Promise<void> {
  await ImportsBucket.deletePrefix(takeoutPrefixOf(userId));
  await RateLimit.purge(uploadLimit(userId).bucket);
  const { data } = await ImportEntity.query.byUser({ userId }).go({ pages: "all", attributes: ["uploadId"] });
  if (data.length > 0) await ImportEntity.delete(data.map((d) => ({ userId, uploadId: d.uploadId }))).go();
}
