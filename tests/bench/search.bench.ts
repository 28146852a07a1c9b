import { gunzipSync } from "node:zlib";
import v8 from "node:v8";
import vm from "node:vm";
import { tokenize } from "@graph/core/lib/matching";
import { searchSegments } from "../../packages/core/src/modules/search/rank.ts";
import { BLOCK_DAYS, planUnits } from "../../packages/core/src/modules/search/plan.ts";
import {
  buildSegment,
  loadSegment,
  mergeSegments,
  type Segment,
  type SegmentArticle,
} from "../../packages/core/src/modules/search/segment.ts";
import { BUILTIN_TOPICS } from "@graph/core/modules/topics/rules";
import { ratio, row, sample } from "./stats.ts";
import { mulberry32, zipf } from "./random.ts";

const ARTICLES = 100_000;
const DAYS = 100;
const QUERIES = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Article search over 100,000 synthetic articles in 100 day segments, against a linear scan of
 * the same articles' normalised text, side by side in one run: build time, size of the stored
 * segments against the text they index, and query latency (and, for reference, the day segments
 * searched unmerged).
 */
export async function searchBench(): Promise<void> {
  const random = mulberry32(0x5ea4c4);
  const world = buildCorpus(random);
  const { articles } = world;
  console.log("\n## article search (day segments against a linear scan)");
  console.log(
    `${articles.length.toLocaleString("en")} articles over ${DAYS} days, ~${Math.round(mean(articles.map((a) => tokenize(a.title).length)))}-word titles and ` +
      `~${Math.round(mean(articles.map((a) => tokenize(a.summary).length)))}-word bodies (Zipf over ${world.vocabulary.toLocaleString("en")} words)`,
  );

  // Build: one segment a day, as the index job does (tokenize, index, JSON, gzip).
  const byDay = new Map<string, SegmentArticle[]>();
  for (const a of articles) {
    const day = new Date(a.publishedAt).toISOString().slice(0, 10);
    let list = byDay.get(day);
    if (!list) byDay.set(day, (list = []));
    list.push(a);
  }
  const days = [...byDay.keys()].sort().reverse();
  const stored: Buffer[] = [];
  const buildTimes: number[] = [];
  for (const day of days) {
    const start = performance.now();
    stored.push(buildSegment(byDay.get(day)!));
    buildTimes.push(performance.now() - start);
  }
  const buildMs = buildTimes.reduce((a, b) => a + b, 0);
  const gzBytes = stored.reduce((n, b) => n + b.length, 0);
  const rawBytes = stored.reduce((n, b) => n + gunzipSync(b).length, 0);
  const textBytes = articles.reduce((n, a) => n + Buffer.byteLength(a.title) + Buffer.byteLength(a.summary), 0);
  console.log(
    `build ${(buildMs / 1000).toFixed(2)} s for ${days.length} segments (${(buildMs / days.length).toFixed(0)} ms a day of ` +
      `${Math.round(articles.length / days.length).toLocaleString("en")} articles, ${fmt((articles.length / buildMs) * 1000)} articles/s)`,
  );
  console.log(
    `size: text ${mb(textBytes)} (titles + bodies); segments ${mb(rawBytes)} as JSON (${(rawBytes / textBytes).toFixed(2)}× the text), ` +
      `${mb(gzBytes)} gzipped (${(gzBytes / textBytes).toFixed(2)}× the text), ${kb(gzBytes / days.length)} a day`,
  );

  // Load: what a search function does with a segment it fetched (gunzip, parse, lay out), and what it holds.
  const gc = exposeGc();
  gc();
  const heapBefore = process.memoryUsage();
  const loadStart = performance.now();
  const daySegments: Segment[] = stored.map((bytes) => loadSegment(bytes));
  const loadMs = performance.now() - loadStart;
  // Recent days alone, older days merged by block: what a search function reads.
  const mergeStart = performance.now();
  const newest = Math.max(...articles.map((a) => a.publishedAt));
  const plan = planUnits(
    days.map((day, i) => ({ day, docs: daySegments[i]!.docs, index: i })),
    newest,
  );
  const segments: Segment[] = plan.map((unit) => mergeSegments(unit.map((m) => daySegments[m.index]!)));
  const mergeMs = performance.now() - mergeStart;
  daySegments.length = 0;
  gc();
  const heapAfter = process.memoryUsage();
  const held = heapAfter.heapUsed - heapBefore.heapUsed + (heapAfter.arrayBuffers - heapBefore.arrayBuffers);
  const estimated = segments.reduce((n, s) => n + s.bytes, 0);
  console.log(
    `load ${loadMs.toFixed(0)} ms for ${days.length} day segments (${(loadMs / days.length).toFixed(1)} ms each: gunzip, parse, lay out), ` +
      `merged into ${segments.length} (recent days alone, older ones in blocks of up to ${BLOCK_DAYS} days) in ${mergeMs.toFixed(0)} ms; ` +
      `memory +${mb(held)} (the cache's estimate: ${mb(estimated)})`,
  );

  // The linear scan reads every article's normalised text, prepared once beforehand (not timed).
  const scanTexts = articles.map((a) => ` ${tokenize(a.title).join(" ")} \n ${tokenize(a.summary).join(" ")} `);
  const { queries, typed } = makeQueries(random, world);
  const linear = (q: string) => linearScan(articles, scanTexts, q);

  // Sanity: where the scan finds every match (fewer than a page), the index's first page holds them all.
  let indexHits = 0;
  let complete = 0;
  let agreed = 0;
  for (const q of queries) {
    const found = new Set(searchSegments(segments, q).results.map((r) => r.id));
    const scanned = linear(q);
    indexHits += found.size;
    if (scanned.length === 0 || scanned.length >= 50) continue;
    complete++;
    if (scanned.every((id) => found.has(id))) agreed++;
  }
  const indexed = await sample(queries.length, (i) => searchSegments(segments, queries[i]!));
  const scan = await sample(queries.length, (i) => linear(queries[i]!), 5);
  const page2 = await sample(queries.length, (i) => searchSegments(segments, queries[i]!, 2));
  console.log(
    `${queries.length} queries of 1–3 words (${typed} with the last word half typed), ` +
      `${(indexHits / queries.length).toFixed(1)} results on page 1 on average; the index's first page holds every ` +
      `all-words match the scan found for ${agreed} of the ${complete} queries with fewer than 50 of them`,
  );
  console.log(row("segments: searchSegments, page 1", indexed));
  console.log(row("segments: searchSegments, page 2", page2));
  console.log(row("linear scan (normalised text, all words)", scan));
  console.log(
    `segments ${ratio(scan.p50, indexed.p50)} faster than the scan at p50, ${ratio(scan.p95, indexed.p95)} at p95`,
  );

  // For reference: the same queries over the day segments one by one, unmerged (every segment
  // searched costs its own term look-ups, which is what merging older days into blocks saves).
  const daysAlone = stored.map((bytes) => loadSegment(bytes));
  const unmerged = await sample(queries.length, (i) => searchSegments(daysAlone, queries[i]!));
  console.log(row(`segments: the ${daysAlone.length} days unmerged, page 1`, unmerged));
  console.log(
    `merged blocks ${ratio(unmerged.p50, indexed.p50)} faster than the days unmerged at p50, ${ratio(unmerged.p95, indexed.p95)} at p95`,
  );
}

