/** OPML in and out on the feed tab: the import's shape (from the API), the file check, and how progress reads. */
import { FEED_RESULT_TEXT, OPML_IMPORT, OPML_MESSAGES } from "@graph/core/modules/feed-imports/rules";
import type { InferResponseType } from "hono/client";
import { ApiError, NETWORK_ERROR_STATUS } from "../../lib/api.ts";
import type { client } from "../../lib/client.ts";
import { counted } from "../../lib/words.ts";

/** `GET /api/opml/import`: the latest import and a page of its feeds, as the route answers them. */
export type ImportPage = InferResponseType<typeof client.api.opml.import.$get, 200>;
export type FeedImport = NonNullable<ImportPage["import"]>;
export type ImportedFeed = ImportPage["feeds"][number];

/** How often the import is read again while its feeds are being checked (ms). */
export const IMPORT_POLL_MS = 1_500;

export const IMPORT_FAILED = "couldn't start the import. please try again.";
export const IMPORT_OFFLINE = "couldn't reach graph. check your connection and try again.";

export const isRunning = (current: FeedImport | null | undefined) =>
  current?.status === "queued" || current?.status === "running";

/** The refetch interval: every moment while an import runs, never otherwise. */
export const importPollInterval = (current: FeedImport | null | undefined): number | false =>
  isRunning(current) ? IMPORT_POLL_MS : false;

/** Why a chosen file cannot be imported (checked before it is read), or null. */
export function opmlFileProblem(file: { size: number }): string | null {
  if (file.size === 0) return OPML_MESSAGES.notOpml;
  if (file.size > OPML_IMPORT.maxBytes) return OPML_MESSAGES.tooLarge;
  return null;
}

/** Percent of the import's feeds checked, 0 to 100. */
export function percentDone(current: Pick<FeedImport, "done" | "total">): number {
  if (current.total <= 0) return 0;
  return Math.min(100, Math.floor((current.done / current.total) * 100));
}

/** The progress line: while it runs, how far; once done, how many were checked. */
export function progressText(current: FeedImport): string {
  if (current.status === "queued")
    return `${current.fileName}: ${counted(current.total, "feed")} waiting to be checked...`;
  if (current.status === "running")
    return `checking ${current.fileName}: ${current.done.toLocaleString("en-US")} of ${counted(current.total, "feed")}`;
  return `${current.fileName}: ${current.done.toLocaleString("en-US")} of ${counted(current.total, "feed")} checked`;
}

/** Each result's count, in words, leaving out the ones at zero. */
export function summaryText(current: FeedImport): string {
  const parts = [
    current.added && `${current.added.toLocaleString("en-US")} ${FEED_RESULT_TEXT.added}`,
    current.exists && `${current.exists.toLocaleString("en-US")} ${FEED_RESULT_TEXT.exists}`,
    current.notFeed && `${current.notFeed.toLocaleString("en-US")} ${FEED_RESULT_TEXT.not_feed}`,
    current.failed && `${current.failed.toLocaleString("en-US")} ${FEED_RESULT_TEXT.failed}`,
    current.merged && `${counted(current.merged, "duplicate")} merged`,
  ].filter(Boolean);
  return parts.join(" · ");
}

/** A feed's result in words: "failed: HTTP 404 Not Found", "already there: you added it before", "added". */
export function resultText(feed: Pick<ImportedFeed, "status" | "reason">): string {
  const text = FEED_RESULT_TEXT[feed.status];
  return feed.reason && feed.status !== "added" && feed.status !== "pending" ? `${text}: ${feed.reason}` : text;
}

/** What to say when starting an import failed: the server's words for a file it refused, ours otherwise. */
export function importFailureText(error: unknown): string {
  if (!(error instanceof ApiError)) return IMPORT_FAILED;
  if (error.status === NETWORK_ERROR_STATUS) return IMPORT_OFFLINE;
  if (error.body?.error && [400, 409, 413, 429].includes(error.status)) return error.body.error;
  return IMPORT_FAILED;
}
