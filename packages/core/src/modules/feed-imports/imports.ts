import { randomBytes } from "node:crypto";
import { conditionally, isUnavailable, transact } from "../../adapters/dynamo/index.ts";
import { UnavailableError, VisibleError, badRequest, conflict } from "../../lib/errors/index.ts";
import { pageOf } from "../../adapters/dynamo/index.ts";
import { enqueue, ImportQueue } from "../../adapters/queues/index.ts";
import * as RateLimit from "../rate-limit/index.ts";
import * as Sources from "../sources/index.ts";
import { OpmlError, parseOpml } from "../../lib/syndication/index.ts";
import { FeedImportEntity, type FeedImportItem } from "./feed-import.entity.ts";
import { FeedImportFeedEntity, type FeedImportFeed } from "./feed-import-feed.entity.ts";
import { planFeeds } from "./plan.ts";
import { OPML_IMPORT, OPML_MESSAGES, type FeedImportStatus, type FeedResult, type SettledFeedResult } from "./rules.ts";
import { count, log } from "../../lib/observability/index.ts";

/**
 * Importing an OPML file: the file is read and its feeds stored, one item each, `pending`, with
 * the person's import record; the import queue's worker then checks them a few at a time, each
 * feed's result written once together with the import's counts, so a worker that dies midway is
 * delivered again and checks only what is still pending. Each feed it adds becomes the person's
 * suggested source, settled at once, so an import is never held by the cap on pending suggestions.
 */

