import { RateLimitedError } from "../errors.ts";
import { RateLimitEntity } from "./rate-limit.entity.ts";

export interface Limit {
  /** What is being limited, e.g. `login:id:alice`. */
  bucket: string;
  max: number;
  windowSeconds: number;
}

export interface LimitState {
  allowed: boolean;
  count: number;
  /** Seconds until the current window ends. */
  retryAfter: number;
}

function windowOf(limit: Limit) {
  const now = Date.now() / 1000;
  const windowStart = Math.floor(now / limit.windowSeconds) * limit.windowSeconds;
  return { windowStart, retryAfter: Math.max(1, Math.ceil(windowStart + limit.windowSeconds - now)) };
}

/** Counts one attempt against `limit` (atomically) and says whether it is within it. */
export async function hit(limit: Limit): Promise<LimitState> {
  const { windowStart, retryAfter } = windowOf(limit);
  const { data } = await RateLimitEntity.update({ bucket: limit.bucket, windowStart })
    .add({ count: 1 })
    .set({ expiresAt: windowStart + limit.windowSeconds * 2 })
    .go({ response: "all_new" });
  const count = data.count ?? 1;
  return { allowed: count <= limit.max, count, retryAfter };
}

/** Reads how many attempts the current window holds, without counting one. */
export async function peek(limit: Limit): Promise<LimitState> {
  const { windowStart, retryAfter } = windowOf(limit);
  const { data } = await RateLimitEntity.get({ bucket: limit.bucket, windowStart }).go();
  const count = data?.count ?? 0;
  return { allowed: count < limit.max, count, retryAfter };
}

export async function reset(limit: Limit): Promise<void> {
  const { windowStart } = windowOf(limit);
  await RateLimitEntity.delete({ bucket: limit.bucket, windowStart }).go();
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
