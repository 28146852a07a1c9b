import * as Articles from "../articles/index.ts";
import { isConditionFailure, utcDay } from "../../adapters/dynamo/index.ts";
import { badRequest } from "../../lib/errors/index.ts";
import * as Sources from "../sources/index.ts";
import { SearchBucket } from "../../adapters/blobs/index.ts";
import { SizedLru } from "./cache.ts";
import { parseQuery } from "./query.ts";
import { MIN_QUERY_LENGTH, MIN_QUERY_MESSAGE } from "./rules.ts";
import { pageNumber, Ranking, type SearchPage } from "./rank.ts";
import { planUnits } from "./plan.ts";
import { buildSegment, loadSegment, mergeSegments, type Segment } from "./segment.ts";
import { SearchSegmentEntity, type SearchSegment } from "./segment.entity.ts";
import { log } from "../../lib/observability/index.ts";

export { searchSegments, type SearchHit, type SearchPage } from "./rank.ts";
export * from "./rules.ts";
export { buildSegment, loadSegment, mergeSegments, type Segment, type SegmentArticle } from "./segment.ts";
export { planUnits } from "./plan.ts";

/**
 * Article search over day segments.
 *
 * Each UTC day of articles has its own index segment (see `segment.ts`), built when the day
 * receives articles and stored gzipped in the blob store under a new version; a day is rebuilt whole, never
 * edited, so a stored segment never changes and is cached by its version without checks. A
 * search function lists the live segments, lays each out for fast search, merges older days into
 * blocks (fewer look-ups per query), keeps as many as its memory budget allows (least recently
 * used go first) and fetches the rest when a query needs them, so the articles can outgrow one
 * function's memory. Queries read the newest segments first and stop as soon as older ones can
 * no longer change the page.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a search function trusts its list of segments before asking again. */
const LIST_TTL_MS = 5_000;
/** Units (a recent day, a block of older days) fetched ahead of the one being searched. */
const PREFETCH = 2;
/** A build holds its day this long at most (a builder that died frees it then). */
const LEASE_MS = 5 * 60 * 1000;
/**
 * Marks this recent when a build read its day stay set: the day index (a DynamoDB GSI) may not
 * show the newest articles yet, so the next build reads the day again.
 */
export const SETTLE_MS = 10_000;
/** A build run stops starting days after this long, leaving the rest to the next run. */
const BUILD_BUDGET_MS = 4 * 60 * 1000;
/**
 * A day built this recently waits for the next run: many ingestion batches finishing at once
 * cost one build a minute, not one each.
 */
export const MIN_REBUILD_MS = 60_000;

const segmentKey = (day: string, version: number) => `search/segments/${day}/${version}.json.gz`;
const dayPrefix = (day: string) => `search/segments/${day}/`;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

// ---------------------------------------------------------------------------------------------
// Marking and building

/** Records that these UTC days (`YYYY-MM-DD`) have articles their segments lack. */
export async function markDirty(days: Iterable<string>, now = Date.now()): Promise<void> {
  const distinct = [...new Set(days)].filter((day) => DAY.test(day));
  await Promise.all(
    distinct.map((day) =>
      SearchSegmentEntity.update({ day })
        .data((attr, op) => {
          op.set(attr.markedAt, now);
          op.ifNotExists(attr.dirtySince, now);
          op.ifNotExists(attr.version, 0);
          op.ifNotExists(attr.docs, 0);
          op.ifNotExists(attr.bytes, 0);
          op.ifNotExists(attr.builtAt, 0);
        })
        .go(),
    ),
  );
}

/** The UTC days from `from` to `to` inclusive (epoch ms), oldest first: for marking a range. */
export function daysBetween(from: number, to: number): string[] {
  const days: string[] = [];
  for (let t = Math.floor(from / DAY_MS) * DAY_MS; t <= to; t += DAY_MS) days.push(utcDay(t));
  return days;
}

