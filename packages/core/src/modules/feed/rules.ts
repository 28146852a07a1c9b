/** Limits of the feed calls, shared by the server and the page. */
export const MAX_SEEN_PER_CALL = 100;
/** The group every feed has, before one group per supertag. */
export const PICKS_GROUP = "picks";

/**
 * Postings a refresh reads, newest first per topic, shared among the person's topics: a person
 * with few topics gets a deep look at each, one with many a recent look at all, and a refresh
 * reads about as much whatever the number of topics.
 */
export const CANDIDATE_POSTINGS = 4_000;
export const MIN_POSTINGS_PER_TOPIC = 30;
export const MAX_POSTINGS_PER_TOPIC = 200;

export function postingsPerTopic(topics: number): number {
  const share = Math.ceil(CANDIDATE_POSTINGS / Math.max(1, topics));
  return Math.min(MAX_POSTINGS_PER_TOPIC, Math.max(MIN_POSTINGS_PER_TOPIC, share));
}

/**
 * Picks in the order their groups are shown: by `groupOrder` (a session's: starred topics
 * first), the general picks last and a group the order does not name just before them; within a
 * group, as they came.
 */
export function inGroupOrder<P extends { group: string }>(picks: readonly P[], groupOrder: readonly string[]): P[] {
  const rank = (group: string) => {
    if (group === PICKS_GROUP) return Number.MAX_SAFE_INTEGER;
    const i = groupOrder.indexOf(group);
    return i === -1 ? Number.MAX_SAFE_INTEGER - 1 : i;
  };
  return picks
    .map((pick, i) => ({ pick, i }))
    .sort((a, b) => rank(a.pick.group) - rank(b.pick.group) || a.i - b.i)
    .map(({ pick }) => pick);
}
