/** An article's title as the cards show it (the feed, the people followed, search results). */

/** The longest title a card shows, and on a phone. */
export const TITLE_MAX = 160;
export const TITLE_MAX_MOBILE = 114;

/** Shortens to at most `max` characters (counting code points), ending with an ellipsis. */
export function truncateTitle(title: string, max: number): string {
  const chars = Array.from(title.trim());
  if (chars.length <= max) return chars.join("");
  return `${chars
    .slice(0, Math.max(0, max - 1))
    .join("")
    .trimEnd()}…`;
}
