/**
 * The pure side of topic suggestions: how strongly two topics go together, which associations a
 * phrase keeps, and how evidence becomes an ordered list with a reason each. No I/O: the data
 * comes from `associations.ts` (what ingestion counted) and `suggestions.ts` (what a request reads).
 */

/** Bounds of the association data: what one article writes and what one request reads. */
export const ASSOCIATION_LIMITS = {
  /**
   * Phrases of one article that are counted (its strongest matches, title first): at most
   * 8 phrase counts and 28 pair counts, so one article never writes more than 37 items.
   */
  phrasesPerArticle: 8,
  /** Associations a phrase keeps per month, the strongest first: its item stays a few KB. */
  partnersPerPhrase: 40,
  /** People a phrase's follower sample names. */
  followerSample: 50,
  /** The person's topics a request starts from at most (supertags first, then the newest). */
  maxSeeds: 100,
  /**
   * Candidates whose own article counts a request reads afresh (the counts kept beside an
   * association date from when the two last met, and a topic in everything keeps growing):
   * this many per suggestion asked for, and at least `minRecount`.
   */
  recountPerSuggestion: 3,
  minRecount: 30,
  /** People sharing the person's topics whose topics a request reads at most. */
  peers: 20,
  /** Small counts say little: an association of n articles is weighed n / (n + shrink). */
  shrink: 2,
  /**
   * How much the topics of people with overlapping topics count next to co-occurrence in
   * articles: a topic that all of them follow counts about as much as one strong association.
   */
  peerWeight: 0.5,
} as const;

/**
 * How strongly two phrases go together, in [0, 1): the share of their articles they have in
 * common (the cosine, or Ochiai coefficient: `pair / √(a·b)`), weighed down when the pair is
 * rare. A topic that matches everything has a large `b`, so its pairs with anything count
 * little; two niche topics that keep appearing together count the most.
 */
export function association(pair: number, a: number, b: number, shrink: number = ASSOCIATION_LIMITS.shrink): number {
  if (!(pair > 0 && a > 0 && b > 0)) return 0;
  const cosine = Math.min(1, pair / Math.sqrt(a * b));
  return cosine * (pair / (pair + shrink));
}

/** A phrase's associations as stored: partner → [articles with both, articles with the partner]. */
export type Partners = Record<string, [number, number]>;

/**
 * A phrase's associations with the newest counts of some partners merged in: a count never goes
 * down (a stale writer cannot undo a newer one), and when more than `cap` partners are known the
 * weakest go (by `association`, given the phrase's own article count `own`). Answers null when
 * nothing changes, so the caller writes nothing.
 */
export function mergePartners(current: Partners, fresh: Partners, own: number, cap: number): Partners | null {
  const merged: Partners = { ...current };
  let changed = false;
  for (const [phrase, [pair, articles]] of Object.entries(fresh)) {
    const was = merged[phrase];
    const next: [number, number] = was ? [Math.max(was[0], pair), Math.max(was[1], articles)] : [pair, articles];
    if (!was || was[0] !== next[0] || was[1] !== next[1]) {
      merged[phrase] = next;
      changed = true;
    }
  }
  const names = Object.keys(merged);
  if (names.length > cap) {
    const strength = (p: string) => association(merged[p]![0], own, merged[p]![1]);
    const kept = names.sort((x, y) => strength(y) - strength(x) || merged[y]![0] - merged[x]![0] || (x < y ? -1 : 1));
    for (const dropped of kept.slice(cap)) delete merged[dropped];
    // Only entries that were not there before and did not stay: nothing to write.
    if (Object.keys(fresh).every((p) => !(p in merged)) && Object.keys(current).every((p) => p in merged)) {
      return null;
    }
    return merged;
  }
  return changed ? merged : null;
}

