import { gunzipSync, gzipSync } from "node:zlib";
import { tokenize } from "../../lib/matching/index.ts";

/** What a segment needs of an article. */
export interface SegmentArticle {
  articleId: string;
  title: string;
  /** The body: the article's plain-text summary. */
  summary: string;
  sourceName: string;
  link: string;
  publishedAt: number;
}

/**
 * A segment as stored: one JSON document, gzipped. Version 1:
 *
 * - `format`: "graph-segment"; `version`: 1.
 * - `ids`, `titles`, `sources`, `links`, `publishedAt` (epoch ms): one entry per article, newest
 *   first (what a hit shows, and its recency); an article's number is its place here.
 * - `terms`: every word of the articles once, sorted by UTF-16 units (as `<` compares), so the
 *   terms a prefix starts are one range.
 * - `titleWords`, `bodyWords`: per article, how many words its title and its body have.
 * - `words`: each article's words in order, title then body, as numbers of `terms`: base64 of
 *   little-endian 16-bit numbers (32-bit when there are 65,535 terms or more).
 *
 * Words are `tokenize`'s, the same as topics and queries use. Posting lists are not stored: which
 * articles have a term in their title or body follows from the words, and deriving them is one
 * pass over numbers on load, cheaper than storing, gunzipping and parsing them. Any other layout
 * is a new version: a reader refuses a version it does not know (see `compileSegment`).
 */
interface StoredSegment {
  format: typeof FORMAT;
  version: typeof VERSION;
  ids: string[];
  titles: string[];
  sources: string[];
  links: string[];
  publishedAt: number[];
  terms: string[];
  titleWords: number[];
  bodyWords: number[];
  words: string;
}

const FORMAT = "graph-segment";
const VERSION = 1;
/** From this many terms, a term's number takes 32 bits (stored and in memory). */
const WIDE_TERMS = 0xffff;

/** A day's articles as a stored segment (see `StoredSegment`). */
export function buildSegment(articles: readonly SegmentArticle[]): Buffer {
  const newestFirst = [...articles].sort((a, b) => b.publishedAt - a.publishedAt);
  const titles = newestFirst.map((a) => tokenize(a.title));
  const bodies = newestFirst.map((a) => tokenize(a.summary));
  const numbers = new Map<string, number>();
  let total = 0;
  for (const words of [...titles, ...bodies]) {
    for (const word of words) numbers.set(word, 0);
    total += words.length;
  }
  const terms = [...numbers.keys()].sort();
  terms.forEach((term, k) => numbers.set(term, k));
  const width = terms.length >= WIDE_TERMS ? 4 : 2;
  const words = Buffer.alloc(total * width);
  let offset = 0;
  for (let d = 0; d < newestFirst.length; d++) {
    for (const part of [titles[d]!, bodies[d]!]) {
      for (const word of part) {
        const k = numbers.get(word)!;
        offset = width === 4 ? words.writeUInt32LE(k, offset) : words.writeUInt16LE(k, offset);
      }
    }
  }
  const stored: StoredSegment = {
    format: FORMAT,
    version: VERSION,
    ids: newestFirst.map((a) => a.articleId),
    titles: newestFirst.map((a) => a.title),
    sources: newestFirst.map((a) => a.sourceName),
    links: newestFirst.map((a) => a.link),
    publishedAt: newestFirst.map((a) => a.publishedAt),
    terms,
    titleWords: titles.map((words) => words.length),
    bodyWords: bodies.map((words) => words.length),
    words: words.toString("base64"),
  };
  return gzipSync(JSON.stringify(stored));
}

type Numbers = Uint16Array | Uint32Array;

/**
 * A segment ready to search: its postings and words laid out in typed arrays. Documents are
 * numbered newest first, so walking a posting list walks from new to old; terms are sorted, so
 * the terms a prefix starts are one range. Each document's words are kept as term numbers in
 * order (title first), which is what an exact phrase is checked against.
 */
export interface Segment {
  docs: number;
  /** About what the segment holds in memory, in bytes. */
  bytes: number;
  ids: string[];
  titles: string[];
  sources: string[];
  links: string[];
  publishedAt: Float64Array;
  terms: string[];
  /** Term k's first four UTF-16 units, two to a number (`termKeys[2k]`, `termKeys[2k + 1]`): sorted like the terms. */
  termKeys: Uint32Array;
  /** The keys of every `KEY_BLOCK`th term: a small array that narrows a search before `termKeys`. */
  blockKeys: Uint32Array;
  /** Documents with term k in the title: `titleDocs[titleStart[k] .. titleStart[k + 1])`, ascending. */
  titleStart: Uint32Array;
  titleDocs: Numbers;
  bodyStart: Uint32Array;
  bodyDocs: Numbers;
  /** Document d's words: `words[wordStart[d] .. wordStart[d + 1])`, its first `titleWords[d]` the title's. */
  wordStart: Uint32Array;
  titleWords: Uint16Array;
  words: Numbers;
}

