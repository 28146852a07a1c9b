import { getMany, isConditionFailure } from "../../adapters/dynamo/index.ts";
import type { PhraseMatcher } from "../../lib/matching/index.ts";
import * as Topics from "../topics/index.ts";
import * as Vocabulary from "../vocabulary/index.ts";
import type { Article } from "./article.entity.ts";
import { PostingBucketEntity } from "./posting-bucket.entity.ts";
import { PostingPeriodsEntity } from "./posting-periods.entity.ts";
import { mapLimited } from "../../lib/util/index.ts";

/**
 * Postings live in buckets, one per topic phrase per three-hour UTC period of publication, so a
 * refresh reads a few items per topic rather than one item per match, and need not read much
 * more than it keeps: it reads whole periods, and a period is an eighth of a busy day (six-hour
 * periods made a refresh read about twice the lines it kept, and most of its time was reading).
 *
 * A bucket is a run of pages (items). A page holds its matches as compact lines, one element
 * of `log` each; a write adds a line only if the page holds no equal line, so indexing an
 * article again adds nothing (a line is fixed by the article and the phrase). Once a page is
 * full it is sealed: its lines become one string (`packed`), the cheapest thing to read, and
 * it never changes again. A refresh asks for exactly the pages it needs, all topics in a few
 * batched requests: page 0 of the two newest periods is where most topics find enough (a
 * bucket's page 0 counts its pages), and PostingPeriods lists each phrase's older periods and
 * their page counts.
 *
 * The bound: a page takes lines only while the bytes they take stay within PAGE_BYTES — the
 * condition of the very write that adds them — and lines that do not fit go to the next
 * page. A line's bytes are counted from above (its text and DynamoDB's per-element
 * overhead), so a page's lines take at most 8 KB; with its keys (a phrase is a partition key,
 * at most 2 KB) an item stays under 12 KB, far within DynamoDB's 400 KB item limit however
 * busy the phrase. Small pages also keep appends cheap, as DynamoDB charges a write by the
 * whole item's size. A period of one phrase holds up to MAX_PAGES pages: over a hundred
 * matches a page at typical sizes, a hundred thousand a period.
 *
 * An article that does not name a phrase but carries enough of its strong terms (see
 * vocabulary) is a related match: its line has `r` where the title count stands and the terms
 * that carried it where the body count stands, so lines written before stay as they were.
 */
export const PAGE_BYTES = 8 * 1024;
const MAX_PAGES = 1000;
/** Bytes counted per line besides its text: DynamoDB's per-element overhead, rounded up. */
const ENTRY_OVERHEAD = 8;
/** The least a line costs (a short article id and source): a page with less room is full. */
const MIN_ENTRY_COST = 24;
/**
 * Lines one write adds at most: each takes about 40 characters of the write's condition,
 * which DynamoDB caps at 4 KB.
 */
const ENTRIES_PER_WRITE = 50;
/** Pages a writer looks at in its first request (BatchGetItem takes up to 100 keys). */
const PROBE_PAGES = 16;
/** Buckets a backfill writes at once. */
const WRITE_CONCURRENCY = 8;
/** Batch reads a refresh has in flight at once, 100 keys each. */
const READ_CONCURRENCY = 4;

export interface Posting {
  phrase: string;
  articleId: string;
  sourceId: string;
  publishedAt: number;
  inTitle: boolean;
  titleCount: number;
  bodyCount: number;
  /** A related match: the phrase's strong terms that carried it (the article does not name the phrase). */
  via?: string[];
}

const PERIOD_MS = 3 * 60 * 60 * 1000;
/** The three-hour UTC period of a time, named by its first hour (`YYYY-MM-DDTHH`): names sort as times do. */
const periodOf = (epochMs: number) => new Date(Math.floor(epochMs / PERIOD_MS) * PERIOD_MS).toISOString().slice(0, 13);

type Facts = Pick<Posting, "articleId" | "sourceId" | "publishedAt" | "titleCount" | "bodyCount" | "via">;

/** Marks a related match where a line has its title count. */
const RELATED = "r";

