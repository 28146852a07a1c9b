import { isConditionFailure } from "../../adapters/dynamo/index.ts";
import { RateLimitEntity } from "./rate-limit.entity.ts";
import type { Limit } from "./sliding-window.ts";

export interface Taken {
  allowed: boolean;
  /** Attempts counted in this window, the one just taken included (when allowed). */
  count: number;
  /** Seconds until the window ends and a new one starts (at least 1). */
  retryAfter: number;
  /** The window the attempt was counted in (epoch seconds): what `giveBack` takes it from. */
  windowStart: number;
}

/**
 * Takes one attempt from a fixed window of `limit` (windows start at multiples of
 * `windowSeconds`) in ONE conditional UpdateItem: `ADD count 1` only while `count < max`. So the
 * limit is exact under any number of parallel attempts, a refused attempt counts nothing, and no
 * read comes first. The price of a fixed window: up to twice `max` can pass across a boundary.
 * For a frequent, cheap action (a chat message) that beats the sliding estimate's two requests.
 */
export async function take(limit: Limit, now = Date.now()): Promise<Taken> {
  const windowMs = limit.windowSeconds * 1000;
  const windowStartMs = Math.floor(now / windowMs) * windowMs;
  const windowStart = windowStartMs / 1000;
  const retryAfter = Math.max(1, Math.ceil((windowStartMs + windowMs - now) / 1000));
  try {
    const { data } = await RateLimitEntity.update({ bucket: limit.bucket, windowStart })
      .add({ count: 1 })
      .set({ expiresAt: windowStart + limit.windowSeconds * 2 })
      .where((attr, op) => `${op.notExists(attr.count)} OR ${op.lt(attr.count, limit.max)}`)
      .go({ response: "all_new" });
    return { allowed: true, count: data.count ?? 1, retryAfter, windowStart };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return { allowed: false, count: limit.max, retryAfter, windowStart };
  }
}

/**
 * Gives back an attempt `take` counted in `windowStart` when what it allowed did not happen after
 * all (refused by a later check), so a refused action counts nothing here either. A window left
 * at zero is removed: a take by an account that was swept away meanwhile leaves nothing behind.
 */
export async function giveBack(limit: Limit, windowStart: number): Promise<void> {
  const key = { bucket: limit.bucket, windowStart };
  const left = await RateLimitEntity.patch(key)
    .subtract({ count: 1 })
    .go({ response: "all_new" })
    .then(
      ({ data }) => data.count ?? 0,
      (error: unknown) => {
        // No window left to give back to (it expired, or the account's were purged).
        if (isConditionFailure(error)) return undefined;
        throw error;
      },
    );
  if (left === undefined || left > 0) return;
  await RateLimitEntity.delete(key)
    .where((attr, op) => op.lte(attr.count, 0))
    .go()
    .catch((error: unknown) => {
      // Another attempt was counted meanwhile: the window stays, with it.
      if (!isConditionFailure(error)) throw error;
    });
}
