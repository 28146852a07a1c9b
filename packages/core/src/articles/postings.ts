import { BatchGetCommand, DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { dynamo, isConditionFailure, tableName, utcDay } from "../db.ts";
import type { PhraseMatcher } from "../matching/index.ts";
import * as Topics from "../topics/index.ts";
import type { Article } from "./article.entity.ts";
import { PostingBucketEntity } from "./posting-bucket.entity.ts";
import { PostingDaysEntity } from "./posting-days.entity.ts";

/**
 * Postings live in buckets, one per topic phrase per UTC day of publication, so a refresh
 * reads a few items per topic rather than one item per match.
 *
 * A bucket is a run of pages (items). A page holds its matches as compact lines, one element
 * of `log` each; a write adds a line only if the page holds no equal line, so indexing an
 * article again adds nothing (a line is fixed by the article and the phrase). Once a page is
 * full it is sealed: its lines become one string (`packed`), the cheapest thing to read, and
 * it never changes again. PostingDays lists each phrase's days and their page counts, so a
 * refresh asks for exactly the pages it needs, all topics in a few batched requests.
 *
 * The bound: a page takes lines only while the bytes they take stay within PAGE_BYTES — the
 * condition of the very write that adds them — and lines that do not fit go to the next
 * page. A line's bytes are counted from above (its text and DynamoDB's per-element
 * overhead), so a page's lines take at most 8 KB; with its keys (a phrase is a partition key,
 * at most 2 KB) an item stays under 12 KB, far within DynamoDB's 400 KB item limit however
 * busy the phrase. Small pages also keep appends cheap, as DynamoDB charges a write by the
 * whole item's size. A day of one phrase holds up to MAX_PAGES pages: over a hundred matches a
 * page at typical sizes, a hundred thousand a day.
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
}

type Facts = Pick<Posting, "articleId" | "sourceId" | "publishedAt" | "titleCount" | "bodyCount">;

/** A match as one line: article, publication time (base 36), title and body counts, source (last, so it may hold spaces). */
function lineOf(f: Facts): string {
  if (f.sourceId.includes("\n") || f.articleId.includes(" ")) {
    throw new Error(`An article id or source id that cannot be stored in a posting line: ${f.articleId}`);
  }
  return `${f.articleId} ${f.publishedAt.toString(36)} ${f.titleCount} ${f.bodyCount} ${f.sourceId}`;
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
      const titleCount = Number(text.slice(b + 1, c));
      into.push({
        phrase,
        articleId,
        publishedAt,
        titleCount,
        bodyCount: Number(text.slice(c + 1, d)),
        inTitle: titleCount > 0,
        sourceId: text.slice(d + 1, end),
      });
    }
    start = end + 1;
  }
}

/**
 * Matches an article once against the dictionary and adds it to the bucket of every matched
 * phrase, keeping where it matched (title or body) so a feed can score and explain it. Adding
 * an article again (a retried job, a backfill) changes nothing and counts nothing again.
 */
export async function indexArticle(article: Article, matcher: PhraseMatcher): Promise<string[]> {
  return (await indexArticles([article], matcher)).get(article.articleId) ?? [];
}

/**
 * Indexes many articles at once (a backfill), writing each bucket's new entries together, up
 * to ENTRIES_PER_WRITE a request. Answers the phrases each article matched.
 */