/** A stored segment, ready to search. */
export function loadSegment(bytes: Uint8Array): Segment {
  return compileSegment(JSON.parse(gunzipSync(bytes).toString("utf8")));
}

/**
 * Lays out a stored segment (parsed) for searching. Anything but this format and version (a
 * segment of an earlier release, a damaged one) is refused rather than read as a day without
 * postings: the caller skips it and has the day rebuilt.
 */
function compileSegment(parsed: unknown): Segment {
  const stored = parsed as Partial<StoredSegment> | null;
  if (stored?.format !== FORMAT || stored.version !== VERSION)
    refuse(
      `${FORMAT} version ${VERSION} expected, found format ${String(stored?.format)}, version ${String(stored?.version)}`,
    );
  const { ids, titles, sources, links, terms, titleWords: titleCounts, bodyWords: bodyCounts, words: encoded } = stored;
  const docs = Array.isArray(ids) ? ids.length : -1;
  const columns = [titles, sources, links, stored.publishedAt, titleCounts, bodyCounts];
  if (docs < 0 || !columns.every((c) => Array.isArray(c) && c.length === docs))
    refuse("articles' fields of unequal length");
  if (!Array.isArray(terms) || typeof encoded !== "string") refuse("no terms or words");
  const publishedAt = Float64Array.from(stored.publishedAt!);
  for (let d = 0; d < docs; d++) {
    if (!Number.isFinite(publishedAt[d]) || (d > 0 && publishedAt[d - 1]! < publishedAt[d]!))
      refuse("articles not newest first");
  }
  for (let k = 0; k < terms.length; k++) {
    if (typeof terms[k] !== "string" || (k > 0 && !(terms[k - 1]! < terms[k]!))) refuse("terms not sorted");
  }

  const termCount = terms.length;
  const wordStart = new Uint32Array(docs + 1);
  const titleWords = new Uint16Array(docs);
  let total = 0;
  for (let d = 0; d < docs; d++) {
    const inTitle = titleCounts![d]!;
    const inBody = bodyCounts![d]!;
    if (!(Number.isInteger(inTitle) && Number.isInteger(inBody) && inTitle >= 0 && inBody >= 0)) refuse("word counts");
    wordStart[d] = total;
    titleWords[d] = Math.min(inTitle, 0xffff);
    total += inTitle + inBody;
  }
  wordStart[docs] = total;
  const wide = termCount >= WIDE_TERMS;
  const raw = Buffer.from(encoded, "base64");
  if (raw.byteLength !== total * (wide ? 4 : 2)) refuse("words of the wrong length");
  const words = wide ? new Uint32Array(total) : new Uint16Array(total);
  for (let i = 0; i < total; i++) {
    const k = wide ? raw.readUInt32LE(4 * i) : raw.readUInt16LE(2 * i);
    if (k >= termCount) refuse("a word that is not a term");
    words[i] = k;
  }

  // Posting lists from the words: count each term's documents per field, then fill them in
  // document order (so each list ascends). `seen` remembers the last document counted per term.
  const titleStart = new Uint32Array(termCount + 1);
  const bodyStart = new Uint32Array(termCount + 1);
  const seenTitle = new Int32Array(termCount);
  const seenBody = new Int32Array(termCount);
  const eachPosting = (visit: (inTitle: boolean, k: number, d: number) => void) => {
    seenTitle.fill(-1);
    seenBody.fill(-1);
    for (let d = 0; d < docs; d++) {
      const bodyFrom = wordStart[d]! + titleCounts![d]!;
      for (let i = wordStart[d]!; i < wordStart[d + 1]!; i++) {
        const k = words[i]!;
        const seen = i < bodyFrom ? seenTitle : seenBody;
        if (seen[k] === d) continue;
        seen[k] = d;
        visit(i < bodyFrom, k, d);
      }
    }
  };
  eachPosting((inTitle, k) => (inTitle ? titleStart : bodyStart)[k + 1]!++);
  for (let k = 0; k < termCount; k++) {
    titleStart[k + 1]! += titleStart[k]!;
    bodyStart[k + 1]! += bodyStart[k]!;
  }
  const postings = (n: number) => (docs > 0xffff ? new Uint32Array(n) : new Uint16Array(n));
  const titleDocs = postings(titleStart[termCount]!);
  const bodyDocs = postings(bodyStart[termCount]!);
  const titleNext = titleStart.slice(0, termCount);
  const bodyNext = bodyStart.slice(0, termCount);
  eachPosting((inTitle, k, d) => {
    if (inTitle) titleDocs[titleNext[k]!++] = d;
    else bodyDocs[bodyNext[k]!++] = d;
  });

  return finish({
    docs,
    ids: ids!,
    titles: titles!,
    sources: sources!,
    links: links!,
    publishedAt,
    terms,
    titleStart,
    titleDocs,
    bodyStart,
    bodyDocs,
    wordStart,
    titleWords,
    words,
  });
}

