import { currentMatcher } from "../topics/dictionary.ts";
import { indexArticle } from "../articles/postings.ts";
import { storeArticle } from "../articles/store.ts";
import { guardedFetch } from "../ingest/http.ts";
import { markDirty } from "../search/index.ts";
import { FeedParseError, parseFeed, type ParsedItem } from "../ingest/parse.ts";
import { SourceEntity, type Source } from "./source.entity.ts";

export const FETCH_POLICY = {
  minIntervalSeconds: 15 * 60,
  maxIntervalSeconds: 24 * 60 * 60,
  maxBackoffSeconds: 24 * 60 * 60,
  /** A message redelivered this soon after a fetch does not fetch again. */
  refetchGuardMs: 60_000,
} as const;

export interface IngestReport {
  sourceId: string;
  status: "ok" | "not-modified" | "failed" | "skipped" | "missing";
  added: number;
  duplicates: number;
  matched: number;
  error?: string;
}

/**
 * Fetches one source politely and stores what is new: conditional GET, failures backed off
 * (never given up: health and last error are stored), the interval adapted to how often the
 * source publishes, every new article matched once against the dictionary.
 */
export async function ingestSource(sourceId: string, options: { allowPrivateFeeds: boolean }): Promise<IngestReport> {
  const report: IngestReport = { sourceId, status: "ok", added: 0, duplicates: 0, matched: 0 };
  const { data: source } = await SourceEntity.get({ sourceId }).go();
  if (!source) return { ...report, status: "missing" };
  const now = Date.now();
  if (source.lastFetchedAt && now - source.lastFetchedAt < FETCH_POLICY.refetchGuardMs && source.nextFetchAt > now) {
    return { ...report, status: "skipped" };
  }

  const outcome = await guardedFetch(source.feedUrl, {
    etag: source.etag,
    lastModified: source.lastModified,
    allowPrivate: source.trusted || options.allowPrivateFeeds,
  });

  if (outcome.kind === "not-modified") {
    await healthy(source, now, source.intervalSeconds);
    return { ...report, status: "not-modified" };
  }
  if (outcome.kind === "error") {
    await failed(source, now, outcome.error, outcome.retryAfterSeconds);
    return { ...report, status: "failed", error: outcome.error };
  }

  let items: ParsedItem[];
  try {
    items = (await parseFeed(outcome.body, outcome.finalUrl)).items;
  } catch (error) {
    const message =
      error instanceof FeedParseError ? error.message : `could not parse the feed: ${(error as Error).message}`;
    await failed(source, now, message);
    return { ...report, status: "failed", error: message };
  }

  const matcher = await currentMatcher();
  const days = new Set<string>();
  for (const item of items) {
    try {
      const stored = await storeArticle(source, item, now);
      if (stored.status === "new") {
        report.added++;
        days.add(stored.article.day);
        if ((await indexArticle(stored.article, matcher)).length > 0) report.matched++;
      } else if (stored.status === "duplicate") report.duplicates++;
    } catch (error) {
      // One bad item never costs the others; it is tried again with the next fetch.
      console.error(`[ingest ${sourceId}] item ${item.guid} failed`, error);
    }
  }
  // The search segments of these days lack the new articles until rebuilt.
  if (days.size > 0) await markDirty(days);

  await healthy(source, now, adaptedInterval(source.intervalSeconds, items), {
    etag: outcome.etag,
    lastModified: outcome.lastModified,
    added: report.added,
  });
  return report;
}

async function healthy(
  source: Source,
  now: number,
  intervalSeconds: number,
  extra: { etag?: string; lastModified?: string; added?: number } = {},
) {
  const update = SourceEntity.patch({ sourceId: source.sourceId }).set({
    health: "ok",
    consecutiveFailures: 0,
    lastFetchedAt: now,
    lastSuccessAt: now,
    intervalSeconds,
    nextFetchAt: now + intervalSeconds * 1000,
    ...(extra.etag ? { etag: extra.etag } : {}),
    ...(extra.lastModified ? { lastModified: extra.lastModified } : {}),
  });
  const withCount = extra.added ? update.add({ articleCount: extra.added }) : update;
  await (source.lastError ? withCount.remove(["lastError"]) : withCount).go();
}

async function failed(source: Source, now: number, error: string, retryAfterSeconds?: number) {
  const failures = source.consecutiveFailures + 1;
  const backoff = Math.min(FETCH_POLICY.maxBackoffSeconds, source.intervalSeconds * 2 ** Math.min(failures, 10));
  const wait = Math.max(backoff, retryAfterSeconds ?? 0);
  await SourceEntity.patch({ sourceId: source.sourceId })
    .set({
      health: "failing",
      lastError: error.slice(0, 500),
      consecutiveFailures: failures,
      lastFetchedAt: now,
      nextFetchAt: now + wait * 1000,
    })
    .go();
}

/**
 * Half the typical gap between recent items, within bounds: a source posting hourly is read
 * every half hour, one posting weekly once a day.
 */
export function adaptedInterval(current: number, items: ParsedItem[]): number {
  const times = items
    .map((i) => i.publishedAt)
    .filter((t): t is number => typeof t === "number")
    .sort((a, b) => b - a)
    .slice(0, 10);
  if (times.length < 2) return current;
  const gaps = times
    .slice(1)
    .map((t, i) => (times[i]! - t) / 1000)
    .sort((a, b) => a - b);
  const median = gaps[Math.floor(gaps.length / 2)]!;
  return Math.round(Math.min(FETCH_POLICY.maxIntervalSeconds, Math.max(FETCH_POLICY.minIntervalSeconds, median / 2)));
}