// ---------------------------------------------------------------------------------------------
// The baseline

/**
 * Every article whose normalised text has all the query's words, the last as the start of a
 * word (as the index reads a query being typed), newest first.
 */
function linearScan(articles: readonly SegmentArticle[], texts: readonly string[], q: string): string[] {
  const words = tokenize(q);
  if (words.length === 0) return [];
  const needles = words.map((w, i) => (i === words.length - 1 ? ` ${w}` : ` ${w} `));
  const found: number[] = [];
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i]!;
    let all = true;
    for (const needle of needles) {
      if (!text.includes(needle)) {
        all = false;
        break;
      }
    }
    if (all) found.push(i);
  }
  found.sort((a, b) => articles[b]!.publishedAt - articles[a]!.publishedAt);
  return found.slice(0, 50).map((i) => articles[i]!.articleId);
}

// ---------------------------------------------------------------------------------------------
// Synthetic corpus

const FILLER = `the a an of and to in on for with at by from that this it is was are be as or but not
have has had will would can could about into over after before more most new first one two some all
their they we you he she its our his her which what when where who how than then also just very`
  .trim()
  .split(/\s+/);

const SYLLABLES = "ka ro mi tu se la no vi pe da zo ri fu ne ma lo ti be su go ra me ko li pa".split(" ");
const CODAS = ["", "", "", "n", "r", "l", "t", "x", "m", "k"];