/** What the feed tab shows of an import. */
export interface FeedImportView {
  importId: string;
  status: FeedImportStatus;
  fileName: string;
  total: number;
  done: number;
  added: number;
  exists: number;
  notFeed: number;
  failed: number;
  /** Listings of a feed the file lists again, merged into the first. */
  merged: number;
  message: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** One feed of an import and its result. */
export interface FeedImportFeedView {
  position: number;
  url: string;
  title: string;
  category: string | null;
  status: FeedResult;
  reason: string | null;
}

/** Import ids sort by creation time: ten base-36 digits of milliseconds, then random hex. */
const newImportId = (now: number) => `${now.toString(36).padStart(10, "0")}-${randomBytes(6).toString("hex")}`;
const importLimit = (userId: string): RateLimit.Limit => ({
  bucket: `opml-import:${userId}`,
  max: OPML_IMPORT.perHour,
  windowSeconds: 60 * 60,
});

const isStale = (record: FeedImportItem, now: number) =>
  (record.status === "queued" || record.status === "running") && now - record.updatedAt > OPML_IMPORT.staleMs;

function importView(record: FeedImportItem, now: number): FeedImportView {
  const stale = isStale(record, now);
  return {
    importId: record.importId,
    status: stale ? "failed" : record.status,
    fileName: record.fileName,
    total: record.total,
    done: record.done,
    added: record.added,
    exists: record.exists,
    notFeed: record.notFeed,
    failed: record.failed,
    merged: record.merged,
    message: stale ? OPML_MESSAGES.stale : (record.message ?? null),
    createdAt: new Date(record.createdAt).toISOString(),
    finishedAt: record.finishedAt ? new Date(record.finishedAt).toISOString() : null,
  };
}

const feedView = (f: FeedImportFeed): FeedImportFeedView => ({
  position: f.position,
  url: f.url,
  title: f.title,
  category: f.category ?? null,
  status: f.status,
  reason: f.reason ?? null,
});

/** The feeds an OPML document lists, ready to import; a 400 (or 413) the person can act on otherwise. */
export function readOpmlFile(document: string) {
  if (Buffer.byteLength(document, "utf8") > OPML_IMPORT.maxBytes) {
    throw new VisibleError(413, "payload_too_large", OPML_MESSAGES.tooLarge);
  }
  let listed;
  try {
    listed = parseOpml(document);
  } catch (error) {
    if (error instanceof OpmlError) throw badRequest(OPML_MESSAGES.notOpml);
    throw error;
  }
  const plan = planFeeds(listed);
  if (plan.feeds.length === 0) throw badRequest(OPML_MESSAGES.noFeeds);
  if (plan.feeds.length > OPML_IMPORT.maxFeeds) throw badRequest(OPML_MESSAGES.tooManyFeeds);
  return plan;
}

/**
 * Starts an import of an OPML document: one at a time a person (409 while one runs), within the
 * hourly limit (429). Answers the import, queued.
 */
export async function startImport(
  userId: string,
  file: { fileName: string; document: string },
  now = Date.now(),
): Promise<FeedImportView> {
  const plan = readOpmlFile(file.document);
  await RateLimit.enforce(importLimit(userId), (s) => OPML_MESSAGES.tooManyImports(RateLimit.minutesText(s)));
  const importId = newImportId(now);
  const expiresAt = Math.floor(now / 1000) + OPML_IMPORT.ttlSeconds;
  const record: FeedImportItem = {
    userId,
    importId,
    status: "queued",
    fileName: file.fileName.trim().slice(0, OPML_IMPORT.fileNameMax) || "feeds.opml",
    total: plan.feeds.length,
    merged: plan.merged,
    done: 0,
    added: 0,
    exists: 0,
    notFeed: 0,
    failed: 0,
    createdAt: now,
    updatedAt: now,
    expiresAt,
  };
  // The record is the person's lock: taken only when the last import ended or went stale.
  const taken = await conditionally(
    FeedImportEntity.put(record)
      .where(
        (attr, op) =>
          `${op.notExists(attr.importId)} OR ${op.eq(attr.status, "done")} OR ${op.eq(attr.status, "failed")} OR ${op.lt(attr.updatedAt, now - OPML_IMPORT.staleMs)}`,
      )
      .go(),
  );
  if (!taken) throw conflict(OPML_MESSAGES.running, "import_running");
  try {
    await FeedImportFeedEntity.put(
      plan.feeds.map((feed, position) => ({
        userId,
        importId,
        position,
        url: feed.url,
        title: feed.title,
        ...(feed.htmlUrl ? { htmlUrl: feed.htmlUrl } : {}),
        ...(feed.category ? { category: feed.category } : {}),
        status: "pending" as const,
        expiresAt,
      })),
    ).go();
    await enqueue(ImportQueue, [{ kind: "opml", userId, importId }]);
  } catch (error) {
    // Not queued: the import ends here, and the person may start another.
    await endImport(userId, importId, { status: "failed", message: OPML_MESSAGES.notStarted });
    throw error;
  }
  return importView(record, now);
}

/** Ends an import still under way (and this one): done, or failed with a message. */
async function endImport(
  userId: string,
  importId: string,
  end: { status: "done" | "failed"; message?: string },
  now = Date.now(),
): Promise<boolean> {
  return conditionally(
    FeedImportEntity.patch({ userId })
      .set({ ...end, updatedAt: now, finishedAt: now })
      .where(
        (attr, op) =>
          `${op.eq(attr.importId, importId)} AND (${op.eq(attr.status, "queued")} OR ${op.eq(attr.status, "running")})`,
      )
      .go(),
  );
}

/**
 * The person's latest import and a page of its feeds in the file's order (`cursor` from the
 * answer before), or no import.
 */
export async function latestImport(
  userId: string,
  page: { cursor: string | null; limit: number },
  now = Date.now(),
): Promise<{ import: FeedImportView | null; feeds: FeedImportFeedView[]; cursor: string | null }> {
  const { data: record } = await FeedImportEntity.get({ userId }).go({ consistent: true });
  if (!record) {
    if (page.cursor !== null) throw badRequest(OPML_MESSAGES.cursorInvalid);
    return { import: null, feeds: [], cursor: null };
  }
  const query = FeedImportFeedEntity.query.byUser({ userId, importId: record.importId });
  const read = await pageOf(
    {
      // Oldest first: the file's order.
      go: ({ limit, cursor }) => query.go({ order: "asc", limit, cursor }),
    },
    page.cursor,
    Math.min(page.limit, OPML_IMPORT.pageMax),
    OPML_MESSAGES.cursorInvalid,
  );
  return {
    import: importView(record, now),
    feeds: (read.data as FeedImportFeed[]).map(feedView),
    cursor: read.cursor,
  };
}

const COUNTER: Record<SettledFeedResult, "added" | "exists" | "notFeed" | "failed"> = {
  added: "added",
  exists: "exists",
  not_feed: "notFeed",
  failed: "failed",
};

export interface ProcessOptions {
  allowPrivateFeeds: boolean;
  /** A source one of the feeds made trusted: its past articles must enter search (the caller's part). */
  onTrusted?: (sourceId: string) => Promise<void>;
  /** Runs after each feed's result is written, with how many this run wrote (tests stop a run here). */
  afterFeed?: (written: number) => void | Promise<void>;
  /** How long this run checks feeds before handing the rest on (default `OPML_IMPORT.runBudgetMs`). */
  budgetMs?: number;
}

export type ProcessOutcome = "done" | "handed-on" | "ended";

/**
 * The import queue's work for an OPML import: checks the feeds still pending, a few at a time,
 * writing each one's result once with the import's counts; after its time budget it hands the
 * rest on to a new message. Delivered again after a crash, it checks only what is still pending;
 * an import that ended or was replaced is left alone. A failure of the store throws (the message
 * is delivered again); a feed whose check throws otherwise is written as failed.
 */
export async function processImport(
  userId: string,
  importId: string,
  options: ProcessOptions,
): Promise<ProcessOutcome> {
  const startedAt = Date.now();
  const budget = options.budgetMs ?? OPML_IMPORT.runBudgetMs;
  const running = await conditionally(
    FeedImportEntity.patch({ userId })
      .set({ status: "running", updatedAt: startedAt })
      .where(
        (attr, op) =>
          `${op.eq(attr.importId, importId)} AND (${op.eq(attr.status, "queued")} OR ${op.eq(attr.status, "running")})`,
      )
      .go(),
  );
  if (!running) return "ended";

  const pending = await pendingFeeds(userId, importId);
  const known = await Sources.knownFeeds();
  const importPrefix = `opml-${importId}-`;
  let next = 0;
  let written = 0;
  // The first failure among the feeds, as thrown (in a box, so no thrown value reads as none).
  let failure: { error: unknown } | undefined;

  const check = async (feed: FeedImportFeed) => {
    let outcome: Sources.ImportedOutcome;
    try {
      outcome = await Sources.addImported(
        userId,
        `${importPrefix}${feed.position}`,
        { url: feed.url, title: feed.title, htmlUrl: feed.htmlUrl, category: feed.category },
        {
          allowPrivateFeeds: options.allowPrivateFeeds,
          known,
          importPrefix,
          fetchTimeoutMs: OPML_IMPORT.fetchTimeoutMs,
        },
      );
    } catch (error) {
      if (error instanceof UnavailableError || isUnavailable(error)) throw error;
      log.error("opml import: a feed could not be checked", { importId, position: feed.position, error });
      outcome = { status: "failed", reason: OPML_MESSAGES.uncheckable };
    }
    const reason =
      outcome.status === "exists"
        ? outcome.reason === "same-import"
          ? OPML_MESSAGES.listedTwice
          : OPML_MESSAGES.addedBefore
        : "reason" in outcome
          ? outcome.reason
          : undefined;
    const now = Date.now();
    const result = await transact([
      FeedImportFeedEntity.patch({ userId, importId, position: feed.position })
        .set({
          status: outcome.status,
          settledAt: now,
          ...(reason ? { reason } : {}),
          ...("sourceId" in outcome ? { sourceId: outcome.sourceId, feedUrl: outcome.feedUrl } : {}),
        })
        .where((attr, op) => op.eq(attr.status, "pending")),
      FeedImportEntity.patch({ userId })
        .add({ done: 1, [COUNTER[outcome.status]]: 1 })
        .set({ updatedAt: now })
        .where((attr, op) => `${op.eq(attr.importId, importId)} AND ${op.eq(attr.status, "running")}`),
    ]);
    // Cancelled: another delivery wrote this feed's result first, or the import ended.
    if (result.canceled) return;
    written++;
    if (outcome.status === "added" && outcome.trustedSourceId) await options.onTrusted?.(outcome.trustedSourceId);
    await options.afterFeed?.(written);
  };

  const worker = async () => {
    while (!failure && next < pending.length && Date.now() - startedAt < budget) {
      const feed = pending[next++]!;
      try {
        await check(feed);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(OPML_IMPORT.concurrency, pending.length) }, worker));
  if (failure) throw failure.error;
  count("ImportRows", pending.length);

  if ((await pendingFeeds(userId, importId)).length > 0) {
    await enqueue(ImportQueue, [{ kind: "opml", userId, importId }]);
    return "handed-on";
  }
  await endImport(userId, importId, { status: "done" });
  count("Imports");
  return "done";
}

async function pendingFeeds(userId: string, importId: string): Promise<FeedImportFeed[]> {
  const { data } = await FeedImportFeedEntity.query
    .byUser({ userId, importId })
    .where((attr, op) => op.eq(attr.status, "pending"))
    .go({ pages: "all", consistent: true });
  return data.sort((a, b) => a.position - b.position);
}

/** Removes a deleted account's imports, their feeds' results and its import limit's count. */
export async function purgeImports(userId: string): Promise<void> {
  await RateLimit.purge(importLimit(userId).bucket);
  const { data: feeds } = await FeedImportFeedEntity.query
    .byUser({ userId })
    .go({ pages: "all", attributes: ["userId", "importId", "position"] });
  if (feeds.length > 0) {
    await FeedImportFeedEntity.delete(feeds.map((f) => ({ userId, importId: f.importId, position: f.position }))).go();
  }
  await FeedImportEntity.delete({ userId }).go();
}