/** The phrases of an article that are counted: the strongest matches (title first), at most `max`. */
export function countedPhrases(
  matches: ReadonlyArray<{ phrase: string; titleCount: number; bodyCount: number }>,
  max: number = ASSOCIATION_LIMITS.phrasesPerArticle,
): string[] {
  return [...matches]
    .sort(
      (a, b) =>
        b.titleCount - a.titleCount ||
        b.titleCount + b.bodyCount - (a.titleCount + a.bodyCount) ||
        (a.phrase < b.phrase ? -1 : a.phrase > b.phrase ? 1 : 0),
    )
    .slice(0, max)
    .map((m) => m.phrase)
    .sort();
}

/** Each unordered pair of `phrases` once, in order (`first` < `second`). */
export function pairsOf(phrases: readonly string[]): Array<[string, string]> {
  const sorted = [...new Set(phrases)].sort();
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i < sorted.length; i++)
    for (let j = i + 1; j < sorted.length; j++) pairs.push([sorted[i]!, sorted[j]!]);
  return pairs;
}

/** One of the person's topics and what it was seen with in articles over the window. */
export interface SeedEvidence {
  /** The seed as the person shows it ('Rust'). */
  topic: string;
  /** Articles the seed matched in the window. */
  articles: number;
  partners: Array<{
    phrase: string;
    /** Articles matched by both, in the window. */
    pair: number;
    /** Of those, articles of this month. */
    pairThisMonth: number;
    /** Articles matched by the partner, in the window (as last counted). */
    articles: number;
  }>;
}

/** A person who shares some of the person's topics, and their other topics. */
export interface PeerEvidence {
  /** How much their topics overlap the person's: shared / √(theirs · mine). */
  similarity: number;
  /** The person's topics they share, as the person shows them. */
  shared: string[];
  /** Their topics. */
  topics: Array<{ phrase: string; topic: string }>;
}

export interface RankedSuggestion {
  phrase: string;
  /** How the evidence names it, when it does (a peer's spelling). */
  topic?: string;
  score: number;
  why: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Orders candidate topics by their evidence: the sum over seeds of their association in articles,
 * plus `peerWeight` times their share of the people sharing the person's topics (each person
 * weighed by how much they share, and the share weighed down when few people follow the topic,
 * like a rare association). Each says why,
 * from its stronger kind of evidence: 'appears with Rust in 14 articles this month' (the seed it
 * is most associated with, and how many articles they share), or 'followed by 3 people who also
 * follow Rust' (the topic those people most often share with the person). `since` names the
 * first day of the window ('April 1') for counts that reach back before this month.
 */
