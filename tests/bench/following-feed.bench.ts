import * as Follows from "@graph/core/modules/follows";
import * as FollowingFeed from "@graph/core/modules/following-feed";
import { FollowCountsEntity } from "../../packages/core/src/modules/follows/follow-counts.entity.ts";
import { FollowEdgeEntity } from "../../packages/core/src/modules/follows/follow-edge.entity.ts";
import { SharedSessionEntity } from "../../packages/core/src/modules/follows/shared-session.entity.ts";
import { TimelineEntryEntity } from "../../packages/core/src/modules/follows/timeline-entry.entity.ts";
import { UserEntity } from "../../packages/core/src/modules/users/user.entity.ts";
import { mapLimited } from "@graph/core/lib/util";
import { countReads, type Reads } from "./reads.ts";
import { ratio, row, sample } from "./stats.ts";

const FOLLOWED = 5_000;

/**
 * The following feed of a person who follows 5,000 people, each with a recent session: a page
 * read from the reader's timeline (fan-out on write) against merging every friend's newest
 * session at read time (fan-out on read: a query per friend), side by side; and the write side,
 * sharing one session of a person with 5,000 followers.
 */
export async function followingFeedBench() {
  const reader = "bench-following-reader";
  const star = "bench-following-star";
  const authors = Array.from({ length: FOLLOWED }, (_, i) => `bench-following-author-${i}`);
  const now = Date.now();
  const started = performance.now();
  await UserEntity.put(
    [reader, star, ...authors].map((userId) => ({
      userId,
      username: userId.slice(-20),
      email: `${userId}@example.com`,
      passwordHash: "unused",
      isVerified: true,
      plan: "free" as const,
      hasOnboarded: true,
      createdAt: now,
    })),
  ).go({ concurrency: 4 });
  // The reader follows every author; every author follows the star (its 5,000 followers).
  await FollowEdgeEntity.put(
    authors.flatMap((otherId) => [
      { userId: reader, direction: "following" as const, otherId, createdAt: now },
      { userId: otherId, direction: "follower" as const, otherId: reader, createdAt: now },
      { userId: otherId, direction: "following" as const, otherId: star, createdAt: now },
      { userId: star, direction: "follower" as const, otherId, createdAt: now },
    ]),
  ).go({ concurrency: 4 });
  await FollowCountsEntity.put([
    { userId: reader, following: FOLLOWED, followers: 0 },
    { userId: star, following: 0, followers: FOLLOWED },
  ]).go();
  // Each author's newest session, shared and fanned out into the reader's timeline, as a
  // session stored by the feed leaves them.
  const picks = (author: string, at: number) =>
    Array.from({ length: 4 }, (_, i) => ({
      articleId: `${author}-${at}-${i}`,
      title: `A pick of ${author}`,
      link: `https://bench.example/${author}/${i}`,
      sourceName: "Bench",
      sourceType: "rss",
      bestMatchingKeywords: ["Bench"],
    }));
  const expiresAt = Math.floor(now / 1000) + 30 * 86_400;
  const sessions = authors.map((author, i) => ({ author, at: now - (i + 1) * 60_000 }));
  await SharedSessionEntity.put(
    sessions.map(({ author, at }) => ({ userId: author, createdAt: at, picks: picks(author, at), expiresAt })),
  ).go({ concurrency: 4 });
  await TimelineEntryEntity.put(
    sessions.map(({ author, at }) => ({
      userId: reader,
      createdAt: at,
      authorId: author,
      picks: picks(author, at),
      expiresAt,
    })),
  ).go({ concurrency: 4 });
  console.log("\n## following feed (local runtime, DynamoDB stand-in)");
  console.log(
    `a person following ${FOLLOWED.toLocaleString("en")} people, each with a recent session; data written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const reads = countReads();
  const pageReads: Reads[] = [];
  const firstPage = await sample(30, async () => {
    const before = reads.snapshot();
    await FollowingFeed.page(reader, { limit: 10, offset: 0 });
    pageReads.push(reads.since(before));
  });
  const deepReads: Reads[] = [];
  const deepPage = await sample(10, async () => {
    const before = reads.snapshot();
    await FollowingFeed.page(reader, { limit: 10, offset: 100 });
    deepReads.push(reads.since(before));
  });

  // Fan-out on read, for comparison: every friend's newest shared session, merged.
  const naiveReads: Reads[] = [];
  const naive = await sample(
    1,
    async () => {
      const before = reads.snapshot();
      const newest = await mapLimited(authors, 16, async (userId) => {
        const { data } = await SharedSessionEntity.query.byAuthor({ userId }).go({ order: "desc", limit: 1 });
        return data[0];
      });
      newest.sort((a, b) => (b?.createdAt ?? 0) - (a?.createdAt ?? 0)).slice(0, 10);
      naiveReads.push(reads.since(before));
    },
    0,
  );

  // The write side: one session of a person with 5,000 followers, fanned out by the share worker.
  const writeCounts: Reads[] = [];
  let at = now;
  const fanOut = await sample(
    3,
    async () => {
      const before = reads.snapshot();
      at += 1000;
      // The share queue worker's part (the feed request itself only queues the session).
      await Follows.share({ userId: star, createdAt: at, picks: picks(star, at).slice(0, 4) });
      writeCounts.push(reads.since(before));
    },
    0,
  );

  const page = pageReads.at(-1)!;
  const deep = deepReads.at(-1)!;
  const merged = naiveReads.at(-1)!;
  const written = writeCounts.at(-1)!;
  console.log(row("page 1 from the timeline (fan-out on write)", firstPage));
  console.log(row("page 11 (offset 100) from the timeline", deepPage));
  console.log(row("page 1 by querying every friend (on read)", naive));
  console.log(row("share worker: one session to 5,000 followers", fanOut));
  console.log(
    `items read per page: ${page.items} in ${page.requests} requests (${page.detail}); at offset 100: ${deep.items} in ${deep.requests} requests; querying every friend: ${merged.items.toLocaleString("en")} items in ${merged.requests.toLocaleString("en")} requests`,
  );
  console.log(
    `the timeline page costs ${ratio(merged.requests, page.requests)} fewer requests and ${ratio(merged.items, Math.max(1, page.items))} fewer items than fan-out on read, ${ratio(naive.p50, firstPage.p50)} faster at p50; sharing a session with 5,000 followers takes ${written.requests} requests (${written.detail})`,
  );
}