function refuse(reason: string): never {
  throw new Error(`not a search segment: ${reason}`);
}

/** Adds what a segment derives from its terms (their keys) and its size. */
function finish(segment: Omit<Segment, "bytes" | "termKeys" | "blockKeys">): Segment {
  const { terms } = segment;
  const termKeys = new Uint32Array(terms.length * 2);
  let bytes = 0;
  for (let k = 0; k < terms.length; k++) {
    const term = terms[k]!;
    termKeys[2 * k] = unitPair(term, 0);
    termKeys[2 * k + 1] = unitPair(term, 2);
    bytes += 32 + term.length;
  }
  const blockKeys = new Uint32Array(Math.ceil(terms.length / KEY_BLOCK) * 2);
  for (let j = 0; j * KEY_BLOCK < terms.length; j++) {
    blockKeys[2 * j] = termKeys[2 * j * KEY_BLOCK]!;
    blockKeys[2 * j + 1] = termKeys[2 * j * KEY_BLOCK + 1]!;
  }
  for (let d = 0; d < segment.docs; d++) {
    bytes +=
      4 * 32 +
      segment.ids[d]!.length +
      segment.titles[d]!.length +
      segment.sources[d]!.length +
      segment.links[d]!.length;
  }
  const arrays = [termKeys, blockKeys, segment.titleStart, segment.bodyStart, segment.titleDocs, segment.bodyDocs];
  arrays.push(segment.wordStart, segment.titleWords, segment.words);
  bytes += arrays.reduce((n, array) => n + array.byteLength, 0) + segment.publishedAt.byteLength;
  return { ...segment, bytes, termKeys, blockKeys };
}

/**
 * One segment holding several, given newest first (consecutive days): their documents in the
 * same order, their terms merged. Searching it answers what searching them in turn answers,
 * with one term look-up instead of one per part.
 */
export function mergeSegments(parts: readonly Segment[]): Segment {
  if (parts.length === 1) return parts[0]!;
  let terms: string[] = [];
  for (const part of parts) terms = mergeSorted(terms, part.terms);
  const docs = parts.reduce((n, part) => n + part.docs, 0);
  const wideDocs = docs > 0xffff;
  const wideTerms = terms.length >= 0xffff;
  const remaps = parts.map((part) => remap(part.terms, terms));

  const ids: string[] = new Array(docs);
  const titles: string[] = new Array(docs);
  const sources: string[] = new Array(docs);
  const links: string[] = new Array(docs);
  const publishedAt = new Float64Array(docs);
  const titleWords = new Uint16Array(docs);
  const wordStart = new Uint32Array(docs + 1);
  const wordTotal = parts.reduce((n, part) => n + part.words.length, 0);
  const words = wideTerms ? new Uint32Array(wordTotal) : new Uint16Array(wordTotal);
  let offset = 0;
  let wordAt = 0;
  parts.forEach((part, i) => {
    for (let d = 0; d < part.docs; d++) {
      ids[offset + d] = part.ids[d]!;
      titles[offset + d] = part.titles[d]!;
      sources[offset + d] = part.sources[d]!;
      links[offset + d] = part.links[d]!;
    }
    publishedAt.set(part.publishedAt, offset);
    titleWords.set(part.titleWords, offset);
    for (let d = 0; d < part.docs; d++) wordStart[offset + d] = wordAt + part.wordStart[d]!;
    const map = remaps[i]!;
    for (let w = 0; w < part.words.length; w++) words[wordAt + w] = map[part.words[w]!]!;
    offset += part.docs;
    wordAt += part.words.length;
  });
  wordStart[docs] = wordAt;

  const field = (start: (part: Segment) => Uint32Array, docsOf: (part: Segment) => Numbers) => {
    const starts = new Uint32Array(terms.length + 1);
    parts.forEach((part, i) => {
      const map = remaps[i]!;
      const own = start(part);
      for (let k = 0; k < part.terms.length; k++) starts[map[k]! + 1]! += own[k + 1]! - own[k]!;
    });
    for (let k = 1; k <= terms.length; k++) starts[k]! += starts[k - 1]!;
    const cursor = starts.slice(0, -1);
    const postings = wideDocs ? new Uint32Array(starts[terms.length]!) : new Uint16Array(starts[terms.length]!);
    let base = 0;
    parts.forEach((part, i) => {
      const map = remaps[i]!;
      const own = start(part);
      const list = docsOf(part);
      for (let k = 0; k < part.terms.length; k++) {
        let at = cursor[map[k]!]!;
        for (let p = own[k]!; p < own[k + 1]!; p++) postings[at++] = list[p]! + base;
        cursor[map[k]!] = at;
      }
      base += part.docs;
    });
    return { starts, postings };
  };
  const title = field(
    (part) => part.titleStart,
    (part) => part.titleDocs,
  );
  const body = field(
    (part) => part.bodyStart,
    (part) => part.bodyDocs,
  );
  return finish({
    docs,
    ids,
    titles,
    sources,
    links,
    publishedAt,
    terms,
    titleStart: title.starts,
    titleDocs: title.postings,
    bodyStart: body.starts,
    bodyDocs: body.postings,
    wordStart,
    titleWords,
    words,
  });
}