export function rankSuggestions(input: {
  seeds: readonly SeedEvidence[];
  peers: readonly PeerEvidence[];
  /** Phrases never to suggest (followed, skipped, or left out by the request). */
  excluded: (phrase: string) => boolean;
  since: string;
  peerWeight?: number;
}): RankedSuggestion[] {
  const peerWeight = input.peerWeight ?? ASSOCIATION_LIMITS.peerWeight;
  interface Tally {
    cooccurrence: number;
    best?: { strength: number; seed: string; pair: number; thisMonth: boolean };
    people: number;
    peerScore: number;
    sharedCounts: Map<string, number>;
    topic?: string;
  }
  const tallies = new Map<string, Tally>();
  const tally = (phrase: string) => {
    let t = tallies.get(phrase);
    if (!t) tallies.set(phrase, (t = { cooccurrence: 0, people: 0, peerScore: 0, sharedCounts: new Map() }));
    return t;
  };
  for (const seed of input.seeds) {
    for (const p of seed.partners) {
      if (input.excluded(p.phrase)) continue;
      const strength = association(p.pair, seed.articles, p.articles);
      if (strength <= 0) continue;
      const t = tally(p.phrase);
      t.cooccurrence += strength;
      if (!t.best || strength > t.best.strength) {
        t.best = { strength, seed: seed.topic, pair: p.pair, thisMonth: p.pairThisMonth === p.pair };
      }
    }
  }
  for (const peer of input.peers) {
    if (!(peer.similarity > 0)) continue;
    for (const { phrase, topic } of peer.topics) {
      if (input.excluded(phrase)) continue;
      const t = tally(phrase);
      t.people++;
      t.peerScore += peer.similarity;
      t.topic ??= topic;
      for (const shared of peer.shared) t.sharedCounts.set(shared, (t.sharedCounts.get(shared) ?? 0) + 1);
    }
  }
  const peerTotal = input.peers.reduce((sum, p) => sum + (p.similarity > 0 ? p.similarity : 0), 0);
  const ranked: RankedSuggestion[] = [];
  for (const [phrase, t] of tallies) {
    const fromPeers =
      t.people > 0 ? peerWeight * (t.peerScore / peerTotal) * (t.people / (t.people + ASSOCIATION_LIMITS.shrink)) : 0;
    const score = t.cooccurrence + fromPeers;
    if (!(score > 0)) continue;
    let why: string;
    if (t.best && t.cooccurrence >= fromPeers) {
      const when = t.best.thisMonth ? "this month" : `since ${input.since}`;
      why = `appears with ${t.best.seed} in ${plural(t.best.pair, "article", "articles")} ${when}`;
    } else {
      const [shared] = [...t.sharedCounts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0] ?? [];
      const people = plural(t.people, "person", "people");
      why = shared
        ? `followed by ${people} who also ${t.people === 1 ? "follows" : "follow"} ${shared}`
        : `followed by ${people} who share your topics`;
    }
    ranked.push({ phrase, ...(t.topic ? { topic: t.topic } : {}), score, why });
  }
  return ranked.sort((a, b) => b.score - a.score || (a.phrase < b.phrase ? -1 : a.phrase > b.phrase ? 1 : 0));
}

/**
 * Ranked suggestions with suggestions from outside the topic data merged in, at most `limit`:
 * every `every`th place goes to the next outside one while both last, and either fills what the
 * other leaves. An outside suggestion the ranking holds already keeps its ranked place and why.
 */
export function mergeOutside(
  ranked: readonly RankedSuggestion[],
  outside: ReadonlyArray<{ phrase: string; topic: string; why: string }>,
  limit: number,
  every = 3,
): RankedSuggestion[] {
  const rankedPhrases = new Set(ranked.map((r) => r.phrase));
  const extra = outside.filter((o) => !rankedPhrases.has(o.phrase));
  const merged: RankedSuggestion[] = [];
  let r = 0;
  let o = 0;
  while (merged.length < limit && (r < ranked.length || o < extra.length)) {
    const outsideTurn = (merged.length + 1) % every === 0;
    if (o < extra.length && (outsideTurn || r >= ranked.length)) {
      const { phrase, topic, why } = extra[o++]!;
      merged.push({ phrase, topic, score: 0, why });
    } else {
      merged.push(ranked[r++]!);
    }
  }
  return merged;
}

/** How much two people's topics overlap: shared / √(a · b), 0 when either has none. */
export function overlap(shared: number, a: number, b: number): number {
  return shared > 0 && a > 0 && b > 0 ? shared / Math.sqrt(a * b) : 0;
}

/** Why a built-in topic is suggested to someone the evidence has too little for. */
export function builtinWhy(followers: number): string {
  return followers > 0
    ? `followed by ${plural(followers, "person", "people")} on graph`
    : "one of graph's starter topics";
}

/** The calendar month (UTC) of a time, `YYYY-MM`. */
export const monthOf = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 7);

/** The calendar month (UTC) before the one of `epochMs`, `YYYY-MM`. */
export function previousMonthOf(epochMs: number): string {
  const d = new Date(epochMs);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

/** 'April 1' for '2026-04'. */
export function firstDayName(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return `${date.toLocaleString("en-US", { month: "long", timeZone: "UTC" })} 1`;
}

/**
 * When a month's association data can go (epoch seconds): once it is no longer this month or
 * the last, at the start of the second month after it, plus a day.
 */
export function expiryOf(month: string): number {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return Math.floor(Date.UTC(year, m + 1, 2) / 1000);
}