/**
 * A match as one line: article, publication time (base 36), title and body counts (or `r` and
 * the related terms, comma-separated), source (last, so it may hold spaces).
 */
function lineOf(f: Facts): string {
  if (f.sourceId.includes("\n") || f.articleId.includes(" ")) {
    throw new Error(`An article id or source id that cannot be stored in a posting line: ${f.articleId}`);
  }
  const counts = f.via ? `${RELATED} ${f.via.join(",")}` : `${f.titleCount} ${f.bodyCount}`;
  return `${f.articleId} ${f.publishedAt.toString(36)} ${counts} ${f.sourceId}`;
}

/**
 * Adds the postings in `text` (lines) published at or after `since` to `into`, each article
 * once: a line changes only if the rules of matching change between two indexings of the same
 * article, and then the first line read stands.
 */
function readLines(phrase: string, text: string, since: number, into: Posting[], seen: Set<string>): void {
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    const a = text.indexOf(" ", start);
    const b = text.indexOf(" ", a + 1);
    const publishedAt = parseInt(text.slice(a + 1, b), 36);
    const articleId = text.slice(start, a);
    if (publishedAt >= since && !seen.has(articleId)) {
      seen.add(articleId);
      const c = text.indexOf(" ", b + 1);
      const d = text.indexOf(" ", c + 1);
      const sourceId = text.slice(d + 1, end);
      if (text.slice(b + 1, c) === RELATED) {
        const via = text.slice(c + 1, d).split(",");
        into.push({ phrase, articleId, publishedAt, titleCount: 0, bodyCount: 0, inTitle: false, sourceId, via });
      } else {
        const titleCount = Number(text.slice(b + 1, c));
        into.push({
          phrase,
          articleId,
          publishedAt,
          titleCount,
          bodyCount: Number(text.slice(c + 1, d)),
          inTitle: titleCount > 0,
          sourceId,
        });
      }
    }
    start = end + 1;
  }
}

/**
 * Matches an article once against the dictionary and adds it to the bucket of every matched
 * phrase, keeping where it matched (title or body) so a feed can score and explain it. Adding
 * an article again (a retried job, a backfill) changes nothing and counts nothing again.
 */
export async function indexArticle(
  article: Article,
  matcher: PhraseMatcher,
  options: IndexOptions = {},
): Promise<string[]> {
  return (await indexArticles([article], matcher, options)).get(article.articleId) ?? [];
}

export interface IndexOptions {
  /** Also matches each article through phrases' strong terms (related matches), in the same pass. */
  related?: Vocabulary.RelatedMatcher;
  /** Writes only the related matches (matching recent articles again through changed terms). */
  relatedOnly?: boolean;
}

/**
 * Indexes many articles at once (a backfill), writing each bucket's new entries together, up
 * to ENTRIES_PER_WRITE a request. Answers the phrases each article matched by name.
 */
export async function indexArticles(
  articles: Article[],
  matcher: PhraseMatcher,
  options: IndexOptions = {},
): Promise<Map<string, string[]>> {
  const matched = new Map<string, string[]>();
  const buckets = new Map<string, { phrase: string; period: string; entries: Entry[]; related: boolean }>();
  const add = (phrase: string, period: string, entry: Entry, related: boolean) => {
    const id = `${phrase}\u0000${period}\u0000${related ? RELATED : ""}`;
    let bucket = buckets.get(id);
    if (!bucket) buckets.set(id, (bucket = { phrase, period, entries: [], related }));
    bucket.entries.push(entry);
  };
  for (const article of articles) {
    if (article.duplicateOf) continue;
    // Related matches only where they are wanted: tokenised once for both matchers.
    const wanted = options.related && options.related.size > 0 ? options.related : undefined;
    const { named: matches, related } = Vocabulary.matchArticle(article, matcher, wanted);
    const period = periodOf(article.publishedAt);
    if (matches.length > 0) {
      matched.set(
        article.articleId,
        matches.map((m) => m.phrase),
      );
    }
    if (!options.relatedOnly) {
      for (const m of matches) {
        add(m.phrase, period, entryOf({ ...article, titleCount: m.titleCount, bodyCount: m.bodyCount }), false);
      }
    }
    for (const r of related) {
      // Only phrases someone follows (in the dictionary) get postings, as matches by name do.
      if (!matcher.has(r.phrase)) continue;
      add(r.phrase, period, entryOf({ ...article, titleCount: 0, bodyCount: 0, via: r.terms }), true);
    }
  }
  const list = [...buckets.values()];
  const added = await mapLimited(list, WRITE_CONCURRENCY, (b) => addToBucket(b.phrase, b.period, b.entries));
  // Rarity counts each article once per phrase it names, however often it was indexed.
  await Topics.countPostings(list.flatMap((b, i) => (b.related ? [] : Array<string>(added[i]!).fill(b.phrase))));
  return matched;
}

