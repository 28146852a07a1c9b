export interface Limit {
  /** What is being limited, e.g. `login:id:alice`. */
  bucket: string;
  max: number;
  windowSeconds: number;
}

/**
 * Limits are sliding windows, estimated from two fixed-window counters (the current window and
 * the one before it, weighted by how much of it still overlaps the last `windowSeconds`). A plain
 * fixed window ends every lockout at the same clock boundary and lets twice the limit through
 * across one; the estimate does neither, and each attempt is still one atomic increment.
 */
export function windowOf(limit: Limit, now = Date.now() / 1000) {
  const windowStart = Math.floor(now / limit.windowSeconds) * limit.windowSeconds;
  const elapsed = now - windowStart;
  return { windowStart, previousStart: windowStart - limit.windowSeconds, elapsed };
}

/** The estimated attempts in the last window: all of this window's, and the overlapping share of the last. */
export const estimate = (limit: Limit, previous: number, current: number, elapsed: number) =>
  previous * (1 - elapsed / limit.windowSeconds) + current;

/**
 * Seconds until one more attempt would be within the limit, given the counts now. Each window's
 * weight falls linearly, so this solves `estimate(after t) + 1 <= max` for t.
 */
export function secondsUntilAllowed(limit: Limit, previous: number, current: number, elapsed: number): number {
  const W = limit.windowSeconds;
  const room = limit.max - current - 1;
  if (room >= 0) {
    // Within this window, once enough of the previous window has slid out.
    const t = previous > 0 ? W * (1 - room / previous) - elapsed : 0;
    return Math.max(1, Math.ceil(t));
  }
  // This window alone is over the limit: wait for it to end and then slide out far enough.
  const untilEnd = W - elapsed;
  const t = W * (1 - (limit.max - 1) / current);
  return Math.max(1, Math.ceil(untilEnd + Math.max(0, t)));
}
