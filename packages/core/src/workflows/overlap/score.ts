import { OVERLAP } from "./rules.ts";

/** An item one of the two people holds: `key` is unique across kinds (e.g. `topic:jazz piano`). */
export interface Held {
  key: string;
  /** How many people hold it (at least the ones holding it here). */
  people: number;
}

export interface Contribution {
  key: string;
  /** Its share of what the two have in common, in percent (one decimal). */
  share: number;
}

/** The weight of an item held by `people` people: 1 for one person, falling on a log scale. */
export function rarity(people: number): number {
  const n = Math.max(1, people);
  return Math.log(1 + OVERLAP.rarityScale / n) / Math.log(1 + OVERLAP.rarityScale);
}

/**
 * Compatibility from 0 to 100: the cosine of the two people's items, each weighted by its
 * rarity (tf-idf over sets), so sharing a niche item says more than sharing a popular one, and
 * sharing a few items among thousands says less than sharing a few among ten. The square root
 * spreads the low end, where most pairs are. Answers the shared items contributing most.
 */
export function compatibility(
  a: Held[],
  b: Held[],
  topCount: number = OVERLAP.topContributors,
): { score: number; top: Contribution[] } {
  const weight = (h: Held) => rarity(h.people) ** 2;
  const inB = new Map(b.map((h) => [h.key, h]));
  const shared = a.filter((h) => inB.has(h.key)).map((h) => ({ key: h.key, w: weight(h) }));
  const normA = a.reduce((sum, h) => sum + weight(h), 0);
  const normB = b.reduce((sum, h) => sum + weight(h), 0);
  const common = shared.reduce((sum, s) => sum + s.w, 0);
  if (common === 0 || normA === 0 || normB === 0) return { score: 0, top: [] };
  const cosine = Math.min(1, common / Math.sqrt(normA * normB));
  const top = shared
    // Code-unit order breaks ties: as stable as a locale's, without its cost over thousands of items.
    .sort((x, y) => y.w - x.w || (x.key < y.key ? -1 : x.key > y.key ? 1 : 0))
    .slice(0, topCount)
    .map((s) => ({ key: s.key, share: Math.round((1000 * s.w) / common) / 10 }));
  return { score: Math.round(100 * Math.sqrt(cosine)), top };
}
