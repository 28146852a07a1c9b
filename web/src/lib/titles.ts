/** An article's title as the cards show it (the feed, the people followed, search results). */
import { withoutSourceSuffix } from "@graph/core/lib/text/rules";

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

/**
 * The whole title a card shows beside its source's name: without a trailing " - Source name"
 * (ingest drops it from new titles; articles stored before keep it until shown here).
 */
export const cardTitle = (title: string, sourceName: string | undefined): string =>
  withoutSourceSuffix(title, sourceName).trim();
