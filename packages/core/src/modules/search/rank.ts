import { badRequest } from "../../lib/errors/index.ts";
import { MAX_QUERY_TERMS, parseQuery, type ParsedQuery } from "./query.ts";
import { MAX_PAGE, MIN_QUERY_LENGTH, MIN_QUERY_MESSAGE, PAGE_SIZE } from "./rules.ts";
import { termRange, type Segment } from "./segment.ts";

/** An article result as the API answers it. */
export interface SearchHit {
  id: string;
  title: string;
  source: string;
  link: string;
  /** ISO 8601. */
  publication_date: string;
}

export interface SearchPage {
  results: SearchHit[];
  page: number;
  hasMore: boolean;
}

/**
 * Relevance, most important first, packed into one small integer (higher ranks first):
 * 1. how many of the query's words the article has (all words above some);
 * 2. the exact phrase — the words adjacent and in order — in the title (2) or the body (1), for
 *    queries of two words or more (exact phrase above scattered words);
 * 3. how many of the words are in the title (title above body);
 * 4. the word being typed found whole, not only as the start of a longer word.
 * Recency then breaks ties. These are facts about the article alone, so articles from different
 * day segments compare fairly (scores built on each segment's word statistics would not).
 */
const tierOf = (matched: number, phrase: number, inTitle: number, whole: number) =>
  ((matched * 3 + phrase) * 16 + inTitle) * 2 + whole;
/** What a phrase level adds to a tier. */
const PHRASE_STEP = 32;
const TIERS = tierOf(MAX_QUERY_TERMS, 2, MAX_QUERY_TERMS, 1) + 1;

const POPCOUNT = Uint8Array.from({ length: 256 }, (_, i) => {
  let n = 0;
  for (let b = i; b; b >>= 1) n += b & 1;
  return n;
});

/** Per-document scratch shared by every search in the process (searches don't interleave within a segment). */
let anyMask = new Uint8Array(0);
let titleMask = new Uint8Array(0);
let bodyMask = new Uint8Array(0);
let wholeMark = new Uint8Array(0);
let touched = new Uint32Array(0);

function scratch(docs: number): void {
  if (anyMask.length >= docs) return;
  const size = Math.max(docs, anyMask.length * 2, 1024);
  anyMask = new Uint8Array(size);
  titleMask = new Uint8Array(size);
  bodyMask = new Uint8Array(size);
  wholeMark = new Uint8Array(size);
  touched = new Uint32Array(size);
}

/**
 * The hits of one query over day segments searched newest first, and the page asked for.
 *
 * Each segment's postings mark, per document, which query words it has and where; a document's
 * tier follows from those marks, and only the exact phrase needs its text, so that check is left
 * until a document could reach the page. Documents come newest first (segments by day, documents
 * within one by time), so a tier's hits are already in recency order. Once the page is full of
 * hits whose tier older segments could only equal, the search stops (`satisfied`); hits that can
 * no longer reach the page are not kept.
 */
export class Ranking {
  private readonly wanted: number;
  private readonly best: number;
  private readonly segments: Segment[] = [];
  /** Per segment: the phrase's words as its term numbers, when it has them all. */
  private readonly phrases: Array<PhraseTerms | undefined> = [];
  // Candidates, in recency order: their segment, document, tier without and with a possible phrase.
  private readonly segmentOf: number[] = [];
  private readonly docOf: number[] = [];
  private readonly base: number[] = [];
  private readonly upper: number[] = [];
  /** How many candidates have each tier at least (their tier without a phrase). */
  private readonly atLeast = new Uint32Array(TIERS);
  /**
   * The highest tier at or above which enough candidates rank to fill the page (`full`), so that
   * a later, older hit of this tier or below can no longer reach it.
   */
  private floor = 0;
  private full = false;
  /** Candidates whose tier (without a phrase) is at least the floor. */
  private atFloor = 0;
  /** Candidates are let go of (below the floor) when there are more than this. */
  private compactAt = 0;

  constructor(
    private readonly query: ParsedQuery,
    readonly page: number,
    /** Articles published before this (epoch ms) are left out: the searcher's plan's coverage. */
    private readonly since = Number.NEGATIVE_INFINITY,
  ) {
    this.wanted = Math.min(page, MAX_PAGE) * PAGE_SIZE + 1;
    this.compactAt = 4 * this.wanted + 4096;
    const n = query.terms.length;
    this.best = tierOf(n, query.tokens.length >= 2 ? 2 : 0, n, query.prefixTerm ? 1 : 0);
  }

  /** Whether no segment still to search can change the requested page. */
  get satisfied(): boolean {
    return this.query.terms.length === 0 || this.page > MAX_PAGE || (this.full && this.floor >= this.best);
  }

