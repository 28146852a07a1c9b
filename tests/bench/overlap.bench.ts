import * as Overlap from "@graph/core/overlap";
import * as Topics from "@graph/core/topics";
import { ArticleLikesEntity } from "../../packages/core/src/feed/article-likes.entity.ts";
import { LikeEntity } from "../../packages/core/src/feed/like.entity.ts";
import { BookEntity } from "../../packages/core/src/media/book.entity.ts";
import { HolderEntity } from "../../packages/core/src/holders/holder.entity.ts";
import { MovieEntity } from "../../packages/core/src/media/movie.entity.ts";
import { DictionaryPhraseEntity } from "../../packages/core/src/topics/dictionary-phrase.entity.ts";
import { TopicEntity } from "../../packages/core/src/topics/topic.entity.ts";
import { UserEntity } from "../../packages/core/src/users/user.entity.ts";
import { countReads, type Reads } from "./reads.ts";
import { ratio, row, sample } from "./stats.ts";

const ITEMS = 1_000;
const SHARED = 300;
/** People in the whole population: how many follow a phrase or like an article falls off by rank. */
const POPULATION = 100_000;

/**
 * Mutual interests of two people with 1,000 topics, 1,000 liked articles, 1,000 books and 1,000
 * films each (300 of each shared): the full comparison with its rarity-weighted score against the
 * bare count, both read from the two people's items and the stored per-phrase, per-article,
 * per-book and per-film counts, never from the other people.
 */
export async function overlapBench() {
  const people = ["bench-overlap-a", "bench-overlap-b"] as const;
  const now = Date.now();
  await UserEntity.put(
    people.map((userId) => ({
      userId,
      username: userId.slice(-12),
      email: `${userId}@example.com`,
      passwordHash: "unused",
      isVerified: true,
      plan: "free" as const,
      hasOnboarded: true,
      createdAt: now,
    })),
  ).go();
  // a holds items 0..999, b holds 700..1699: 300 in common.
  const range = (start: number) => Array.from({ length: ITEMS }, (_, i) => start + i);
  const holdings = [range(0), range(ITEMS - SHARED)];
  const phrase = (n: number) => `bench overlap topic ${n}`;
  const started = performance.now();
  for (const [p, userId] of people.entries()) {
    await TopicEntity.put(
      holdings[p]!.map((n, i) => ({
        userId,
        topicId: Topics.topicIdOf(phrase(n)),
        topic: `Bench Overlap Topic ${n}`,
        phrase: phrase(n),
        isSupertag: false,
        createdAt: now + i,
      })),
    ).go({ concurrency: 4 });
    await LikeEntity.put(
      holdings[p]!.map((n, i) => ({
        userId,
        articleId: `bench-overlap-article-${n}`,
        likedAt: now + i,
        title: `Bench article ${n}`,
        link: `https://bench.example/overlap/${n}`,
        sourceName: "Bench",
      })),
    ).go({ concurrency: 4 });
    await BookEntity.put(
      holdings[p]!.map((n, i) => ({
        userId,
        bookId: `OL${n}W`,
        title: `Bench book ${n}`,
        authors: ["Bench Author"],
        isbn: [],
        notes: "",
        subjects: [],
        shelvedAt: now + i,
        addedAt: now + i,
        updatedAt: now + i,
      })),
    ).go({ concurrency: 4 });
    await MovieEntity.put(
      holdings[p]!.map((n, i) => ({
        userId,
        movieId: String(n + 1),
        tmdbId: n + 1,
        title: `Bench film ${n}`,
        notes: "",
        shelvedAt: now + i,
        addedAt: now + i,
        updatedAt: now + i,
      })),
    ).go({ concurrency: 4 });
  }
  const all = [...new Set(holdings.flat())];
  // Popular items first: item n is held by about POPULATION / (n + 1) people (at least the holders).
  await DictionaryPhraseEntity.put(
    all.map((n) => ({
      shard: Topics.shardOf(phrase(n)),
      phrase: phrase(n),
      followers: Math.max(2, Math.floor(POPULATION / (n + 1))),
      postings: 0,
      updatedAt: now,
    })),
  ).go({ concurrency: 4 });
  await ArticleLikesEntity.put(
    all.map((n) => ({
      articleId: `bench-overlap-article-${n}`,
      likes: Math.max(2, Math.floor(POPULATION / 10 / (n + 1))),
    })),
  ).go({ concurrency: 4 });
  await HolderEntity.put(
    all.flatMap((n) => {
      const holders = Math.max(2, Math.floor(POPULATION / 20 / (n + 1)));
      return [
        { kind: "book" as const, itemId: `OL${n}W`, holders },
        { kind: "movie" as const, itemId: String(n + 1), holders },
      ];
    }),
  ).go({ concurrency: 4 });
  const each = ITEMS.toLocaleString("en");
  console.log("\n## mutual interests (local runtime, DynamoDB stand-in)");
  console.log(
    `two people with ${each} topics, ${each} liked articles, ${each} books and ${each} films each, ${SHARED} of each shared; data written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const reads = countReads();
  const fullReads: Reads[] = [];
  const countReadsOf: Reads[] = [];
  let answer: Awaited<ReturnType<typeof Overlap.overlap>> | undefined;
  const full = await sample(
    20,
    async () => {
      const before = reads.snapshot();
      answer = await Overlap.overlap(people[0], people[1]);
      fullReads.push(reads.since(before));
    },
    3,
  );
  const count = await sample(
    20,
    async () => {
      const before = reads.snapshot();
      await Overlap.overlapCount(people[0], people[1]);
      countReadsOf.push(reads.since(before));
    },
    3,
  );
  const f = fullReads.at(-1)!;
  const c = countReadsOf.at(-1)!;
  console.log(row("overlap with compatibility score", full));
  console.log(row("overlap count only", count));
  console.log(
    `overlap: ${f.requests} DynamoDB requests, ${f.items} items read (${f.detail}); count: ${c.requests} requests, ${c.items} items`,
  );
  console.log(
    `the score costs ${ratio(full.p50, count.p50)} the bare count at p50 (${ratio(full.p95, count.p95)} at p95) and ${ratio(f.items, Math.max(1, c.items))} its items; it reads the two people's ${(8 * ITEMS).toLocaleString("en")} items and one count per distinct item, whatever the population (${POPULATION.toLocaleString("en")} here)`,
  );
  console.log(
    `answer: ${answer?.count} shared, score ${answer?.compatibility.score}/100, top: ${answer?.compatibility.top.map((t) => `${t.label} (${t.share}%)`).join(", ")}`,
  );
}