interface Entry {
  articleId: string;
  line: string;
  /** Bytes it takes on a page, counted from above. */
  cost: number;
}

function entryOf(facts: Facts): Entry {
  const line = lineOf(facts);
  return { articleId: facts.articleId, line, cost: Buffer.byteLength(line) + ENTRY_OVERHEAD };
}

type PageKey = { phrase: string; period: string; page: number };
const costOf = (entries: Entry[]) => entries.reduce((sum, e) => sum + e.cost, 0);

/**
 * Adds entries to a bucket; answers how many were new there. Every write is one atomic
 * conditional update (or create) of one page, so parallel writers never lose each other's
 * lines, no page passes its budget, and a write fails whole if any of its lines is on the
 * page already.
 *
 * No duplicates across pages: an entry goes on the first page that can take it alone, and
 * only after a look at the bucket's pages (consistent reads) found its article on none. A
 * page that could not take it alone never will (pages only fill up), so a write of it to a
 * later page cannot race with a write of the same article to an earlier one; writes racing
 * for the same page meet in one item. Adding an article again finds it where it is.
 */
async function addToBucket(phrase: string, period: string, entries: Entry[]): Promise<number> {
  const unique = [...new Map(entries.map((e) => [e.articleId, e])).values()];
  let added = 0;
  for (let i = 0; i < unique.length; i += ENTRIES_PER_WRITE) {
    added += await addChunk(phrase, period, unique.slice(i, i + ENTRIES_PER_WRITE));
  }
  return added;
}

async function addChunk(phrase: string, period: string, chunk: Entry[]): Promise<number> {
  const bucket = `${phrase}\u0000${period}`;
  // A bucket that is one page with room takes them in one write. (An article already on a
  // later page went there because this page could not take it, and never will.)
  if (!firstPageFull.has(bucket) && (await append({ phrase, period, page: 0 }, chunk))) return chunk.length;
  let added = 0;
  let pending = chunk;
  while (pending.length > 0) {
    const pages = await probe(phrase, period);
    if (pages[0] && (pages[0].sealed || pages[0].bytes > PAGE_BYTES - MIN_ENTRY_COST)) rememberFull(bucket);
    pending = pending.filter((e) => !pages.some((p) => p.holds.has(e.articleId)));
    if (pending.length === 0) break;
    // Pages that cannot take even the smallest of these are full: sealed, they read as one string.
    const smallest = Math.min(...pending.map((e) => e.cost));
    await Promise.all(
      pages
        .filter((p) => !p.sealed && smallest > PAGE_BYTES - p.bytes)
        .map((p) => seal({ phrase, period, page: p.page })),
    );
    const byPage = new Map<number, Entry[]>();
    for (const e of pending) {
      const page = pages.find((p) => !p.sealed && e.cost <= PAGE_BYTES - p.bytes)?.page ?? pages.length;
      byPage.set(page, [...(byPage.get(page) ?? []), e]);
    }
    for (const [page, those] of byPage) {
      const batch = fitting(those, PAGE_BYTES - (pages[page]?.bytes ?? 0));
      const key = { phrase, period, page };
      // A write that fails here lost a race: the next look at the pages settles it.
      if (page < pages.length ? await append(key, batch) : await createPage(key, batch)) {
        added += batch.length;
        pending = pending.filter((e) => !batch.includes(e));
      }
    }
  }
  return added;
}

