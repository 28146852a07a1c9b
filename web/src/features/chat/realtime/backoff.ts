/**
 * How long to wait before reconnecting: doubling from `baseMs` up to `maxMs`, with jitter, so a
 * server that comes back is not hit by every tab at the same moment. The delay is drawn from the
 * upper half of the current window ("equal jitter"): never zero, never past the cap.
 */
export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

export const RECONNECT_BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 30_000 };

/** The wait before reconnect attempt `attempt` (0 for the first retry). `random` is in [0, 1). */
export function backoffDelay(
  attempt: number,
  random: () => number = Math.random,
  { baseMs, maxMs }: BackoffOptions = RECONNECT_BACKOFF,
): number {
  // Capped exponent: 2 ** attempt stays finite however long the outage lasts.
  const window = Math.min(maxMs, baseMs * 2 ** Math.min(Math.max(0, attempt), 30));
  return Math.round(window / 2 + random() * (window / 2));
}
