import { ArticleEntity } from "../../packages/core/src/articles/article.entity.ts";
import { PostingEntity } from "../../packages/core/src/articles/posting.entity.ts";
import * as Feed from "@graph/core/feed";
import { FeedSessionEntity } from "../../packages/core/src/feed/feed-session.entity.ts";
import { FeedState } from "@graph/core/feed";
import { PhraseMatcher } from "@graph/core/matching";
import { BUILTIN_TOPICS } from "@graph/core/topics/rules";
import * as Topics from "@graph/core/topics";
import { UserEntity } from "../../packages/core/src/users/user.entity.ts";
import { ratio, row, sample } from "./stats.ts";
import { mulberry32 } from "./random.ts";

const ARTICLES = 50_000;
const TOPICS = 100;
const SOURCES = 200;
const FILLER = "the a new report on why how people city week data study team plan early late open small".split(" ");

/**
 * Feed refresh on the local runtime: a person with 100 topics over 50,000 articles in the
 * window, recomputed (read postings, score, pick, store a session) against answering the
 * stored session.
 */
export async function feedBench() {
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
  for (let i = 0; i < articles.length; i += 1000) {
    const chunk = articles.slice(i, i + 1000);
    const postings = chunk.flatMap((article) =>
      matcher.matchArticle({ title: article.title, body: article.summary }).map((m) => ({
        phrase: m.phrase,
        articleId: article.articleId,
        publishedAt: article.publishedAt,
        sourceId: article.sourceId,
        inTitle: m.inTitle,
        titleCount: m.titleCount,
        bodyCount: m.bodyCount,
      })),
    );
    await Promise.all([ArticleEntity.put(chunk).go(), PostingEntity.put(postings).go()]);
  }
  console.log("\n## feed refresh (local runtime, DynamoDB stand-in)");
  console.log(
    `${ARTICLES.toLocaleString("en")} articles from ${SOURCES} sources in the last 24 h, a person with ${TOPICS} topics (5 supertags); corpus written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const recompute = await sample(
    30,
    async () => {
      await FeedState.markStale(userId);
      await Feed.read(userId, { manual: false });
      // Keep the day's refresh allowance from running out while measuring.
      const { data } = await FeedSessionEntity.query.byUser({ userId }).go({ pages: "all" });
      await FeedSessionEntity.delete(data.map((s) => ({ userId, createdAt: s.createdAt }))).go();
    },
    3,
  );
  await Feed.read(userId, { manual: false });
  const cached = await sample(100, () => Feed.read(userId, { manual: false }));
  const feed = await Feed.read(userId, { manual: false });
  const picked = Object.values(feed.groups).flat().length;
  console.log(row("refresh: recompute (postings, score, store)", recompute));
  console.log(row("refresh: answer the stored session", cached));
  console.log(
    `recompute costs ${ratio(recompute.p50, cached.p50)} a stored read at p50 (${ratio(recompute.p95, cached.p95)} at p95); ${picked} picks in ${Object.keys(feed.groups).length} groups`,
  );
}