interface Corpus {
  articles: SegmentArticle[];
  /** Every word, most frequent first: function words, then content words. */
  words: string[];
  vocabulary: number;
  /** A word's rank, drawn by Zipf's law. */
  word: () => number;
}

function buildCorpus(random: () => number): Corpus {
  const topicWords = [
    ...new Set(BUILTIN_TOPICS.flatMap((t) => t.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length > 2)),
  ];
  const words = [...new Set([...FILLER, ...shuffle(random, topicWords), ...pseudoWords(random, 30_000)])];
  const word = zipf(words.length, 1.0, random);
  const now = Date.UTC(2025, 0, 1);
  const articles: SegmentArticle[] = [];
  for (let i = 0; i < ARTICLES; i++) {
    const publishedAt = now - Math.floor((i / ARTICLES) * DAYS * DAY_MS) - Math.floor(random() * 60_000);
    const title = text(random, words, word, 6 + Math.floor(random() * 5), true);
    articles.push({
      articleId: `article-${i}`,
      title,
      summary: text(random, words, word, 50 + Math.floor(random() * 21), false),
      sourceName: `Source ${i % 300}`,
      link: `https://source-${i % 300}.example/posts/${i}`,
      publishedAt,
    });
  }
  return { articles, words, vocabulary: words.length, word };
}

/** About `length` words drawn by Zipf's law (function words the most frequent), some plural, some punctuated. */
function text(random: () => number, words: string[], word: () => number, length: number, title: boolean): string {
  const out: string[] = [];
  for (let i = 0; i < length; i++) {
    let w = words[word()]!;
    if (random() < 0.08) w += "s";
    if (title) w = w[0]!.toUpperCase() + w.slice(1);
    if (random() < 0.08) w += random() < 0.5 ? "," : ".";
    out.push(w);
  }
  return out.join(" ");
}

/**
 * Queries of 1–3 content words drawn by frequency (people search for what is written about, not
 * for function words),
 * some copied as adjacent words from an article's title, a third with the last word half typed.
 */
function makeQueries(random: () => number, corpus: Corpus): { queries: string[]; typed: number } {
  const queries: string[] = [];
  let typed = 0;
  while (queries.length < QUERIES) {
    const n = 1 + Math.floor(random() * 3);
    let terms: string[];
    if (n > 1 && random() < 0.3) {
      const article = corpus.articles[Math.floor(random() * corpus.articles.length)]!;
      const title = article.title.toLowerCase().replace(/[,.]/g, "").split(" ");
      const start = Math.floor(random() * Math.max(1, title.length - n));
      terms = title.slice(start, start + n);
    } else {
      terms = Array.from({ length: n }, () => contentWord(corpus));
    }
    if (random() < 0.33) {
      const last = terms[terms.length - 1]!;
      if (last.length >= 5) {
        terms[terms.length - 1] = last.slice(0, Math.max(3, Math.ceil(last.length * 0.6)));
        typed++;
      }
    }
    queries.push(terms.join(" "));
  }
  return { queries, typed };
}

function contentWord(corpus: Corpus): string {
  for (;;) {
    const rank = corpus.word();
    if (rank >= FILLER.length) return corpus.words[rank]!;
  }
}

function pseudoWords(random: () => number, count: number): string[] {
  const words = new Set<string>();
  while (words.size < count) {
    const syllables = 2 + Math.floor(random() * 3);
    let w = "";
    for (let i = 0; i < syllables; i++) w += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    words.add(w + CODAS[Math.floor(random() * CODAS.length)]);
  }
  return [...words];
}

function shuffle<T>(random: () => number, items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function exposeGc(): () => void {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing) return existing;
  v8.setFlagsFromString("--expose-gc");
  return vm.runInNewContext("gc") as () => void;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const fmt = (n: number) => Math.round(n).toLocaleString("en");
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