  /** Adds the hits of one segment; segments must come newest day first. */
  add(segment: Segment): void {
    const { terms, prefixTerm, tokens } = this.query;
    const n = terms.length;
    if (n === 0 || segment.docs === 0) return;
    scratch(segment.docs);
    let touchedCount = 0;

    for (let i = 0; i < n; i++) {
      const term = terms[i]!;
      const bit = 1 << i;
      const isPrefix = term === prefixTerm;
      const [lo, hi] = termRange(segment, term, isPrefix);
      for (let k = lo; k < hi; k++) {
        const whole = isPrefix && segment.terms[k] === term;
        for (let field = 0; field < 2; field++) {
          const start = field === 0 ? segment.titleStart : segment.bodyStart;
          const postings = field === 0 ? segment.titleDocs : segment.bodyDocs;
          const fieldMask = field === 0 ? titleMask : bodyMask;
          for (let p = start[k]!, end = start[k + 1]!; p < end; p++) {
            const doc = postings[p]!;
            if (anyMask[doc] === 0) touched[touchedCount++] = doc;
            anyMask[doc] = anyMask[doc]! | bit;
            fieldMask[doc] = fieldMask[doc]! | bit;
            if (whole) wholeMark[doc] = 1;
          }
        }
      }
    }
    if (touchedCount === 0) return;

    // Walk the touched documents in order (newest first): sorted, or by a pass over all when many.
    const dense = touchedCount * 8 > segment.docs;
    if (!dense) sortTouched(touchedCount);
    const all = (1 << n) - 1;
    const phraseWanted = tokens.length >= 2;
    let phraseTerms: PhraseTerms | undefined | null = null;
    const index = this.segments.length;
    const floor = this.floor;
    const full = this.full;
    const count = dense ? segment.docs : touchedCount;
    let added = 0;
    for (let j = 0; j < count; j++) {
      const doc = dense ? j : touched[j]!;
      const mask = anyMask[doc]!;
      if (mask === 0 || segment.publishedAt[doc]! < this.since) continue;
      const tier = tierOf(POPCOUNT[mask]!, 0, POPCOUNT[titleMask[doc]!]!, prefixTerm ? wholeMark[doc]! : 0);
      let upper = tier;
      if (phraseWanted && mask === all) {
        const phraseAt = titleMask[doc] === all ? 2 : bodyMask[doc] === all ? 1 : 0;
        if (phraseAt > 0) {
          // Looked up once a segment has a document that could hold the phrase.
          if (phraseTerms === null) phraseTerms = resolvePhrase(segment, tokens, prefixTerm !== undefined);
          if (phraseTerms) upper += phraseAt * PHRASE_STEP;
        }
      }
      if (upper < floor || (full && upper === floor)) continue;
      this.segmentOf.push(index);
      this.docOf.push(doc);
      this.base.push(tier);
      this.upper.push(upper);
      this.atLeast[tier]!++;
      if (tier >= floor) this.atFloor++;
      added++;
    }
    for (let j = 0; j < touchedCount; j++) {
      const doc = touched[j]!;
      anyMask[doc] = 0;
      titleMask[doc] = 0;
      bodyMask[doc] = 0;
      wholeMark[doc] = 0;
    }
    if (added === 0) return;
    this.segments.push(segment);
    this.phrases.push(phraseTerms ?? undefined);
    if (this.atFloor >= this.wanted) this.raiseFloor();
  }

  /** Raises the floor as far as the candidates allow, and lets go of those below it when many. */
  private raiseFloor(): void {
    this.full = true;
    while (this.floor < this.best && this.atFloor - this.atLeast[this.floor]! >= this.wanted) {
      this.atFloor -= this.atLeast[this.floor]!;
      this.floor++;
    }
    if (this.upper.length > this.compactAt) {
      let kept = 0;
      for (let c = 0; c < this.upper.length; c++) {
        if (this.upper[c]! < this.floor) continue;
        this.segmentOf[kept] = this.segmentOf[c]!;
        this.docOf[kept] = this.docOf[c]!;
        this.base[kept] = this.base[c]!;
        this.upper[kept] = this.upper[c]!;
        kept++;
      }
      this.segmentOf.length = this.docOf.length = this.base.length = this.upper.length = kept;
      this.compactAt = Math.max(this.compactAt, 2 * kept);
    }
  }

