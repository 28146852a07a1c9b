import { conditionally, type WriteOp } from "../../adapters/dynamo/index.ts";
import { count } from "../../lib/observability/index.ts";
import { SourceEntity, type Source } from "./source.entity.ts";

/** When sources are fetched: adapted intervals within bounds, failures backed off. */
export const FETCH_POLICY = {
  minIntervalSeconds: 15 * 60,
  maxIntervalSeconds: 24 * 60 * 60,
  maxBackoffSeconds: 24 * 60 * 60,
  /** A message redelivered this soon after a fetch does not fetch again. */
  refetchGuardMs: 60_000,
  /**
   * Items taken from one fetch, newest first: a feed of 10,000 items is neither held whole
   * nor stored whole (a source publishing more than this between two fetches loses the rest).
   */
  maxItemsPerFetch: 200,
  /** A source failing this long (since its last success, or since it was added) is paused. */
  pauseAfterMs: 30 * 24 * 60 * 60 * 1000,
  /** A paused source is tried again this often; one success resumes it. */
  pausedRetryMs: 7 * 24 * 60 * 60 * 1000,
} as const;

/**
 * Records a fetch that worked (new items or not modified): healthy again (a paused source
 * resumes), next fetch after the interval.
 */
export async function recordFetched(
  source: Source,
  now: number,
  intervalSeconds: number,
  extra: { etag?: string; lastModified?: string; added?: number; matched?: string[] } = {},
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
  const counted = extra.added ? update.add({ articleCount: extra.added }) : update;
  // The articles this fetch stored and matched are off the list of those not matched yet.
  const withCount = extra.matched?.length ? counted.delete({ unindexed: extra.matched }) : counted;
  const stale = [
    ...(source.lastError ? (["lastError"] as const) : []),
    ...(source.pausedAt ? (["pausedAt"] as const) : []),
  ];
  // Retired while it was fetched: the record is dropped, so it stays retired (never due again).
  await conditionally((stale.length > 0 ? withCount.remove(stale) : withCount).where(notRetired).go());
}

/** The source is still read: a fetch that ends after its source left the catalogue never makes it due again. */
const notRetired = (attr: { retiredAt: unknown }, op: { notExists(attribute: unknown): string }) =>
  op.notExists(attr.retiredAt);

/**
 * Records a failed fetch: health and last error kept, the next try backed off (never given up).
 * A source failing for `pauseAfterMs` since its last success (or since it was added) is paused,
 * not deleted: tried again weekly until a fetch works.
 */
export async function recordFailure(source: Source, now: number, error: string, retryAfterSeconds?: number) {
  const failures = source.consecutiveFailures + 1;
  const backoff = Math.min(FETCH_POLICY.maxBackoffSeconds, source.intervalSeconds * 2 ** Math.min(failures, 10));
  const wait = Math.max(backoff, retryAfterSeconds ?? 0) * 1000;
  const paused = now - (source.lastSuccessAt ?? source.createdAt) >= FETCH_POLICY.pauseAfterMs;
  await conditionally(
    SourceEntity.patch({ sourceId: source.sourceId })
      .set({
        lastError: error.slice(0, 500),
        consecutiveFailures: failures,
        lastFetchedAt: now,
        ...(paused
          ? {
              health: "paused",
              pausedAt: source.pausedAt ?? now,
              nextFetchAt: now + Math.max(wait, FETCH_POLICY.pausedRetryMs),
            }
          : { health: "failing", nextFetchAt: now + wait }),
      })
      .where(notRetired)
      .go(),
  );
  if (paused && source.pausedAt === undefined) count("FeedsPaused");
}

/** Paused sources, each with its last error, for an operator to look into. */
export async function paused(): Promise<Source[]> {
  const { data } = await SourceEntity.query.byHealth({ health: "paused" }).go({ pages: "all" });
  return data.sort((a, b) => (a.pausedAt ?? 0) - (b.pausedAt ?? 0));
}

/**
 * Notes articles as stored and not matched yet: written in the transaction that stores them, so
 * a crash before they are matched leaves them listed for the source's next ingest.
 */
export function noteUnmatched(sourceId: string, articleIds: string[]): WriteOp {
  return SourceEntity.patch({ sourceId }).add({ unindexed: articleIds });
}

/** Takes articles off the list of those not matched yet (once matched, or gone). */
export async function clearUnmatched(sourceId: string, articleIds: string[]): Promise<void> {
  if (articleIds.length === 0) return;
  await conditionally(SourceEntity.patch({ sourceId }).delete({ unindexed: articleIds }).go());
}