/**
 * Buckets whose first page takes nothing more: their writers go straight to looking at the
 * pages. Only a shortcut (pages only fill up); bounded, and dropped whole when full.
 */
const firstPageFull = new Set<string>();
function rememberFull(bucket: string) {
  if (firstPageFull.size >= 100_000) firstPageFull.clear();
  firstPageFull.add(bucket);
}

/** The longest run of `entries` (at least one) whose cost stays within `room`. */
function fitting(entries: Entry[], room: number): Entry[] {
  let total = 0;
  let count = 0;
  while (count < entries.length && (count === 0 || total + entries[count]!.cost <= room))
    total += entries[count++]!.cost;
  return entries.slice(0, count);
}

/** Adds lines to an open page with room for all of them and none of them on it yet; false if not. */
async function append(key: PageKey, entries: Entry[]): Promise<boolean> {
  const cost = costOf(entries);
  try {
    await PostingBucketEntity.update(key)
      .data((attr, op) => {
        op.append(
          attr.log,
          entries.map((e) => e.line),
        );
        op.add(attr.bytes, cost);
      })
      .where((attr, op) =>
        [
          op.notExists(attr.sealed),
          op.lte(attr.bytes, PAGE_BYTES - cost),
          ...entries.map((e) => op.notContains(attr.log, e.line)),
        ].join(" AND "),
      )
      .go({ response: "none" });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Creates the next page of a bucket holding `entries`, counted first in PostingPeriods and on
 * the bucket's page 0; false if it exists.
 */
async function createPage(key: PageKey, entries: Entry[]): Promise<boolean> {
  await recordPages(key.phrase, key.period, key.page + 1);
  if (key.page > 0) {
    await PostingBucketEntity.update({ ...key, page: 0 })
      .set({ pages: key.page + 1 })
      .where(
        (attr, op) =>
          `${op.exists(attr.bytes)} AND (${op.notExists(attr.pages)} OR ${op.lt(attr.pages, key.page + 1)})`,
      )
      .go({ response: "none" })
      .catch((error: unknown) => {
        // It counts as many pages already.
        if (!isConditionFailure(error)) throw error;
      });
  }
  try {
    await PostingBucketEntity.create({ ...key, log: entries.map((e) => e.line), bytes: costOf(entries) }).go({
      response: "none",
    });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Seals a full page: its lines become one string and it takes nothing more. Only if nothing
 * was added since its lines were read; else a later writer seals it.
 */
async function seal(key: PageKey): Promise<void> {
  const { data } = await PostingBucketEntity.get(key).go({
    consistent: true,
    attributes: ["log", "bytes", "sealed"],
  });
  if (!data || data.sealed) return;
  // Every append adds to `bytes`: unchanged, the page holds just the lines read.
  await PostingBucketEntity.update(key)
    .set({ packed: data.log.join("\n"), log: [], sealed: true })
    .where((attr, op) => `${op.notExists(attr.sealed)} AND ${op.eq(attr.bytes, data.bytes)}`)
    .go({ response: "none" })
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/** Records in PostingPeriods that a phrase's bucket of `period` has (at least) `pages` pages. */
async function recordPages(phrase: string, period: string, pages: number): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await PostingPeriodsEntity.update({ phrase })
        .data((attr, op) => op.set(attr.periods[period], pages))
        .where(
          (attr, op) =>
            `${op.exists(attr.periods)} AND (${op.notExists(attr.periods[period])} OR ${op.lt(attr.periods[period], pages)})`,
        )
        .go({ response: "none" });
      return;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    // No list of periods yet — or it counts as many pages already, which the create tells.
    try {
      await PostingPeriodsEntity.create({ phrase, periods: { [period]: pages } }).go({ response: "none" });
      return;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  // It exists and refused the update twice: it counts as many pages already.
}

/**
 * The bucket's pages, from the first to the last, each with its fill level and the articles
 * it holds (consistent reads, so a line written a moment ago is seen): a few pages in the
 * first request, as many as a request takes in the next.
 */
async function probe(
  phrase: string,
  period: string,
): Promise<Array<{ page: number; bytes: number; sealed: boolean; holds: Set<string> }>> {
  type Probed = { page: number; bytes: number; sealed?: boolean; log?: string[]; packed?: string };
  const pages: Array<{ page: number; bytes: number; sealed: boolean; holds: Set<string> }> = [];
  for (let from = 0, size = PROBE_PAGES; from < MAX_PAGES; from += size, size = 100) {
    const wanted = Array.from({ length: Math.min(size, MAX_PAGES - from) }, (_, i) => from + i);
    const items = await getMany<Probed>(
      PostingBucketEntity,
      wanted.map((page) => ({ phrase, period, page })),
      ["page", "bytes", "sealed", "log", "packed"],
      { consistent: true },
    );
    const found = new Map(items.map((item) => [item.page, item]));
    for (const page of wanted) {
      const item = found.get(page);
      // Pages are created in order: the first missing one is where the bucket ends.
      if (!item) return pages;
      const holds = new Set<string>();
      for (const text of [item.packed ?? "", ...(item.log ?? [])]) {
        for (const line of text.split("\n")) if (line) holds.add(line.slice(0, line.indexOf(" ")));
      }
      pages.push({ page, bytes: item.bytes, sealed: item.sealed === true, holds });
    }
  }
  return pages;
}

/**
 * The newest `perPhrase` postings of each phrase published at or after `since` (newest first,
 * by publication then article id), read whole period by whole period, newest first, until a
 * phrase has `perPhrase` (older periods cannot hold anything newer) or no periods left in the
 * window. All phrases' pages are asked for together, 100 a request, reading only the lines:
 * first page 0 of the two newest periods (guessed from `now`: enough for most topics), then,
 * for the phrases that need more, their lists of periods, then the pages of as many older
 * periods as the ones read suggest are missing. A page 0 that tells of more pages has them
 * read before its period counts.
 */
export async function postingsFor(
  phrases: string[],
  since: number,
  perPhrase: number,
  now = Date.now(),
): Promise<Map<string, Posting[]>> {
  const found = new Map<string, Posting[]>(phrases.map((phrase) => [phrase, []]));
  if (phrases.length === 0 || perPhrase <= 0) return found;
  const sincePeriod = periodOf(since);
  const guessed = [periodOf(now), periodOf(now - PERIOD_MS)].filter((p) => p >= sincePeriod);
  let readers: Reader[] = [...found].map(([phrase, postings]) => ({
    phrase,
    postings,
    seen: new Set<string>(),
    queue: guessed.map((period) => ({ period, pages: 1 })),
    read: new Set<string>(),
    listed: false,
  }));
  for (let round = 0; ; round++) {
    readers = readers.filter((r) => r.postings.length < perPhrase);
    // Those that have read all they knew of learn their periods in the window.
    const unlisted = readers.filter((r) => r.queue.length === 0 && !r.listed);
    if (unlisted.length > 0) {
      const lists = await untilProcessed(
        unlisted.map((r) => ({ phrase: r.phrase })),
        (keys) =>
          PostingPeriodsEntity.get(keys).go({ attributes: ["phrase", "periods"], concurrent: READ_CONCURRENCY }),
      );
      const byPhrase = new Map(lists.map((l) => [l.phrase, l.periods as Record<string, number>]));
      for (const r of unlisted) {
        r.listed = true;
        r.queue = Object.entries(byPhrase.get(r.phrase) ?? {})
          .filter(([period]) => period >= sincePeriod && !r.read.has(period))
          .sort(([a], [b]) => (a < b ? 1 : -1))
          .map(([period, pages]) => ({ period, pages }));
      }
    }
    readers = readers.filter((r) => r.queue.length > 0);
    if (readers.length === 0) break;
    const rounds = readers.map((r) => {
      // As many periods as the ones read so far suggest are missing (all that were guessed at first).
      const perPeriod = r.postings.length / Math.max(1, r.read.size);
      const missing = perPhrase - r.postings.length;
      const count = round === 0 ? r.queue.length : perPeriod > 0 ? Math.ceil(missing / perPeriod) : r.read.size * 2;
      return { reader: r, periods: r.queue.splice(0, Math.max(1, count)) };
    });
    const wanted = rounds.flatMap(({ reader, periods }) =>
      periods.flatMap(({ period, pages }) =>
        Array.from({ length: pages }, (_, page) => ({ phrase: reader.phrase, period, page })),
      ),
    );
    const pages = await readPages(wanted);
    // A page 0 may tell of more pages than were known: those are read before the period counts.
    const more = wanted.flatMap(({ phrase, period, page }) => {
      const count = page === 0 ? (pages.get(pageId(phrase, period, 0))?.pages ?? 0) : 0;
      return Array.from({ length: Math.max(0, count - 1) }, (_, i) => ({ phrase, period, page: i + 1 })).filter(
        (k) => !pages.has(pageId(k.phrase, k.period, k.page)),
      );
    });
    for (const [id, page] of await readPages(more)) pages.set(id, page);
    const byPeriod = new Map<string, Array<{ log: string[]; packed?: string }>>();
    for (const page of pages.values()) {
      const id = pageId(page.phrase, page.period, "");
      byPeriod.set(id, [...(byPeriod.get(id) ?? []), page]);
    }
    for (const { reader, periods } of rounds) {
      for (const [i, { period }] of periods.entries()) {
        for (const page of byPeriod.get(pageId(reader.phrase, period, "")) ?? []) {
          if (page.packed) readLines(reader.phrase, page.packed, since, reader.postings, reader.seen);
          for (const line of page.log) readLines(reader.phrase, line, since, reader.postings, reader.seen);
        }
        reader.read.add(period);
        // A whole period read: nothing older can be newer than what we have.
        if (reader.postings.length >= perPhrase) {
          reader.queue.unshift(...periods.slice(i + 1));
          break;
        }
      }
    }
  }
  for (const [phrase, postings] of found) found.set(phrase, newest(postings, perPhrase));
  return found;
}

interface Reader {
  phrase: string;
  postings: Posting[];
  /** Articles read, so each counts once. */
  seen: Set<string>;
  /** Periods known and not read yet, newest first, with how many pages each has. */
  queue: Array<{ period: string; pages: number }>;
  read: Set<string>;
  /** Whether its list of periods has been read. */
  listed: boolean;
}

const pageId = (phrase: string, period: string, page: number | "") => `${phrase}\u0000${period}\u0000${page}`;

/**
 * The lines of pages (and page 0's count of pages), by page: straight through the document
 * client, 100 keys a request, as these are the most items a refresh reads.
 */
async function readPages(
  keys: PageKey[],
): Promise<Map<string, { phrase: string; period: string; log: string[]; packed?: string; pages?: number }>> {
  type Page = { phrase: string; period: string; page: number; log?: string[]; packed?: string; pages?: number };
  const items = await getMany<Page>(PostingBucketEntity, keys, ["phrase", "period", "page", "log", "packed", "pages"], {
    concurrency: READ_CONCURRENCY,
  });
  return new Map(items.map((item) => [pageId(item.phrase, item.period, item.page), { ...item, log: item.log ?? [] }]));
}

/** Gets items by key (100 a request, READ_CONCURRENCY requests at once) until none is left unprocessed. */
async function untilProcessed<K, T>(
  keys: K[],
  get: (keys: K[]) => Promise<{ data: T[]; unprocessed: K[] }>,
): Promise<T[]> {
  const items: T[] = [];
  while (keys.length > 0) {
    const { data, unprocessed } = await get(keys);
    items.push(...data);
    keys = unprocessed;
  }
  return items;
}

function newest(postings: Posting[], count: number): Posting[] {
  return postings
    .sort(
      (a, b) => b.publishedAt - a.publishedAt || (a.articleId < b.articleId ? 1 : a.articleId > b.articleId ? -1 : 0),
    )
    .slice(0, count);
}
