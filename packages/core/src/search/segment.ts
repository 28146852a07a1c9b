import { gunzipSync, gzipSync } from "node:zlib";
import MiniSearch, { type AsPlainObject, type Options } from "minisearch";
import { tokenize } from "../matching/index.ts";

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

/** What a segment keeps of each article besides the index, to show and rank a hit. */
interface StoredFields {
  title: string;
  source: string;
  link: string;
  publishedAt: number;
  /**
   * The article's words in order as numbers of the segment's terms (sorted), the number of title
   * words first: little-endian 16-bit (32-bit when the segment has 65,535 terms or more), base64.
   * An exact phrase is checked against these.
   */
  words?: string;
}

interface SegmentDoc {
  id: string;
  title: string;
  source: string;
  link: string;
  publishedAt: number;
  /** The body's normalised words, joined by one space. */
  body: string;
}

/**
 * Words are `tokenize`'s, the same as topics and queries use. A body reaches the index already
 * normalised (its words joined by one space), so indexing it only splits it; `tokenize` is
 * idempotent on its own output, so both readings give the same words.
 */
const splitWords = (text: string, field?: string): string[] =>
  field === "body" ? (text ? text.split(" ") : []) : tokenize(text);

/**
 * A segment is a MiniSearch index: fields title and body, stored fields to show and rank a hit.
 * These options open a stored segment with MiniSearch itself.
 */
export const SEGMENT_OPTIONS: Options<SegmentDoc> = {
  idField: "id",
  fields: ["title", "body"],
  storeFields: ["title", "source", "link", "publishedAt"],
  tokenize: splitWords,
  processTerm: (term) => term,
  searchOptions: { boost: { title: 3 }, tokenize, processTerm: (term) => term },
};

