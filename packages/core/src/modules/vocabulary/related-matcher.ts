import { ABSENT, StringIds } from "../../lib/matching/index.ts";
import { MIN_RELATED_TERMS, MIN_RELATED_WEIGHT, type StrongTerm } from "./significance.ts";

/** A phrase an article matched through its strong terms, not by name. */
export interface RelatedMatch {
  phrase: string;
  /** The phrase's strong terms the article carries, strongest first (at most MAX_VIA_TERMS). */
  terms: string[];
}

/** Terms named as why a related match matched, at most. */
export const MAX_VIA_TERMS = 3;
/**
 * A term strong for more phrases than this tells none of them apart (it is on its way to being a
 * common word): matching skips it, which also bounds the work per article term.
 */
export const MAX_PHRASES_PER_TERM = 500;

/**
 * Every phrase's strong terms, as an inverted index term -> phrases, so an article is matched
 * against all phrases in one pass over its terms (whatever the number of phrases). An article
 * matches a phrase it does not name when it carries at least MIN_RELATED_TERMS distinct strong
 * terms of it whose weights add up to MIN_RELATED_WEIGHT: one shared term never does.
 *
 * Phrases are numbered and keep their terms; the index is compiled from them when first used
 * after a change (about 0.1 s for 30,000 phrases of 50 terms; changes come in syncs, not per
 * article). A match is bound by reads of memory, not by arithmetic (the index of 30,000 phrases
 * is tens of megabytes, far more than a cache holds), so the index is laid out for few reads:
 * a term's entry in `termRuns` (a `StringIds`) is where its run starts in one flat array —
 * the run's length, then each phrase number beside its weight — and the weights are added up
 * per article in a small table of the phrases touched (a few hundred), which stays in cache,
 * instead of in arrays as long as the dictionary, where each phrase touched was a read of memory.
 */
export class RelatedMatcher {
  private readonly phraseIds = new Map<string, number>();
  private readonly phraseNames: string[] = [];
  private readonly phraseTerms: Array<Map<string, number> | undefined> = [];
  private readonly freeIds: number[] = [];
  private dirty = false;
  // The compiled index: term -> the cell its run starts at. A run is cells of 16 bytes, read
  // through two views of one buffer: first the run's length (`runInts[4 * cell]`), then per
  // phrase its number (`runInts[4 * cell]`) beside its weight (`runWeights[2 * cell + 1]`).
  private termRuns = new StringIds();
  private runInts = new Int32Array(0);
  private runWeights = new Float64Array(0);
  // Scratch for a match: the runs of the article's terms the index knows, as (start, position of
  // the term) pairs, and the table of the phrases they touch (see `Tally`).
  private known = new Int32Array(0);
  private readonly tally = new Tally();

  get size(): number {
    return this.phraseIds.size;
  }

  /** The strong terms a phrase is matched through (none: it is matched by name only). */
  termsOf(phrase: string): StrongTerm[] {
    const id = this.phraseIds.get(phrase);
    const terms = id === undefined ? undefined : this.phraseTerms[id];
    return terms ? [...terms].map(([term, weight]) => ({ term, weight, score: weight })) : [];
  }

  /** Sets a phrase's strong terms, replacing what it had. */
  set(phrase: string, terms: StrongTerm[]): void {
    this.remove(phrase);
    const own = new Map<string, number>();
    for (const { term, weight } of terms) if (!own.has(term)) own.set(term, weight);
    if (own.size < MIN_RELATED_TERMS) return;
    const id = this.freeIds.pop() ?? this.phraseNames.length;
    this.phraseIds.set(phrase, id);
    this.phraseNames[id] = phrase;
    this.phraseTerms[id] = own;
    this.dirty = true;
  }

  remove(phrase: string): void {
    const id = this.phraseIds.get(phrase);
    if (id === undefined) return;
    this.phraseIds.delete(phrase);
    this.phraseTerms[id] = undefined;
    this.phraseNames[id] = "";
    this.freeIds.push(id);
    this.dirty = true;
  }

  /**
   * The phrases an article's distinct terms (see `termsOf`) match through their strong terms,
   * leaving out the phrases it names (`named`: those it matched directly).
   */
  match(terms: readonly string[], named: ReadonlySet<string> | readonly string[] = []): RelatedMatch[] {
    if (this.phraseIds.size === 0) return [];
    if (this.dirty) this.compile();
    if (this.known.length < 2 * terms.length)
      this.known = new Int32Array(Math.max(2 * terms.length, this.known.length * 2));
    const { runInts, runWeights, termRuns, known, tally } = this;
    // Each term is looked up once: the runs found serve both passes.
    let knownCount = 0;
    let postings = 0;
    for (let k = 0; k < terms.length; k++) {
      const cell = termRuns.get(terms[k]!);
      if (cell === ABSENT) continue;
      known[knownCount++] = cell;
      known[knownCount++] = k;
      postings += runInts[4 * cell]!;
    }
    if (postings === 0) return [];
    tally.reset(postings);
    for (let j = 0; j < knownCount; j += 2) {
      const first = known[j]!;
      for (let cell = first + 1, end = cell + runInts[4 * first]!; cell < end; cell++) {
        tally.add(runInts[4 * cell]!, runWeights[2 * cell + 1]!);
      }
    }
    // Phrases that match are numbered from -1 down in their counts (no longer needed as counts).
    const found: RelatedMatch[] = [];
    const foundWeights: number[][] = [];
    const { phrases, counts, sums, order } = tally;
    for (let o = 0; o < tally.size; o++) {
      const slot = order[o]!;
      if (counts[slot]! < MIN_RELATED_TERMS || sums[slot]! < MIN_RELATED_WEIGHT) continue;
      // The phrase's name is read only for the few that add up (most touched phrases do not).
      const phrase = this.phraseNames[phrases[slot]!]!;
      if (isNamed(phrase, named)) continue;
      found.push({ phrase, terms: [] });
      foundWeights.push([]);
      counts[slot] = -found.length;
    }
    if (found.length > 0) {
      // A second pass over the same runs names the terms that carried each match.
      for (let j = 0; j < knownCount; j += 2) {
        const first = known[j]!;
        const term = terms[known[j + 1]!]!;
        for (let cell = first + 1, end = cell + runInts[4 * first]!; cell < end; cell++) {
          const match = counts[tally.slotOf(runInts[4 * cell]!)]!;
          if (match < 0)
            keepStrongest(found[-match - 1]!.terms, foundWeights[-match - 1]!, term, runWeights[2 * cell + 1]!);
        }
      }
    }
    return found;
  }