export async function indexArticles(articles: Article[], matcher: PhraseMatcher): Promise<Map<string, string[]>> {
  const matched = new Map<string, string[]>();
  const buckets = new Map<string, { phrase: string; day: string; entries: Entry[] }>();
  for (const article of articles) {
    if (article.duplicateOf) continue;
    const matches = matcher.matchArticle({ title: article.title, body: article.summary });
    if (matches.length === 0) continue;
    matched.set(
      article.articleId,
      matches.map((m) => m.phrase),
    );
    const day = utcDay(article.publishedAt);
    for (const m of matches) {
      const id = `${m.phrase}\u0000${day}`;
      let bucket = buckets.get(id);
      if (!bucket) buckets.set(id, (bucket = { phrase: m.phrase, day, entries: [] }));
      bucket.entries.push(entryOf({ ...article, titleCount: m.titleCount, bodyCount: m.bodyCount }));
    }
  }
  const list = [...buckets.values()];
  const added = await mapLimited(list, WRITE_CONCURRENCY, (b) => addToBucket(b.phrase, b.day, b.entries));
  // Rarity counts each article once per phrase, however often it was indexed.
  await Topics.countPostings(list.flatMap((b, i) => Array<string>(added[i]!).fill(b.phrase)));
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

type PageKey = { phrase: string; day: string; page: number };
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
async function addToBucket(phrase: string, day: string, entries: Entry[]): Promise<number> {
  const unique = [...new Map(entries.map((e) => [e.articleId, e])).values()];
  let added = 0;
  for (let i = 0; i < unique.length; i += ENTRIES_PER_WRITE) {
    added += await addChunk(phrase, day, unique.slice(i, i + ENTRIES_PER_WRITE));
  }
  return added;
}

async function addChunk(phrase: string, day: string, chunk: Entry[]): Promise<number> {
  const bucket = `${phrase}\u0000${day}`;
  // A bucket that is one page with room takes them in one write. (An article already on a
  // later page went there because this page could not take it, and never will.)
  if (!firstPageFull.has(bucket) && (await append({ phrase, day, page: 0 }, chunk))) return chunk.length;
  let added = 0;
  let pending = chunk;
  while (pending.length > 0) {
    const pages = await probe(phrase, day);
    if (pages[0] && (pages[0].sealed || pages[0].bytes > PAGE_BYTES - MIN_ENTRY_COST)) rememberFull(bucket);
    pending = pending.filter((e) => !pages.some((p) => p.holds.has(e.articleId)));
    if (pending.length === 0) break;
    // Pages that cannot take even the smallest of these are full: sealed, they read as one string.
    const smallest = Math.min(...pending.map((e) => e.cost));
    await Promise.all(
      pages.filter((p) => !p.sealed && smallest > PAGE_BYTES - p.bytes).map((p) => seal({ phrase, day, page: p.page })),
    );
    const byPage = new Map<number, Entry[]>();
    for (const e of pending) {
      const page = pages.find((p) => !p.sealed && e.cost <= PAGE_BYTES - p.bytes)?.page ?? pages.length;
      byPage.set(page, [...(byPage.get(page) ?? []), e]);
    }
    for (const [page, those] of byPage) {
      const batch = fitting(those, PAGE_BYTES - (pages[page]?.bytes ?? 0));
      const key = { phrase, day, page };
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

/** Creates the next page of a bucket holding `entries`, counted in PostingDays first; false if it exists. */
async function createPage(key: PageKey, entries: Entry[]): Promise<boolean> {
  await recordPages(key.phrase, key.day, key.page + 1);
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

/** Records in PostingDays that a phrase's bucket of `day` has (at least) `pages` pages. */
async function recordPages(phrase: string, day: string, pages: number): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await PostingDaysEntity.update({ phrase })
        .data((attr, op) => op.set(attr.days[day], pages))
        .where(
          (attr, op) =>
            `${op.exists(attr.days)} AND (${op.notExists(attr.days[day])} OR ${op.lt(attr.days[day], pages)})`,
        )
        .go({ response: "none" });
      return;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    // No list of days yet — or it counts as many pages already, which the create tells.
    try {
      await PostingDaysEntity.create({ phrase, days: { [day]: pages } }).go({ response: "none" });
      return;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  // It exists and refused the update twice: it counts as many pages already.
}

let documents: DynamoDBDocumentClient | undefined;

/**
 * The bucket's pages, from the first to the last, each with its fill level and the articles
 * it holds (consistent reads, so a line written a moment ago is seen): a few pages in the
 * first request, as many as a request takes in the next.
 */
async function probe(
  phrase: string,
  day: string,
): Promise<Array<{ page: number; bytes: number; sealed: boolean; holds: Set<string> }>> {
  documents ??= DynamoDBDocumentClient.from(dynamo());
  const names = { "#page": "page", "#bytes": "bytes", "#sealed": "sealed", "#log": "log", "#packed": "packed" };
  type Probed = { page: number; bytes: number; sealed?: boolean; log?: string[]; packed?: string };
  const pages: Array<{ page: number; bytes: number; sealed: boolean; holds: Set<string> }> = [];
  for (let from = 0, size = PROBE_PAGES; from < MAX_PAGES; from += size, size = 100) {
    const wanted = Array.from({ length: Math.min(size, MAX_PAGES - from) }, (_, i) => from + i);
    let keys = wanted.map(
      (page) => PostingBucketEntity.get({ phrase, day, page }).params().Key as Record<string, unknown>,
    );
    const found = new Map<number, Probed>();
    while (keys.length > 0) {
      const table = tableName();
      const result = await documents.send(
        new BatchGetCommand({
          RequestItems: {
            [table]: {
              Keys: keys,
              ConsistentRead: true,
              ProjectionExpression: Object.keys(names).join(", "),
              ExpressionAttributeNames: names,
            },
          },
        }),
      );
      for (const item of (result.Responses?.[table] ?? []) as Probed[]) found.set(item.page, item);
      keys = (result.UnprocessedKeys?.[table]?.Keys ?? []) as Array<Record<string, unknown>>;
    }
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
 * by publication then article id). Reads every phrase's list of days in one request, then,
 * in rounds, the pages of each phrase's next newest days — all phrases' pages batched, 100 a
 * request — until each phrase has `perPhrase` from whole days (older days cannot hold
 * anything newer) or has no days left in the window. Reads only the match lines, never the
 * writers' article maps.
 */
export async function postingsFor(
  phrases: string[],
  since: number,
  perPhrase: number,
): Promise<Map<string, Posting[]>> {
  const found = new Map<string, Posting[]>(phrases.map((phrase) => [phrase, []]));
  if (phrases.length === 0 || perPhrase <= 0) return found;
  const sinceDay = utcDay(since);
  const directories = await untilProcessed(
    [...new Set(phrases)].map((phrase) => ({ phrase })),
    (keys) => PostingDaysEntity.get(keys).go({ attributes: ["phrase", "days"], concurrent: READ_CONCURRENCY }),
  );
  let readers = directories.map((d) => ({
    phrase: d.phrase,
    postings: found.get(d.phrase)!,
    days: Object.entries(d.days as Record<string, number>)
      .filter(([day]) => day >= sinceDay)
      .sort(([a], [b]) => (a < b ? 1 : -1)),
    seen: new Set<string>(),
    daysRead: 0,
  }));
  while ((readers = readers.filter((r) => r.daysRead < r.days.length && r.postings.length < perPhrase)).length > 0) {
    const rounds = readers.map((r) => {
      // The newest day first; then as many days as the days read so far suggest are missing.
      const perDay = r.postings.length / Math.max(1, r.daysRead);
      const missing = perPhrase - r.postings.length;
      const count = r.daysRead === 0 ? 1 : perDay > 0 ? Math.ceil(missing / perDay) : r.daysRead * 2;
      return { reader: r, days: r.days.slice(r.daysRead, r.daysRead + count) };
    });
    const keys = rounds.flatMap(({ reader, days }) =>
      days.flatMap(([day, pages]) =>
        Array.from({ length: pages }, (_, page) => ({ phrase: reader.phrase, day, page })),
      ),
    );
    const pages = new Map<string, Array<{ log: string[]; packed?: string }>>();
    const items = await untilProcessed(keys, (k) =>
      PostingBucketEntity.get(k).go({
        attributes: ["phrase", "day", "page", "log", "packed"],
        concurrent: READ_CONCURRENCY,
      }),
    );
    for (const item of items) {
      const id = `${item.phrase}\u0000${item.day}`;
      pages.set(id, [...(pages.get(id) ?? []), item]);
    }
    for (const { reader, days } of rounds) {
      for (const [day] of days) {
        for (const page of pages.get(`${reader.phrase}\u0000${day}`) ?? []) {
          if (page.packed) readLines(reader.phrase, page.packed, since, reader.postings, reader.seen);
          for (const line of page.log) readLines(reader.phrase, line, since, reader.postings, reader.seen);
        }
        reader.daysRead++;
        // A whole day read: nothing older can be newer than what we have.
        if (reader.postings.length >= perPhrase) break;
      }
    }
  }
  for (const [phrase, postings] of found) found.set(phrase, newest(postings, perPhrase));
  return found;
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

async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}
