import { deleteKeys } from "../../adapters/dynamo/index.ts";
import { UnavailableError } from "../../lib/errors/index.ts";
import { FollowEdgeEntity } from "./follow-edge.entity.ts";
import { FOLLOWING_FEED } from "./rules.ts";
import type { SharedPick, ShareJob } from "../../adapters/queues/index.ts";
import { sharedPickOf } from "./shared-pick.ts";
import { SharedSessionEntity } from "./shared-session.entity.ts";
import { TimelineEntryEntity, type TimelineEntry } from "./timeline-entry.entity.ts";

/**
 * The following feed is fanned out on write. Reading "the newest sessions of everyone I
 * follow" at request time would query every friend's partition and merge: 5,000 queries a page
 * for a person following 5,000 people. Instead, when a session is stored, a small entry (its
 * first four picks, about a kilobyte) is written into each follower's timeline, and a page is
 * one Query of the reader's own partition. The cost moves to the writer: one batched write per
 * follower per session, 25 to a request; sessions are few a day (the plan's refreshes), so a
 * person with 5,000 followers costs 200 batch writes a session. A follow copies in the author's
 * newest few sessions; an unfollow takes the author's entries back out by key (the author's
 * shared sessions name them), and the read leaves out, and deletes, any entry whose author the
 * reader no longer follows (a fan-out that raced the unfollow).
 */

/** Writes in flight at once while fanning out (each a batch of 25). */
const WRITE_CONCURRENCY = 4;
const DAY_SECONDS = 24 * 60 * 60;

const expiry = (createdAt: number) => Math.floor(createdAt / 1000) + FOLLOWING_FEED.retentionDays * DAY_SECONDS;

/**
 * Shares a session with the author's followers: keeps it in the author's shared sessions and
 * writes an entry into every follower's timeline, with the author's photo as it is now. Every
 * write is by key, so sharing the same session again (a redelivered message) changes nothing.
 */
export async function shareSession(shared: ShareJob, imageUrl: string | undefined): Promise<void> {
  const { userId, createdAt, picks } = shared;
  const expiresAt = expiry(createdAt);
  const photo = imageUrl ? { imageUrl } : {};
  await SharedSessionEntity.put({ userId, createdAt, picks, expiresAt, ...photo }).go();
  const { data: followers } = await FollowEdgeEntity.query
    .byOwner({ userId, direction: "follower" })
    .go({ pages: "all", attributes: ["otherId"] });
  if (followers.length === 0) return;
  await putEntries(
    followers.map((f) => ({ userId: f.otherId, createdAt, authorId: userId, picks, expiresAt, ...photo })),
  );
}

/** Copies the author's newest shared sessions into a new follower's timeline. */
export async function backfill(readerId: string, authorId: string): Promise<void> {
  const { data } = await SharedSessionEntity.query
    .byAuthor({ userId: authorId })
    .go({ order: "desc", limit: FOLLOWING_FEED.backfillSessions });
  if (data.length === 0) return;
  await putEntries(
    data.map((s) => ({
      userId: readerId,
      createdAt: s.createdAt,
      authorId,
      picks: s.picks.map(sharedPickOf),
      expiresAt: s.expiresAt,
      ...(s.imageUrl ? { imageUrl: s.imageUrl } : {}),
    })),
  );
}

/** Takes the author's sessions out of a former follower's timeline, by key: no scan of the timeline. */
export async function withdraw(readerId: string, authorId: string): Promise<void> {
  const { data } = await SharedSessionEntity.query
    .byAuthor({ userId: authorId })
    .go({ pages: "all", attributes: ["createdAt"] });
  if (data.length === 0) return;
  await deleteKeys(
    TimelineEntryEntity,
    data.map((s) => ({ userId: readerId, createdAt: s.createdAt, authorId })),
  );
}

/** The newest `count` entries of the reader's timeline (not yet checked against current follows). */
export async function newest(
  readerId: string,
  count: number,
): Promise<Array<Omit<TimelineEntry, "picks"> & { picks: SharedPick[] }>> {
  const { data } = await TimelineEntryEntity.query.byReader({ userId: readerId }).go({ order: "desc", limit: count });
  return data.map((entry) => ({ ...entry, picks: entry.picks.map(sharedPickOf) }));
}

/** Deletes entries found stale at read time (their author is no longer followed). */
export async function dropEntries(entries: Array<Pick<TimelineEntry, "userId" | "createdAt" | "authorId">>) {
  if (entries.length === 0) return;
  await deleteKeys(
    TimelineEntryEntity,
    entries.map((e) => ({ userId: e.userId, createdAt: e.createdAt, authorId: e.authorId })),
  );
}

/** Rounds of entries DynamoDB left unprocessed (throttling part of a batch) before giving up. */
const UNPROCESSED_ROUNDS = 8;
const entryKey = (e: { userId?: unknown; createdAt?: unknown; authorId?: unknown }) =>
  `${String(e.userId)}|${String(e.createdAt)}|${String(e.authorId)}`;

/**
 * Writes timeline entries 25 to a request, `WRITE_CONCURRENCY` at once, and writes again the
 * ones DynamoDB left unprocessed (answered by key, so matched back to the entries).
 */
async function putEntries(entries: TimelineEntry[]): Promise<void> {
  let pending = entries;
  for (let round = 0; pending.length > 0; round++) {
    if (round === UNPROCESSED_ROUNDS) throw new UnavailableError();
    if (round > 0) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** round * (0.5 + Math.random())));
    const result = (await TimelineEntryEntity.put(pending).go({ concurrency: WRITE_CONCURRENCY })) as {
      unprocessed?: Array<Record<string, unknown>>;
    };
    const left = new Set((result.unprocessed ?? []).map(entryKey));
    pending = pending.filter((e) => left.has(entryKey(e)));
  }
}