  /**
   * The best `wanted` candidates, best first. Each tier is taken in recency order; a candidate
   * that might hold the phrase is checked when its tier comes up, and moves down to its actual
   * tier when it does not (merged there in recency order, by candidate number).
   */
  private select(): number[] {
    const { floor, best, upper } = this;
    // Candidates grouped by their possible tier, best first, each group in recency order.
    const starts = new Uint32Array(best - floor + 2);
    for (let c = 0; c < upper.length; c++) if (upper[c]! >= floor) starts[best - upper[c]! + 1]!++;
    for (let g = 1; g < starts.length; g++) starts[g]! += starts[g - 1]!;
    const grouped = new Int32Array(starts[starts.length - 1]!);
    const next = starts.slice(0, -1);
    for (let c = 0; c < upper.length; c++) if (upper[c]! >= floor) grouped[next[best - upper[c]!]!++] = c;

    const moved = new Map<number, number[]>();
    const chosen: number[] = [];
    for (let tier = best; tier >= floor && chosen.length < this.wanted; tier--) {
      const own = grouped.subarray(starts[best - tier], starts[best - tier + 1]);
      const late = moved.get(tier);
      const queue: ArrayLike<number> = late
        ? merge(
            own,
            late.sort((x, y) => x - y),
          )
        : own;
      for (let q = 0; q < queue.length; q++) {
        const c = queue[q]!;
        const base = this.base[c]!;
        let actual = tier;
        if (upper[c] !== base && tier === upper[c]) {
          const at = this.segmentOf[c]!;
          actual = base + phraseIn(this.segments[at]!, this.docOf[c]!, this.phrases[at]!) * PHRASE_STEP;
        }
        if (actual === tier) {
          chosen.push(c);
          if (chosen.length >= this.wanted) break;
        } else {
          let list = moved.get(actual);
          if (!list) moved.set(actual, (list = []));
          list.push(c);
        }
      }
    }
    return chosen;
  }

  result(): SearchPage {
    if (this.page > MAX_PAGE || this.query.terms.length === 0) return { results: [], page: this.page, hasMore: false };
    const chosen = this.select();
    const start = (this.page - 1) * PAGE_SIZE;
    return {
      results: chosen.slice(start, start + PAGE_SIZE).map((c) => {
        const segment = this.segments[this.segmentOf[c]!]!;
        const doc = this.docOf[c]!;
        return {
          id: segment.ids[doc]!,
          title: segment.titles[doc]!,
          source: segment.sources[doc]!,
          link: segment.links[doc]!,
          publication_date: new Date(segment.publishedAt[doc]!).toISOString(),
        };
      }),
      page: this.page,
      hasMore: chosen.length > start + PAGE_SIZE && this.page < MAX_PAGE,
    };
  }
}

/** Sorts the first `count` touched documents (insertion sort when few: no allocation). */
function sortTouched(count: number): void {
  if (count > 32) {
    touched.subarray(0, count).sort();
    return;
  }
  for (let i = 1; i < count; i++) {
    const value = touched[i]!;
    let j = i - 1;
    while (j >= 0 && touched[j]! > value) {
      touched[j + 1] = touched[j]!;
      j--;
    }
    touched[j + 1] = value;
  }
}

function merge(a: ArrayLike<number>, b: number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]! < b[j]!)) out.push(a[i++]!);
    else out.push(b[j++]!);
  }
  return out;
}

/** A phrase as one segment numbers its words: all but the last exactly, the last as a range (a prefix's terms). */
interface PhraseTerms {
  exact: Int32Array;
  lastFrom: number;
  lastTo: number;
}

function resolvePhrase(segment: Segment, tokens: readonly string[], lastIsPrefix: boolean): PhraseTerms | undefined {
  const exact = new Int32Array(tokens.length - 1);
  for (let i = 0; i < tokens.length - 1; i++) {
    const [from, to] = termRange(segment, tokens[i]!, false);
    if (from === to) return undefined;
    exact[i] = from;
  }
  const [lastFrom, lastTo] = termRange(segment, tokens[tokens.length - 1]!, lastIsPrefix);
  return lastFrom === lastTo ? undefined : { exact, lastFrom, lastTo };
}

/**
 * Where the phrase occurs in a document's words, adjacent and in order: in the title 2, in the
 * body 1, nowhere 0 (as you type, its last word may be the start of a longer word).
 */
function phraseIn(segment: Segment, doc: number, phrase: PhraseTerms): number {
  const { words } = segment;
  const start = segment.wordStart[doc]!;
  const end = segment.wordStart[doc + 1]!;
  const titleEnd = start + segment.titleWords[doc]!;
  const { exact, lastFrom, lastTo } = phrase;
  const k = exact.length + 1;
  const first = exact[0]!;
  for (let i = start; i + k <= end; i++) {
    if (words[i] !== first) continue;
    let j = 1;
    while (j < k - 1 && words[i + j] === exact[j]) j++;
    if (j < k - 1) continue;
    const last = words[i + k - 1]!;
    if (last < lastFrom || last >= lastTo) continue;
    if (i + k <= titleEnd) return 2;
    if (i >= titleEnd) return 1;
  }
  return 0;
}

/** Pages count from 1; anything else asks for the first. */
export function pageNumber(page: number): number {
  return Number.isFinite(page) && page >= 1 ? Math.floor(page) : 1;
}

/** The search over segments already in memory, newest day first (what `searchArticles` does once loaded). */
export function searchSegments(segments: readonly Segment[], q: string, page = 1): SearchPage {
  const text = q.trim();
  if (text.length < MIN_QUERY_LENGTH) throw badRequest(MIN_QUERY_MESSAGE);
  const ranking = new Ranking(parseQuery(text), pageNumber(page));
  for (let i = 0; i < segments.length && !ranking.satisfied; i++) ranking.add(segments[i]!);
  return ranking.result();
}
