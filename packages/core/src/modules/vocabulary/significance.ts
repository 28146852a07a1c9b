/**
 * Which terms are significant for a phrase, in the manner of Elasticsearch's significant_terms
 * aggregation: the foreground is the set of articles that name the phrase, the background the
 * trusted articles read lately. A term is significant when it is much more frequent in the
 * foreground than in the rest of the background, scored by JLH (absolute change in frequency
 * times relative change). Pure: no I/O.
 */

/** A phrase learns nothing before this many trusted articles have named it. */
export const MIN_FOREGROUND_ARTICLES = 5;
/** A term counts only once it is in this many of the phrase's articles. */
export const MIN_TERM_ARTICLES = 3;
/** Below this many background articles, nothing is significant (too little to tell common words). */
export const MIN_BACKGROUND_ARTICLES = 30;
/** A term in more than this share of the other articles is a common word: never significant. */
export const MAX_COMMON_SHARE = 0.05;
/** A term must be at least this many times more frequent in the foreground than in the rest. */
export const MIN_LIFT = 4;
/** Terms kept per phrase. */
export const STRONG_TERMS_PER_PHRASE = 50;

/** What the articles naming one phrase hold: how many there are, and per term how many hold it. */
export interface Foreground {
  articles: number;
  counts: Map<string, number>;
}

/** Document frequencies over the background: how many articles, and per term how many hold it. */
export interface Background {
  articles: number;
  df: Map<string, number>;
}

export interface StrongTerm {
  term: string;
  /** JLH score: what orders terms. */
  score: number;
  /** ln(lift): what a related match adds up (at least ln MIN_LIFT). */
  weight: number;
}

/**
 * The up to STRONG_TERMS_PER_PHRASE most significant terms of a phrase, best first; none while
 * the foreground or background is too small. The phrase's own words are never its terms (an
 * article with them is matched by name or not at all). The rest of the background is the
 * background less the foreground (both counted over roughly the same recent articles; counts
 * that drifted apart are floored at zero).
 */
export function strongTerms(phrase: string, foreground: Foreground, background: Background): StrongTerm[] {
  if (foreground.articles < MIN_FOREGROUND_ARTICLES || background.articles < MIN_BACKGROUND_ARTICLES) return [];
  const own = new Set(phrase.split(" "));
  const restArticles = Math.max(1, background.articles - foreground.articles);
  const found: StrongTerm[] = [];
  for (const [term, count] of foreground.counts) {
    if (count < MIN_TERM_ARTICLES || own.has(term)) continue;
    const rest = Math.max(0, (background.df.get(term) ?? 0) - count);
    if (rest / restArticles > MAX_COMMON_SHARE) continue;
    const fg = Math.min(1, count / foreground.articles);
    // Smoothed: a term never seen elsewhere is as if seen in half an article.
    const bg = (rest + 0.5) / (restArticles + 1);
    const lift = fg / bg;
    if (lift < MIN_LIFT) continue;
    found.push({ term, score: (fg - bg) * lift, weight: Math.log(lift) });
  }
  return found.sort((a, b) => b.score - a.score || (a.term < b.term ? -1 : 1)).slice(0, STRONG_TERMS_PER_PHRASE);
}

/**
 * Whether the strong terms changed enough to match recent articles again: they became usable,
 * or fewer than half of the best ten are still among them.
 */
export function changedMaterially(before: string[], after: string[]): boolean {
  if (after.length < MIN_RELATED_TERMS) return false;
  if (before.length < MIN_RELATED_TERMS) return true;
  const top = after.slice(0, 10);
  const kept = new Set(before.slice(0, 10));
  return top.filter((t) => kept.has(t)).length * 2 < top.length;
}

/** Distinct strong terms of a phrase an article must carry to match it through them: one is never enough. */
export const MIN_RELATED_TERMS = 2;
/**
 * And what their weights (ln lift) must add up to at least: about three terms each twenty times
 * more frequent in the phrase's articles than elsewhere, so two or three terms used in another sense
 * (a royal queen, her colony and a swarm of reporters) are not enough.
 */
export const MIN_RELATED_WEIGHT = 9;