  /**
   * Builds the flat index from the phrases' terms. A term strong for more than
   * MAX_PHRASES_PER_TERM phrases is left out of it.
   */
  private compile(): void {
    const perTerm = new Map<string, number>();
    for (const terms of this.phraseTerms) {
      if (terms) for (const term of terms.keys()) perTerm.set(term, (perTerm.get(term) ?? 0) + 1);
    }
    const termRuns = new StringIds(perTerm.size);
    let cells = 0;
    for (const [term, count] of perTerm) {
      if (count > MAX_PHRASES_PER_TERM) continue;
      termRuns.set(term, cells);
      cells += 1 + count;
    }
    const buffer = new ArrayBuffer(16 * cells);
    const runInts = new Int32Array(buffer);
    const runWeights = new Float64Array(buffer);
    this.phraseTerms.forEach((terms, id) => {
      if (!terms) return;
      for (const [term, weight] of terms) {
        const first = termRuns.get(term);
        if (first === ABSENT) continue;
        const cell = first + 1 + runInts[4 * first]!++;
        runInts[4 * cell] = id;
        runWeights[2 * cell + 1] = weight;
      }
    });
    this.termRuns = termRuns;
    this.runInts = runInts;
    this.runWeights = runWeights;
    this.dirty = false;
  }
}

/**
 * Per phrase touched by one article: how many of its terms the article carries and their weights'
 * sum, in an open-addressing table sized to the article's postings (so it stays small and in
 * cache), with the order in which phrases were first touched (the order matches are answered in).
 */
class Tally {
  /** Per slot: the phrase (EMPTY: none), the count of its terms, their weights' sum. */
  phrases = new Int32Array(0);
  counts = new Int32Array(0);
  sums = new Float64Array(0);
  /** Slots in the order their phrases were first touched. */
  order = new Int32Array(0);
  size = 0;
  private mask = 0;
  private shift = 32;

  /** Empties the table, with room for `postings` phrases. */
  reset(postings: number): void {
    let capacity = 64;
    while (capacity < 2 * postings) capacity *= 2;
    if (this.phrases.length < capacity) {
      this.phrases = new Int32Array(capacity);
      this.counts = new Int32Array(capacity);
      this.sums = new Float64Array(capacity);
      this.order = new Int32Array(capacity);
    }
    this.phrases.fill(EMPTY, 0, capacity);
    this.mask = capacity - 1;
    this.shift = 32 - Math.log2(capacity);
    this.size = 0;
  }

  add(phrase: number, weight: number): void {
    const slot = this.slotOf(phrase);
    if (this.phrases[slot] === EMPTY) {
      this.phrases[slot] = phrase;
      this.counts[slot] = 1;
      this.sums[slot] = weight;
      this.order[this.size++] = slot;
    } else {
      this.counts[slot]!++;
      this.sums[slot]! += weight;
    }
  }

  /** The phrase's slot, or the empty slot where it goes. */
  slotOf(phrase: number): number {
    const { phrases, mask } = this;
    let slot = Math.imul(phrase, 0x9e3779b1) >>> this.shift;
    while (phrases[slot] !== phrase && phrases[slot] !== EMPTY) slot = (slot + 1) & mask;
    return slot;
  }
}

const EMPTY = -1;

function isNamed(phrase: string, named: ReadonlySet<string> | readonly string[]): boolean {
  if (named instanceof Set) return named.has(phrase);
  for (const name of named as readonly string[]) if (name === phrase) return true;
  return false;
}

/**
 * Adds a term to a match's terms if it is among the MAX_VIA_TERMS strongest so far, the
 * strongest first (equal weights alphabetically): the order sorting them all would give.
 */
function keepStrongest(terms: string[], weights: number[], term: string, weight: number): void {
  let at = terms.length;
  if (at === MAX_VIA_TERMS) {
    if (!stronger(weight, term, weights[at - 1]!, terms[at - 1]!)) return;
    at--;
  }
  for (; at > 0 && stronger(weight, term, weights[at - 1]!, terms[at - 1]!); at--) {
    terms[at] = terms[at - 1]!;
    weights[at] = weights[at - 1]!;
  }
  terms[at] = term;
  weights[at] = weight;
}

function stronger(weight: number, term: string, than: number, thanTerm: string): boolean {
  return weight > than || (weight === than && term < thanTerm);
}
