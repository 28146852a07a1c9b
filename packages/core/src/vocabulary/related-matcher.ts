import { MIN_RELATED_TERMS, MIN_RELATED_WEIGHT, type StrongTerm } from "./significance.ts";

/** A phrase an article matched through its strong terms, not by name. */
export interface RelatedMatch {
  phrase: string;
  /** The phrase's strong terms the article carries, strongest first. */
  terms: string[];
}

/** Terms named as why a related match matched, at most. */
export const MAX_VIA_TERMS = 3;

/**
 * Every phrase's strong terms, as an inverted index term -> phrases, so an article is matched
 * against all phrases in one pass over its terms (whatever the number of phrases). An article
 * matches a phrase it does not name when it carries at least MIN_RELATED_TERMS distinct strong
 * terms of it whose weights add up to MIN_RELATED_WEIGHT: one shared term never does.
 */
export class RelatedMatcher {
  private readonly byTerm = new Map<string, Array<{ phrase: string; weight: number }>>();
  private readonly byPhrase = new Map<string, StrongTerm[]>();

  get size(): number {
    return this.byPhrase.size;
  }

  /** The strong terms a phrase is matched through (none: it is matched by name only). */
  termsOf(phrase: string): StrongTerm[] {
    return this.byPhrase.get(phrase) ?? [];
  }

  /** Sets a phrase's strong terms, replacing what it had. */
  set(phrase: string, terms: StrongTerm[]): void {
    this.remove(phrase);
    if (terms.length < MIN_RELATED_TERMS) return;
    this.byPhrase.set(phrase, terms);
    for (const { term, weight } of terms) {
      const list = this.byTerm.get(term);
      if (list) list.push({ phrase, weight });
      else this.byTerm.set(term, [{ phrase, weight }]);
    }
  }

  remove(phrase: string): void {
    const terms = this.byPhrase.get(phrase);
    if (!terms) return;
    this.byPhrase.delete(phrase);
    for (const { term } of terms) {
      const list = this.byTerm.get(term)!.filter((entry) => entry.phrase !== phrase);
      if (list.length > 0) this.byTerm.set(term, list);
      else this.byTerm.delete(term);
    }
  }

  /**
   * The phrases an article's terms (see `termsOf`) match through their strong terms, leaving out
   * the phrases it names (`named`: those matched it directly).
   */
  match(terms: readonly string[], named: ReadonlySet<string> | readonly string[] = []): RelatedMatch[] {
    if (this.byPhrase.size === 0) return [];
    const hits = new Map<string, { weight: number; terms: Array<{ term: string; weight: number }> }>();
    for (const term of terms) {
      const list = this.byTerm.get(term);
      if (!list) continue;
      for (const { phrase, weight } of list) {
        const hit = hits.get(phrase);
        if (hit) {
          hit.weight += weight;
          hit.terms.push({ term, weight });
        } else hits.set(phrase, { weight, terms: [{ term, weight }] });
      }
    }
    const skip = named instanceof Set ? named : new Set(named as readonly string[]);
    const matches: RelatedMatch[] = [];
    for (const [phrase, hit] of hits) {
      if (hit.terms.length < MIN_RELATED_TERMS || hit.weight < MIN_RELATED_WEIGHT || skip.has(phrase)) continue;
      const carried = hit.terms.sort((a, b) => b.weight - a.weight || (a.term < b.term ? -1 : 1));
      matches.push({ phrase, terms: carried.slice(0, MAX_VIA_TERMS).map((t) => t.term) });
    }
    return matches;
  }
}