const byTerm = (a: [string, unknown], b: [string, unknown]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/**
 * A segment as stored: the MiniSearch index of the articles (added newest first) as JSON
 * (`JSON.stringify(index)`), its terms in sorted order so a reader finds the terms a prefix
 * starts by binary search, each article's word sequence among its stored fields; gzipped.
 */
export function buildSegment(articles: readonly SegmentArticle[]): Buffer {
  const index = new MiniSearch<SegmentDoc>(SEGMENT_OPTIONS);
  const newestFirst = [...articles].sort((a, b) => b.publishedAt - a.publishedAt);
  const sequences = new Map<string, { title: string[]; body: string[] }>();
  index.addAll(
    newestFirst.map((a) => {
      const title = tokenize(a.title);
      const body = tokenize(a.summary);
      sequences.set(a.articleId, { title, body });
      return {
        id: a.articleId,
        title: a.title,
        source: a.sourceName,
        link: a.link,
        publishedAt: a.publishedAt,
        body: body.join(" "),
      };
    }),
  );
  const plain = index.toJSON();
  plain.index.sort(byTerm);
  const number = new Map(plain.index.map(([term], k) => [term, k]));
  const wide = plain.index.length >= 0xffff;
  for (const [shortId, id] of Object.entries(plain.documentIds)) {
    const words = sequences.get(id as string);
    if (!words) continue;
    const all = [...words.title, ...words.body];
    const sequence = wide ? new Uint32Array(all.length + 1) : new Uint16Array(all.length + 1);
    sequence[0] = Math.min(words.title.length, 0xffff);
    all.forEach((word, i) => (sequence[i + 1] = number.get(word) ?? plain.index.length));
    (plain.storedFields[shortId] as StoredFields).words = Buffer.from(
      sequence.buffer,
      sequence.byteOffset,
      sequence.byteLength,
    ).toString("base64");
  }
  return gzipSync(JSON.stringify(plain));
}

/** A stored segment opened with MiniSearch (its own search and tools). */
export function openWithMiniSearch(bytes: Uint8Array): MiniSearch<SegmentDoc> {
  return MiniSearch.loadJSON<SegmentDoc>(gunzipSync(bytes).toString("utf8"), SEGMENT_OPTIONS);
}

type Numbers = Uint16Array | Uint32Array;

/**
 * A segment ready to search: the MiniSearch index's postings laid out in typed arrays. Documents
 * are numbered newest first, so walking a posting list walks from new to old; terms are sorted,
 * so the terms a prefix starts are one range. Each document's words are kept as term numbers in
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
  return compileSegment(JSON.parse(gunzipSync(bytes).toString("utf8")) as AsPlainObject);
}

/**
 * The serialisation this code reads: MiniSearch's `toJSON()` layout (`AsPlainObject`) with
 * `serializationVersion` 2. That layout is not part of MiniSearch's documented API (it changed in
 * MiniSearch 4 and 5), so MiniSearch is pinned exactly and a segment in any other layout is
 * refused, to be skipped and rebuilt, rather than read as a day without postings.
 */
const SERIALIZATION_VERSION = 2;

/** Lays out a MiniSearch index (as serialised) for searching. */
export function compileSegment(plain: AsPlainObject): Segment {
  if (plain?.serializationVersion !== SERIALIZATION_VERSION || !Array.isArray(plain.index)) {
    throw new Error(`not a search segment: MiniSearch serialization ${String(plain?.serializationVersion)}`);
  }
  const stored = (shortId: number) => plain.storedFields[shortId] as StoredFields;
  const shortIds = Object.keys(plain.documentIds).map(Number);
  shortIds.sort((a, b) => stored(b).publishedAt - stored(a).publishedAt || a - b);
  const docs = shortIds.length;
  const entries = plain.index;
  if (!isSorted(entries)) entries.sort(byTerm);
  const termCount = entries.length;
  const wide = termCount >= 0xffff;

  const ordinal = new Int32Array(plain.nextId).fill(-1);
  const ids: string[] = new Array(docs);
  const titles: string[] = new Array(docs);
  const sources: string[] = new Array(docs);
  const links: string[] = new Array(docs);
  const publishedAt = new Float64Array(docs);
  const wordStart = new Uint32Array(docs + 1);
  const titleWords = new Uint16Array(docs);
  const sequences: Buffer[] = new Array(docs);
  const width = wide ? 4 : 2;
  let wordCount = 0;
  shortIds.forEach((shortId, i) => {
    ordinal[shortId] = i;
    const fields = stored(shortId);
    ids[i] = String(plain.documentIds[shortId]);
    titles[i] = fields.title;
    sources[i] = fields.source;
    links[i] = fields.link;
    publishedAt[i] = fields.publishedAt;
    const raw = fields.words ? Buffer.from(fields.words, "base64") : Buffer.alloc(0);
    const length = Math.floor(raw.byteLength / width);
    sequences[i] = raw;
    wordStart[i] = wordCount;
    titleWords[i] = length > 0 ? Math.min(raw.readUInt16LE(0), length - 1) : 0;
    wordCount += Math.max(0, length - 1);
  });
  wordStart[docs] = wordCount;
  const words = wide ? new Uint32Array(wordCount) : new Uint16Array(wordCount);
  sequences.forEach((raw, i) => {
    let at = wordStart[i]!;
    const end = wordStart[i + 1]!;
    for (let offset = width; at < end; offset += width)
      words[at++] = wide ? raw.readUInt32LE(offset) : raw.readUInt16LE(offset);
  });

  const titleField = String(plain.fieldIds.title);
  const bodyField = String(plain.fieldIds.body);
  const terms: string[] = new Array(termCount);
  const titleStart = new Uint32Array(termCount + 1);
  const bodyStart = new Uint32Array(termCount + 1);
  const title = new Postings(docs);
  const body = new Postings(docs);
  for (let k = 0; k < termCount; k++) {
    const [term, data] = entries[k]!;
    terms[k] = term;
    titleStart[k] = title.length;
    bodyStart[k] = body.length;
    title.add(data[titleField], ordinal);
    body.add(data[bodyField], ordinal);
  }
  titleStart[termCount] = title.length;
  bodyStart[termCount] = body.length;
  return finish({
    docs,
    ids,
    titles,
    sources,
    links,
    publishedAt,
    terms,
    titleStart,
    titleDocs: title.done(),
    bodyStart,
    bodyDocs: body.done(),
    wordStart,
    titleWords,
    words,
  });
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

/** Posting lists of one field, appended term after term into one growing array. */
class Postings {
  private array: Numbers;
  length = 0;

  constructor(private readonly docs: number) {
    this.array = this.make(Math.max(1024, docs * 8));
  }

  private make(size: number): Numbers {
    return this.docs > 0xffff ? new Uint32Array(size) : new Uint16Array(size);
  }

  /** Appends one term's documents (as numbered here), ascending. */
  add(postings: Record<string, number> | undefined, ordinal: Int32Array): void {
    if (!postings) return;
    const start = this.length;
    let sorted = true;
    let previous = -1;
    for (const shortId in postings) {
      const doc = ordinal[Number(shortId)] ?? -1;
      // An index that had documents removed keeps their postings a while.
      if (doc < 0) continue;
      if (this.length === this.array.length) {
        const grown = this.make(this.array.length * 2);
        grown.set(this.array);
        this.array = grown;
      }
      this.array[this.length++] = doc;
      if (doc < previous) sorted = false;
      previous = doc;
    }
    if (!sorted) this.array.subarray(start, this.length).sort();
  }

  done(): Numbers {
    return this.array.slice(0, this.length);
  }
}

function isSorted(entries: AsPlainObject["index"]): boolean {
  for (let k = 1; k < entries.length; k++) if (!(entries[k - 1]![0] < entries[k]![0])) return false;
  return true;
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
