import { RateLimitedError } from "../../lib/errors/index.ts";
import { RateLimitEntity } from "./rate-limit.entity.ts";
import type { Limit } from "./sliding-window.ts";
import { estimate, secondsUntilAllowed, windowOf } from "./sliding-window.ts";

export type { Limit };
export { take as takeFixedWindow, giveBack as giveBackFixedWindow, type Taken } from "./fixed-window.ts";

export interface LimitState {
  allowed: boolean;
  count: number;
  /** Seconds until one more attempt would be within the limit. */
  retryAfter: number;
}

/** Counts one attempt against `limit` (atomically) and says whether it is within it. */
export async function hit(limit: Limit): Promise<LimitState> {
  const { windowStart, previousStart, elapsed } = windowOf(limit);
  const [{ data }, { data: before }] = await Promise.all([
    RateLimitEntity.update({ bucket: limit.bucket, windowStart })
      .add({ count: 1 })
      .set({ expiresAt: windowStart + limit.windowSeconds * 2 })
      .go({ response: "all_new" }),
    RateLimitEntity.get({ bucket: limit.bucket, windowStart: previousStart }).go(),
  ]);
  const current = data.count ?? 1;
  const previous = before?.count ?? 0;
  const count = estimate(limit, previous, current, elapsed);
  return {
    allowed: count <= limit.max,
    count,
    // The attempt just counted is in `current`; the wait is for the one after it.
    retryAfter: secondsUntilAllowed(limit, previous, current, elapsed),
  };
}

/** Forgets every attempt the limit still weighs (after a success that should clear it). */
export async function reset(limit: Limit): Promise<void> {
  const { windowStart, previousStart } = windowOf(limit);
  await Promise.all(
    [windowStart, previousStart].map((start) =>
      RateLimitEntity.delete({ bucket: limit.bucket, windowStart: start }).go(),
    ),
  );
}

/** Counts an attempt and throws a 429 carrying `message` when over the limit. */
export async function enforce(limit: Limit, message: (retryAfter: number) => string): Promise<void> {
  const state = await hit(limit);
  if (!state.allowed) throw new RateLimitedError(message(state.retryAfter), state.retryAfter);
}

export const minutesText = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
};

/** Forgets every window of a bucket (a bucket named after an account that is deleted). */
export async function purge(bucket: string): Promise<void> {
  const { data } = await RateLimitEntity.query.byBucket({ bucket }).go({ pages: "all", attributes: ["windowStart"] });
  await Promise.all(data.map(({ windowStart }) => RateLimitEntity.delete({ bucket, windowStart }).go()));
}
