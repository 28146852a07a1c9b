import { isConditionFailure } from "../../adapters/dynamo/index.ts";
import { UnavailableError } from "../../lib/errors/index.ts";
import { DAY_MS } from "../../lib/plans/rules.ts";
import { AgentFetchesEntity } from "./agent-search.entity.ts";

/**
 * The plan's agent fetches a day: each agentic search started counts one for 24 hours (a rolling
 * window, as the feed's refreshes). The person's starts are one item, changed by one put
 * conditional on the revision read: a put that lost to another start reads again and decides
 * again, so parallel starts pass the plan's number exactly, and a refused start writes nothing.
 */

/** What the person has of the day's fetches now. */
export interface FetchesState {
  perDay: number;
  /** Starts counted in the last 24 hours (oldest first, epoch ms). */
  starts: number[];
  left: number;
  /** When the oldest counted start leaves the window (epoch ms), when none are left. */
  nextFreesAt: number | null;
}

/** A start lost to a parallel one is decided again at most this often (each loss is another's win). */
const ATTEMPTS = 250;

const stateOf = (starts: number[], perDay: number, now: number): FetchesState => {
  const counted = starts.filter((at) => at > now - DAY_MS).sort((a, b) => a - b);
  const left = Math.max(0, perDay - counted.length);
  // The start that must leave before one more fits: the oldest when exactly full, later when over (a downgrade).
  const blocking = counted[counted.length - perDay];
  return { perDay, starts: counted, left, nextFreesAt: left > 0 || blocking === undefined ? null : blocking + DAY_MS };
};

async function read(userId: string) {
  const { data } = await AgentFetchesEntity.get({ userId }).go({ consistent: true });
  return { starts: data?.starts ?? [], rev: data?.rev };
}

export async function state(userId: string, perDay: number, now = Date.now()): Promise<FetchesState> {
  return stateOf((await read(userId)).starts, perDay, now);
}

/** Writes the starts over the revision read; false when another change came first. */
async function write(userId: string, starts: number[], rev: number | undefined): Promise<boolean> {
  const newest = Math.max(0, ...starts);
  try {
    await AgentFetchesEntity.put({
      userId,
      starts,
      rev: (rev ?? 0) + 1,
      expiresAt: Math.ceil((newest + DAY_MS) / 1000),
    })
      .where((attr, op) => (rev === undefined ? op.notExists(attr.rev) : op.eq(attr.rev, rev)))
      .go({ response: "none" });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Takes one of the day's fetches at `now`: answers the state after it, or, when none is left,
 * `refused` with the seconds until the oldest counted start leaves the window.
 */
export async function take(
  userId: string,
  perDay: number,
  now = Date.now(),
): Promise<{ taken: true; state: FetchesState } | { taken: false; tryAgainAfter: number; state: FetchesState }> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { starts, rev } = await read(userId);
    const current = stateOf(starts, perDay, now);
    if (current.left === 0) {
      const tryAgainAfter = Math.max(1, Math.ceil(((current.nextFreesAt ?? now) - now) / 1000));
      return { taken: false, tryAgainAfter, state: current };
    }
    const after = [...current.starts, now];
    if (await write(userId, after, rev)) return { taken: true, state: stateOf(after, perDay, now) };
  }
  throw new UnavailableError();
}

/** Gives back the start taken at `at` (its search never started): it counts nothing. */
export async function giveBack(userId: string, at: number): Promise<void> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { starts, rev } = await read(userId);
    const index = starts.indexOf(at);
    if (index < 0) return;
    if (
      await write(
        userId,
        starts.filter((_, i) => i !== index),
        rev,
      )
    )
      return;
  }
  throw new UnavailableError();
}

export async function purge(userId: string): Promise<void> {
  await AgentFetchesEntity.delete({ userId }).go();
}
