const DAY_MS = 24 * 60 * 60 * 1000;

/** Days this recent change often (a new build every ingestion): they are searched on their own. */
export const RECENT_DAYS = 2;
/** Older days are searched in blocks of this many consecutive days (aligned, so a block stays the same)... */
export const BLOCK_DAYS = 16;
/** ...of at most this many articles. */
export const MAX_BLOCK_DOCS = 200_000;

/**
 * Groups the live day segments (newest day first) into what a search reads as one segment,
 * newest first: each recent day alone, older days merged by block. Every segment searched costs
 * term look-ups whatever its size, so a search over a hundred days reads about ten.
 */
export function planUnits<T extends { day: string; docs: number }>(segments: readonly T[], now = Date.now()): T[][] {
  const today = Math.floor(now / DAY_MS);
  const units: T[][] = [];
  let block: number | undefined;
  let current: T[] = [];
  let docs = 0;
  for (const segment of segments) {
    const day = Math.floor(Date.parse(`${segment.day}T00:00:00Z`) / DAY_MS);
    if (!Number.isFinite(day) || day > today - RECENT_DAYS) {
      units.push([segment]);
      continue;
    }
    const id = Math.floor(day / BLOCK_DAYS);
    if (id !== block || docs + segment.docs > MAX_BLOCK_DOCS) {
      if (current.length > 0) units.push(current);
      current = [];
      docs = 0;
      block = id;
    }
    current.push(segment);
    docs += segment.docs;
  }
  if (current.length > 0) units.push(current);
  return units;
}