export interface BuildReport {
  built: Array<{ day: string; version: number; docs: number; bytes: number }>;
  /** Days another builder holds, built less than a minute ago, or left for the next run. */
  skipped: string[];
  /** Days built but marked again meanwhile (or too recently to be sure): built again next run. */
  stillDirty: string[];
  /** Days whose build failed (logged); they stay dirty for the next run. */
  failed: string[];
}

/**
 * Rebuilds the segment of every day marked dirty, newest day first: reads the day's articles
 * (duplicates and untrusted sources' articles left out), indexes them, stores the gzipped index under a new version and makes
 * it live. Safe to run concurrently: a day is leased to one builder, a version goes live only
 * over the one its build started from, and marks that came during a build keep the day dirty.
 */
export async function buildDirtySegments(
  options: { settleMs?: number; minIntervalMs?: number; budgetMs?: number } = {},
): Promise<BuildReport> {
  const settleMs = options.settleMs ?? SETTLE_MS;
  const minIntervalMs = options.minIntervalMs ?? MIN_REBUILD_MS;
  const deadline = Date.now() + (options.budgetMs ?? BUILD_BUDGET_MS);
  const report: BuildReport = { built: [], skipped: [], stillDirty: [], failed: [] };
  const { data } = await SearchSegmentEntity.query
    .byDay({})
    .where((attr, op) => op.exists(attr.dirtySince))
    .go({ pages: "all" });
  const dirty = data.sort((a, b) => b.day.localeCompare(a.day));
  // Search is everyone's: sources not trusted yet stay out of it (trusting one marks its days).
  const untrusted = dirty.length > 0 ? await Sources.untrustedIds() : new Set<string>();
  for (const segment of dirty) {
    // Built a moment ago: left to the next run. A build time ahead of this clock (a clock that
    // ran ahead) is no reason to wait: waiting for it could leave the day unsearchable for hours.
    const sinceBuilt = Date.now() - segment.builtAt;
    if (Date.now() > deadline || (sinceBuilt >= 0 && sinceBuilt < minIntervalMs)) {
      report.skipped.push(segment.day);
      continue;
    }
    let outcome: DayOutcome;
    try {
      outcome = await buildDay(segment.day, settleMs, untrusted);
    } catch (error) {
      log.error("search: building a day failed", { day: segment.day, error });
      report.failed.push(segment.day);
      continue;
    }
    if (outcome.kind === "skipped") report.skipped.push(segment.day);
    else {
      report.built.push(outcome.built);
      if (outcome.stillDirty) report.stillDirty.push(segment.day);
    }
  }
  if (report.built.length > 0) listed = undefined;
  return report;
}

type DayOutcome = { kind: "skipped" } | { kind: "built"; built: BuildReport["built"][number]; stillDirty: boolean };

