import { ArticleEntity } from "../../packages/core/src/modules/articles/article.entity.ts";
import { indexArticles } from "../../packages/core/src/modules/articles/postings.ts";
import * as Feed from "@graph/core/modules/feed";
import { FeedSessionEntity } from "../../packages/core/src/modules/feed/feed-session.entity.ts";
import { FeedState } from "@graph/core/modules/feed";
import { PhraseMatcher } from "@graph/core/lib/matching";
import { BUILTIN_TOPICS } from "@graph/core/modules/topics/rules";
import * as Topics from "@graph/core/modules/topics";
import { UserEntity } from "../../packages/core/src/modules/users/user.entity.ts";
import type { Runtime } from "@graph/local/runtime";
import { countReads, type Reads } from "./reads.ts";
import { ratio, row, sample } from "./stats.ts";
import { mulberry32 } from "./random.ts";

const ARTICLES = 50_000;
const TOPICS = 100;
const SOURCES = 200;
/** The goal for a refresh that has to recompute: its p95 on the local runtime, and its DynamoDB requests. */
const RECOMPUTE_P95_GOAL_MS = 100;
const RECOMPUTE_REQUESTS_GOAL = 12;
const FILLER = "the a new report on why how people city week data study team plan early late open small".split(" ");

/**
 * Feed refresh on the local runtime: a person with 100 topics over 50,000 articles in the
 * window, recomputed (read postings, score, pick, store a session) against answering the
 * stored session.
 */
export async function feedBench(runtime: Runtime) {
  const rand = mulberry32(42);
  const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
  const userId = "bench-feed-user";
  await UserEntity.create({
    userId,
    username: "benchfeed",
    email: "benchfeed@example.com",
    passwordHash: "unused",
    isVerified: true,
    plan: "team",
    hasOnboarded: true,
    createdAt: Date.now(),
  }).go();
  const own = BUILTIN_TOPICS.slice(0, TOPICS);
  await Topics.add(userId, [...own]);
  for (const [i, topic] of own.slice(0, 5).entries()) {
    const topics = await Topics.list(userId);
    const found = topics.find((t) => t.topic.toLowerCase() === topic.toLowerCase()) ?? topics[i]!;
    await Topics.toggleSupertag(userId, found.id);
  }

  // Every article mentions one or two topics of the whole list (a third of them this person's).
  const matcher = new PhraseMatcher();
  for (const topic of BUILTIN_TOPICS) matcher.add(topic);
  const started = performance.now();
  const now = Date.now();
  const articles = Array.from({ length: ARTICLES }, (_, i) => {
    const a = pick(BUILTIN_TOPICS);
    const b = pick(BUILTIN_TOPICS);
    const publishedAt = now - Math.floor(rand() * 23 * 3_600_000);
    const sourceId = `bench-source-${i % SOURCES}`;
    return {
      articleId: `bench-${i}`,
      sourceId,
      sourceName: `Bench Source ${i % SOURCES}`,
      sourceType: "rss" as const,
      title: `${pick(FILLER)} ${a} ${pick(FILLER)} ${pick(FILLER)}`,
      link: `https://bench.example/${i}`,
      guid: `bench-${i}`,
      summary: `${pick(FILLER)} ${pick(FILLER)} ${b} ${pick(FILLER)}.`,
      publishedAt,
      ingestedAt: now,
      day: new Date(publishedAt).toISOString().slice(0, 10),
      fingerprint: `bench ${i}`,
    };
  });
  // Postings are written by the helper ingestion and backfills write through, in the order
  // ingestion meets articles (as published), a backfill's worth at a time: pages hold one line
  // per match however many a write adds, so they come out as ingestion would leave them.
  const inOrder = [...articles].sort((a, b) => a.publishedAt - b.publishedAt);
  for (let i = 0; i < inOrder.length; i += 5000) {
    const chunk = inOrder.slice(i, i + 5000);
    await ArticleEntity.put(chunk).go();
    await indexArticles(chunk, matcher);
  }
  console.log("\n## feed refresh (local runtime, DynamoDB stand-in)");
  console.log(
    `${ARTICLES.toLocaleString("en")} articles from ${SOURCES} sources in the last 24 h, a person with ${TOPICS} topics (5 supertags); corpus written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  // Sharing each new session with followers is the share queue worker's job: on AWS another
  // Lambda, here the same process. Held while timing, so the refresh is measured alone.
  runtime.dispatcher.hold("ShareQueue");
  const reads = countReads();
  const recomputeReads: Reads[] = [];
  // The phrases' dictionary stats are kept in a warm process for ten minutes (see
  // `Topics.phraseStats`), so after the warm-up a recompute reads postings, not stats: as a
  // Lambda does that has served anyone following the same phrases lately.
  // Each recompute starts from a changed topic list (stale) and an unused refresh allowance
  // (no sessions today), put back untimed before it.
  const recompute = await sample(
    30,
    async () => {
      const before = reads.snapshot();
      await Feed.read(userId, { manual: false });
      recomputeReads.push(reads.since(before));
    },
    3,
    async () => {
      const { data } = await FeedSessionEntity.query.byUser({ userId }).go({ pages: "all" });
      if (data.length > 0) await FeedSessionEntity.delete(data.map((s) => ({ userId, createdAt: s.createdAt }))).go();
      await FeedState.markStale(userId);
    },
  );
  await Feed.read(userId, { manual: false });
  const cachedReads: Reads[] = [];
  const cached = await sample(100, async () => {
    const before = reads.snapshot();
    await Feed.read(userId, { manual: false });
    cachedReads.push(reads.since(before));
  });
  runtime.dispatcher.release("ShareQueue");
  const feed = await Feed.read(userId, { manual: false });
  const picked = Object.values(feed.groups).flat().length;
  const perRecompute = median(recomputeReads);
  const perCached = median(cachedReads);
  console.log(row("refresh: recompute (postings, score, store)", recompute));
  console.log(row("refresh: answer the stored session", cached));
  // Printed, never asserted: timings on shared machines vary too much to fail a run on.
  const timeMet = recompute.p95 <= RECOMPUTE_P95_GOAL_MS;
  const requestsMet = perRecompute.requests <= RECOMPUTE_REQUESTS_GOAL;
  console.log(
    `goal: recompute p95 ≤ ${RECOMPUTE_P95_GOAL_MS} ms on the local runtime and ≤ ${RECOMPUTE_REQUESTS_GOAL} DynamoDB requests — ${timeMet && requestsMet ? "met" : "NOT met"} (${recompute.p95.toFixed(0)} ms ${timeMet ? "met" : "NOT met"}, ${perRecompute.requests} requests ${requestsMet ? "met" : "NOT met"})`,
  );
  console.log(
    `recompute: ${perRecompute.requests} DynamoDB requests, ${perRecompute.items} items read (${perRecompute.detail}); stored session: ${perCached.requests} requests, ${perCached.items} items read (${perCached.detail})`,
  );
  console.log(
    `recompute costs ${ratio(recompute.p50, cached.p50)} a stored read at p50 (${ratio(recompute.p95, cached.p95)} at p95), ${ratio(perRecompute.requests, perCached.requests)} its requests and ${ratio(perRecompute.items, Math.max(1, perCached.items))} its items read; ${picked} picks in ${Object.keys(feed.groups).length} groups`,
  );
}

/** The run with the median request count (runs differ only by retries and timing). */
function median(runs: Reads[]): Reads {
  return [...runs].sort((a, b) => a.requests - b.requests || a.items - b.items)[Math.floor(runs.length / 2)]!;
}
