import { conditionally, transact } from "../../adapters/dynamo/index.ts";
import { FeedSessionEntity } from "./feed-session.entity.ts";
import { sessionOf, type FeedSession } from "./picks.ts";
import * as FeedState from "./state.ts";

/** The person's sessions since `since`, oldest first (`consistent` after losing a race, to see the winner's). */
export async function sessionsSince(userId: string, since: number, consistent = false): Promise<FeedSession[]> {
  // A range with both ends: `gte` alone would read every item of the person sorting after the
  // sessions (their topics, seen marks, ...) for ElectroDB to filter out.
  const { data } = await FeedSessionEntity.query
    .byUser({ userId })
    .between({ createdAt: since }, { createdAt: Number.MAX_SAFE_INTEGER })
    .go({ pages: "all", ...(consistent ? { consistent: true } : {}) });
  return data.sort((a, b) => a.createdAt - b.createdAt).map(sessionOf);
}

/**
 * Stores a new session with the state's record of it in one transaction, on condition the
 * latest session's start is still the one the refresh read (`expected`). False when another
 * refresh stored one first: the caller reads that one instead, so parallel reads start one
 * session between them and the plan's refreshes a day hold.
 */
export async function storeNew(session: FeedSession, expected: number | undefined): Promise<boolean> {
  const result = await transact([
    FeedSessionEntity.create(session),
    FeedState.claimSession(session.userId, expected, session.createdAt, session.kind === "manual"),
  ]);
  return !result.canceled;
}

/**
 * Stores a fill of a session (its picks re-ranked and added to) on condition no other fill was
 * stored since it was read. False when one was: the caller reads the session again.
 */
export async function storeFill(session: FeedSession, readVersion: number | undefined): Promise<boolean> {
  const { userId, createdAt, groupOrder, picks, provisional, caughtUp, filledAt, version } = session;
  return conditionally(
    FeedSessionEntity.patch({ userId, createdAt })
      .set({ groupOrder, picks, provisional: provisional ?? false, caughtUp: caughtUp ?? false })
      .set({ filledAt: filledAt ?? createdAt, version: version ?? 1 })
      .where((attr, op) => (readVersion === undefined ? op.notExists(attr.version) : op.eq(attr.version, readVersion)))
      .go(),
  );
}