async function buildDay(day: string, settleMs: number, untrusted: ReadonlySet<string>): Promise<DayOutcome> {
  const leasedAt = Date.now();
  const leaseUntil = leasedAt + LEASE_MS;
  let leased: Partial<SearchSegment>;
  try {
    const { data } = await SearchSegmentEntity.patch({ day })
      .set({ leaseUntil })
      // Still dirty (a builder that just finished cleared it) and not held by another builder.
      .where(
        (attr, op) =>
          `${op.exists(attr.dirtySince)} AND (${op.notExists(attr.leaseUntil)} OR ${op.lt(attr.leaseUntil, leasedAt)})`,
      )
      .go({ response: "all_new" });
    leased = data;
  } catch (error) {
    if (isConditionFailure(error)) return { kind: "skipped" };
    throw error;
  }
  const previous = leased.version ?? 0;

  try {
    const readAt = Date.now();
    const articles = (await Articles.originalsOfDay(day)).filter((a) => !untrusted.has(a.sourceId));
    const version = Math.max(previous + 1, Date.now());
    let bytes = 0;
    if (articles.length > 0) {
      const body = buildSegment(articles);
      bytes = body.length;
      await SearchBucket.put(segmentKey(day, version), body, { contentType: "application/gzip" });
    }

    try {
      await SearchSegmentEntity.patch({ day })
        .set({ version, docs: articles.length, bytes, builtAt: readAt })
        .remove(["leaseUntil"])
        .where((attr, op) => op.eq(attr.version, previous))
        .go();
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // Another build went live meanwhile (this one outlived its lease): it stands.
      // Garbage only (nothing refers to it); the next build of the day removes it if this fails.
      if (bytes > 0)
        await SearchBucket.delete(segmentKey(day, version)).catch((e: unknown) =>
          log.error("search: removing an unused build failed", { day, error: e }),
        );
      return { kind: "skipped" };
    }

    let stillDirty = false;
    try {
      await SearchSegmentEntity.patch({ day })
        .remove(["dirtySince", "markedAt"])
        .where((attr, op) => `${op.notExists(attr.markedAt)} OR ${op.lte(attr.markedAt, readAt - settleMs)}`)
        .go();
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      stillDirty = true;
    }

    await removeOldBuilds(day, previous, version).catch((error: unknown) =>
      log.error("search: removing old builds failed", { day, error }),
    );
    return { kind: "built", built: { day, version, docs: articles.length, bytes }, stillDirty };
  } catch (error) {
    await SearchSegmentEntity.patch({ day })
      .remove(["leaseUntil"])
      .where((attr, op) => op.eq(attr.leaseUntil, leaseUntil))
      .go()
      .catch((release: unknown) => {
        // The build's own failure is what the caller must see; an unreleased lease lapses by itself.
        if (!isConditionFailure(release)) log.error("search: releasing a day's lease failed", { day, error: release });
      });
    throw error;
  }
}

/**
 * Deletes a day's builds older than the one just replaced: that one stays, for searches that
 * listed the segments a moment ago.
 */
async function removeOldBuilds(day: string, previous: number, current: number): Promise<void> {
  const keep = new Set([segmentKey(day, previous), segmentKey(day, current)]);
  const keys = await SearchBucket.list(dayPrefix(day));
  await Promise.all(keys.filter((key) => !keep.has(key)).map((key) => SearchBucket.delete(key)));
}

// ---------------------------------------------------------------------------------------------
// Searching

/**
 * How much memory a search function gives to segments: a share of what it has (Lambda says
 * how much), leaving room for the segment being read and everything else.
 */
function defaultCacheBytes(): number {
  const memoryMb = Number(process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE) || 1024;
  return Math.floor(memoryMb * 1024 * 1024 * 0.4);
}

const cache = new SizedLru<Segment>(defaultCacheBytes());
const loading = new Map<string, Promise<Segment | undefined>>();
/** The cache key each unit (a recent day, a block of older days) was last read under. */
const unitKeys = new Map<string, string>();
let listed: { at: number; segments: SearchSegment[] } | undefined;

/** Sets the segment cache's bound (bytes of memory), evicting at once if need be. */
export function configureSearchCache(options: { maxBytes: number }): void {
  cache.maxSize = options.maxBytes;
  cache.shrink();
}

/** What the segment cache holds and has done, for tests and monitoring. */
export function searchCacheStats() {
  return {
    maxBytes: cache.maxSize,
    bytes: cache.size,
    units: cache.count,
    loads: cache.loads,
    hits: cache.hits,
    evictions: cache.evictions,
  };
}

/** Forgets the cached segment list and segments (the next search lists and fetches again). */
export function resetSearchCache(): void {
  cache.clear();
  unitKeys.clear();
  listed = undefined;
}

/** The live segments with articles, newest day first. */
async function liveSegments(fresh = false): Promise<SearchSegment[]> {
  const now = Date.now();
  if (!fresh && listed && now - listed.at >= 0 && now - listed.at < LIST_TTL_MS) return listed.segments;
  const { data } = await SearchSegmentEntity.query.byDay({}).go({ pages: "all" });
  const segments = data.filter((s) => s.version > 0 && s.docs > 0).sort((a, b) => b.day.localeCompare(a.day));
  listed = { at: now, segments };
  return segments;
}

