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
 * article) into flat typed arrays — per term a run of phrase numbers and weights — which a match
 * reads with no allocation, adding up weights in reused arrays and touching only the phrases its
 * terms name.
 */
export class RelatedMatcher {
  private readonly phraseIds = new Map<string, number>();
  private readonly phraseNames: string[] = [];
  private readonly phraseTerms: Array<Map<string, number> | undefined> = [];
  private readonly freeIds: number[] = [];
  private dirty = false;
  // The compiled index: term -> its number; its phrases are ids[offsets[t] .. offsets[t + 1]).
  private termNumbers = new Map<string, number>();
  private offsets = new Int32Array(1);
  private ids = new Int32Array(0);
  private weights = new Float64Array(0);
  // Scratch for a match.
  private sums = new Float64Array(0);
  private counts = new Int32Array(0);
  private readonly touched: number[] = [];
  private known = new Int32Array(0);

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
    const { sums, counts, touched, offsets, ids, weights, termNumbers, known } = this;
    // Each term is looked up once (the lookups are most of a match's cost): the terms the index
    // knows, as (number, position in `terms`) pairs, serve the second pass too.
    let knownCount = 0;
    for (let k = 0; k < terms.length; k++) {
      const t = termNumbers.get(terms[k]!);
      if (t === undefined) continue;
      known[knownCount++] = t;
      known[knownCount++] = k;
      for (let i = offsets[t]!, end = offsets[t + 1]!; i < end; i++) {
        const id = ids[i]!;
        if (counts[id] === 0) touched.push(id);
        counts[id]!++;
        sums[id]! += weights[i]!;
      }
    }
    // Phrases that match are numbered from -1 down in `counts` (no longer needed as counts).
    const found: RelatedMatch[] = [];
    const foundWeights: number[][] = [];
    for (const id of touched) {
      const matches =
        counts[id]! >= MIN_RELATED_TERMS && sums[id]! >= MIN_RELATED_WEIGHT && !isNamed(this.phraseNames[id]!, named);
      sums[id] = 0;
      if (matches) {
        found.push({ phrase: this.phraseNames[id]!, terms: [] });
        foundWeights.push([]);
        counts[id] = -found.length;
      } else counts[id] = 0;
    }
    if (found.length > 0) {
      // A second pass over the same runs names the terms that carried each match.
      for (let j = 0; j < knownCount; j += 2) {
        const t = known[j]!;
        const term = terms[known[j + 1]!]!;
        for (let i = offsets[t]!, end = offsets[t + 1]!; i < end; i++) {
          const at = counts[ids[i]!]!;
          if (at < 0) keepStrongest(found[-at - 1]!.terms, foundWeights[-at - 1]!, term, weights[i]!);
        }
      }
      for (const id of touched) counts[id] = 0;
    }
    touched.length = 0;
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
    const termNumbers = new Map<string, number>();
    const offsets: number[] = [0];
    for (const [term, count] of perTerm) {
      if (count > MAX_PHRASES_PER_TERM) continue;
      termNumbers.set(term, offsets.length - 1);
      offsets.push(offsets[offsets.length - 1]! + count);
    }
    const total = offsets[offsets.length - 1]!;
    const ids = new Int32Array(total);
    const weights = new Float64Array(total);
    const filled = Int32Array.from(offsets);
    this.phraseTerms.forEach((terms, id) => {
      if (!terms) return;
      for (const [term, weight] of terms) {
        const t = termNumbers.get(term);
        if (t === undefined) continue;
        const at = filled[t]!++;
        ids[at] = id;
        weights[at] = weight;
      }
    });
    this.termNumbers = termNumbers;
    this.offsets = Int32Array.from(offsets);
    this.ids = ids;
    this.weights = weights;
    if (this.sums.length < this.phraseNames.length) {
      this.sums = new Float64Array(this.phraseNames.length);
      this.counts = new Int32Array(this.phraseNames.length);
    }
    this.dirty = false;
  }
}

function isNamed(phrase: string, named: ReadonlySet<string> | readonly string[]): boolean {
  return named instanceof Set ? named.has(phrase) : (named as readonly string[]).includes(phrase);
}

/**
 * Adds a term to a match's terms if it is among the MAX_VIA_TERMS strongest so far, the
 * strongest first (equal weights in the terms' order): the order sorting them all would give.
 */
function keepStrongest(terms: string[], weights: number[], term: string, weight: number): void {
  let at = 0;
  while (at < terms.length && (weights[at]! > weight || (weights[at] === weight && terms[at]! < term))) at++;
  if (at >= MAX_VIA_TERMS) return;
  terms.splice(at, 0, term);
  weights.splice(at, 0, weight);
  if (terms.length > MAX_VIA_TERMS) {
    terms.length = MAX_VIA_TERMS;
    weights.length = MAX_VIA_TERMS;
  }
}
