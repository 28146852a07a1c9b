/** Searching the person's own topics on the settings page: fuzzy, so a typo still finds the topic. */
// The basic build: plain fuzzy matching is all this needs, without extended-search syntax (a smaller page).
import Fuse from "fuse.js/basic";

/** How far a match may stray (0 exact, 1 anything); the product's topic search allows 0.25. */
export const TOPIC_SEARCH_THRESHOLD = 0.25;

/**
 * A search over `topics` by name: an empty (or blank) query answers every topic in its order,
 * any other the topics that match it, best first. A word may match anywhere in a name (a long
 * topic's last word is found as readily as its first), case and accents aside.
 */
export function createTopicSearch<T extends { topic: string }>(topics: readonly T[]): (query: string) => T[] {
  const fuse = new Fuse(topics, {
    keys: ["topic"],
    threshold: TOPIC_SEARCH_THRESHOLD,
    ignoreLocation: true,
    ignoreDiacritics: true,
  });
  return (query) => {
    const wanted = query.trim();
    if (wanted === "") return [...topics];
    return fuse.search(wanted).map((result) => result.item);
  };
}