type Live = Pick<SearchSegment, "day" | "version">;

/** Builds found unreadable by this process: each is reported and sent for rebuilding once. */
const unreadable = new Set<string>();

/**
 * A day's segment as stored, or undefined when that build is gone (replaced since it was listed)
 * or cannot be read (corrupt): such a build is logged and its day marked for rebuilding, and
 * searches answer from the other segments meanwhile.
 */
async function fetchSegment(segment: Live): Promise<Segment | undefined> {
  let key = segmentKey(segment.day, segment.version);
  let bytes = await SearchBucket.get(key);
  if (!bytes) {
    const current = (await liveSegments(true)).find((s) => s.day === segment.day);
    if (current && current.version !== segment.version) {
      key = segmentKey(current.day, current.version);
      bytes = await SearchBucket.get(key);
    }
  }
  if (!bytes) return undefined;
  try {
    return loadSegment(bytes);
  } catch (error) {
    if (!unreadable.has(key)) {
      unreadable.add(key);
      log.error("search: a segment cannot be read; searching without it until it is rebuilt", { key, error });
      await markDirty([segment.day]).catch((e: unknown) => {
        unreadable.delete(key);
        log.error("search: marking a day for rebuilding failed; the next read tries again", {
          day: segment.day,
          error: e,
        });
      });
    }
    return undefined;
  }
}

/**
 * What a search reads as one segment (a recent day, or a block of older days merged), from the
 * cache or fetched and merged (once, however many searches want it at the same time).
 */
function unitOf(members: readonly Live[]): Promise<Segment | undefined> {
  const key = members.map((m) => `${m.day}@${m.version}`).join("+");
  const id = members.length === 1 ? members[0]!.day : `block ${members[members.length - 1]!.day}`;
  const previous = unitKeys.get(id);
  if (previous !== key) {
    if (previous !== undefined) cache.delete(previous);
    unitKeys.set(id, key);
  }
  const cached = cache.get(key);
  if (cached) return Promise.resolve(cached);
  let pending = loading.get(key);
  if (!pending) {
    pending = Promise.all(members.map((m) => fetchSegment(m)))
      .then((parts) => {
        const present = parts.filter((p): p is Segment => p !== undefined);
        if (present.length === 0) return undefined;
        const unit = mergeSegments(present);
        // A unit whose build vanished is used once, not kept: the next listing names the new one.
        if (present.length === parts.length) cache.set(key, unit, unit.bytes);
        return unit;
      })
      .finally(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

/**
 * Full-text search over every article, 50 a page (page 1 first). Relevance first — all words
 * above some, the exact phrase above scattered words, words in the title above words in the
 * body, the word being typed matching as a prefix — then newer above older. A query shorter than
 * two characters is refused; any other text, punctuation and symbols included, is a query.
 * `coverageMs` keeps to articles published that recently (the searcher's plan's coverage).
 */
export async function searchArticles(
  q: string,
  page: number,
  { coverageMs = Number.POSITIVE_INFINITY, now = Date.now() }: { coverageMs?: number; now?: number } = {},
): Promise<SearchPage> {
  const text = (q ?? "").trim();
  if (text.length < MIN_QUERY_LENGTH) throw badRequest(MIN_QUERY_MESSAGE);
  const since = now - coverageMs;
  const ranking = new Ranking(parseQuery(text), pageNumber(page), since);
  if (ranking.satisfied) return ranking.result();

  // Days wholly before the coverage's start are not read at all.
  const firstDay = Number.isFinite(since) ? new Date(since).toISOString().slice(0, 10) : "";
  const units = planUnits((await liveSegments()).filter((s) => s.day >= firstDay));
  for (let i = 0; i < units.length && !ranking.satisfied; i++) {
    for (let j = i + 1; j < Math.min(units.length, i + 1 + PREFETCH); j++)
      void unitOf(units[j]!).catch(() => undefined);
    const unit = await unitOf(units[i]!);
    if (unit) ranking.add(unit);
  }
  return ranking.result();
}