/** Two sorted lists of distinct terms as one. */
function mergeSorted(a: readonly string[], b: readonly string[]): string[] {
  const out: string[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      out[n++] = x;
      i++;
      j++;
    } else if (x < y) {
      out[n++] = x;
      i++;
    } else {
      out[n++] = y;
      j++;
    }
  }
  while (i < a.length) out[n++] = a[i++]!;
  while (j < b.length) out[n++] = b[j++]!;
  out.length = n;
  return out;
}

/** Where each of a part's terms is in the merged terms (and its "no such term" number maps to theirs). */
function remap(own: readonly string[], merged: readonly string[]): Uint32Array {
  const map = new Uint32Array(own.length + 1);
  let j = 0;
  for (let k = 0; k < own.length; k++) {
    while (merged[j] !== own[k]) j++;
    map[k] = j;
  }
  map[own.length] = merged.length;
  return map;
}

const KEY_BLOCK = 32;

/** Two UTF-16 units of `text` from `at` as one number, 0 past its end (sorts like the text). */
function unitPair(text: string, at: number): number {
  const high = at < text.length ? text.charCodeAt(at) : 0;
  const low = at + 1 < text.length ? text.charCodeAt(at + 1) : 0;
  return ((high << 16) | low) >>> 0;
}

/** Index range of the terms equal to `term` (`prefix` false) or starting with it (`prefix` true). */
export function termRange(segment: Segment, term: string, prefix: boolean): [number, number] {
  const { terms } = segment;
  const lo = lowerBound(segment, term);
  if (!prefix) return lo < terms.length && terms[lo] === term ? [lo, lo + 1] : [lo, lo];
  // The terms a prefix starts follow it; usually few, so gallop from the first.
  let hi = lo;
  let step = 1;
  while (hi < terms.length && terms[hi]!.startsWith(term)) {
    hi = Math.min(terms.length, hi + step);
    step *= 2;
  }
  let from = Math.max(lo, hi - (step >> 1));
  while (from < hi) {
    const mid = (from + hi) >> 1;
    if (terms[mid]!.startsWith(term)) from = mid + 1;
    else hi = mid;
  }
  return [lo, hi];
}

/**
 * The first term not before `term`: binary searches over the terms' first four units (small
 * contiguous arrays: one key every `KEY_BLOCK` terms, then that block's), then over the few
 * whole terms that share them.
 */
function lowerBound(segment: Segment, term: string): number {
  const { terms, termKeys, blockKeys } = segment;
  const a = unitPair(term, 0);
  const b = unitPair(term, 2);
  const before = (keys: Uint32Array, i: number) => keys[2 * i]! < a || (keys[2 * i] === a && keys[2 * i + 1]! < b);
  // The first block whose first term is not before `term`: the answer is in the block before it, or is its first.
  let lo = 0;
  let hi = blockKeys.length >> 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(blockKeys, mid)) lo = mid + 1;
    else hi = mid;
  }
  hi = Math.min(terms.length, lo * KEY_BLOCK);
  lo = Math.max(0, (lo - 1) * KEY_BLOCK);
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(termKeys, mid)) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  let step = 1;
  while (end < terms.length && termKeys[2 * end] === a && termKeys[2 * end + 1] === b) {
    end = Math.min(terms.length, end + step);
    step *= 2;
  }
  // [lo, end) holds the terms sharing the four units, and perhaps a few after them: search it whole.
  while (lo < end) {
    const mid = (lo + end) >> 1;
    if (terms[mid]! < term) lo = mid + 1;
    else end = mid;
  }
  return lo;
}
