import { utcDay } from "@graph/core/adapters/dynamo";
import { ArticleEntity, type Article } from "../../packages/core/src/modules/articles/article.entity.ts";
import * as Topics from "@graph/core/modules/topics";
import { BUILTIN_TOPICS } from "@graph/core/modules/topics/rules";
import { PhraseMonthEntity } from "../../packages/core/src/modules/topics/phrase-month.entity.ts";
import { PhrasePairEntity } from "../../packages/core/src/modules/topics/phrase-pair.entity.ts";
import {
  ASSOCIATION_LIMITS,
  countedPhrases,
  expiryOf,
  firstDayName,
  mergePartners,
  monthOf,
  pairsOf,
  previousMonthOf,
  rankSuggestions,
  type Partners,
  type SeedEvidence,
} from "../../packages/core/src/modules/topics/suggestion-rules.ts";
import { mapLimited } from "@graph/core/lib/util";
import { mulberry32, zipf } from "./random.ts";
import { countReads } from "./reads.ts";
import { ratio, row, sample } from "./stats.ts";

const ARTICLES = Number(process.env.BENCH_SUGGESTION_ARTICLES ?? 50_000);
const TOPICS = 100;
const OTHER_PEOPLE = 40;
const LIMIT = 15;
/** Articles counted through the ingest hook itself, one by one, to measure what counting costs ingestion. */
const HOOKED = 2_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const FILLER = "the a new report on why how people city week data study team plan early late open small".split(" ");

/**
 * Topic suggestions (`similar_topics`) for a person with 100 topics over 50,000 matched articles
 * of the last ten days, answered from the association data ingestion keeps, against computing the
 * same associations from the articles on the request (read every article of this month and last,
 * match each, count, rank), side by side in one run.
 */
export async function suggestionsBench() {
  const rand = mulberry32(0x5ec7);
  const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
  // Popular topics near the front (zipf), related ones next to each other (the list is by subject).
  const popular = zipf(BUILTIN_TOPICS.length, 1.05, rand);
  const near = (i: number) =>
    Math.min(BUILTIN_TOPICS.length - 1, Math.max(0, i + (rand() < 0.5 ? -1 : 1) * (1 + Math.floor(rand() * 4))));
  const started = performance.now();

  // The person follows 100 topics; forty others follow twenty each (they share some).
  const order = BUILTIN_TOPICS.map((topic) => ({ topic, key: rand() })).sort((a, b) => a.key - b.key);
  const userId = "bench-suggestions-user";
  await Topics.add(
    userId,
    order.slice(0, TOPICS).map((o) => o.topic),
  );
  for (let p = 0; p < OTHER_PEOPLE; p++) {
    const theirs = new Set<string>();
    while (theirs.size < 20) theirs.add(BUILTIN_TOPICS[popular()]!);
    await Topics.add(`bench-suggestions-peer-${p}`, [...theirs]);
  }
  const matcher = await Topics.currentMatcher();

  // Each article is about one topic (popular ones more often), often with a related one and now
  // and then a popular one.
  const now = Date.now();
  const articles: Article[] = Array.from({ length: ARTICLES }, (_, i) => {
    const main = popular();
    const about = [BUILTIN_TOPICS[main]!];
    if (rand() < 0.6) about.push(BUILTIN_TOPICS[near(main)]!);
    if (rand() < 0.25) about.push(BUILTIN_TOPICS[popular()]!);
    const publishedAt = now - Math.floor(rand() * 10 * DAY_MS);
    return {
      articleId: `bench-s-${i}`,
      sourceId: `bench-s-source-${i % 200}`,
      sourceName: `Bench Source ${i % 200}`,
      sourceType: "rss" as const,
      title: `${pick(FILLER)} ${about[0]} ${pick(FILLER)} ${pick(FILLER)}`,
      link: `https://bench.example/s/${i}`,
      guid: `bench-s-${i}`,
      summary: `${pick(FILLER)} ${about.slice(1).join(` ${pick(FILLER)} `)} ${pick(FILLER)}.`,
      publishedAt,
      ingestedAt: now,
      day: utcDay(publishedAt),
      fingerprint: `bench s ${i}`,
    };
  });
  for (let i = 0; i < articles.length; i += 5_000) await ArticleEntity.put(articles.slice(i, i + 5_000)).go();

  // The corpus counted in bulk (the items the hook would leave, written at once: counting 48,000
  // articles one by one takes the stand-in the better part of an hour), then the last HOOKED
  // articles through the ingest hook itself, one by one, measured.
  await countInBulk(articles.slice(0, ARTICLES - HOOKED), matcher, now);
  const requests = countReads();
  const beforeHooked = requests.snapshot();
  const hooked = await sample(HOOKED, (i) => Topics.recordAssociations(articles[ARTICLES - HOOKED + i]!, now), 0);
  const hookedRequests = requests.since(beforeHooked);

  console.log("\n## topic suggestions (local runtime, DynamoDB stand-in)");
  console.log(
    `${ARTICLES.toLocaleString("en")} matched articles of the last 10 days over ${BUILTIN_TOPICS.length} topics, a person with ${TOPICS} topics and ${OTHER_PEOPLE} others; corpus written (and counted in bulk) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(row("ingest: count one article (hook)", hooked));
  console.log(
    `counting an article: ${(hookedRequests.requests / HOOKED).toFixed(1)} DynamoDB requests on average (${hookedRequests.detail})`,
  );

  const beforePrecomputed = requests.snapshot();
  let answer = await Topics.similarTopics(userId, { limit: LIMIT });
  const precomputedRequests = requests.since(beforePrecomputed);
  const precomputed = await sample(30, async () => {
    answer = await Topics.similarTopics(userId, { limit: LIMIT });
  });
  const beforeScan = requests.snapshot();
  let scanned = await fromArticles(userId, matcher, LIMIT);
  const scanRequests = requests.since(beforeScan);
  const scan = await sample(
    5,
    async () => {
      scanned = await fromArticles(userId, matcher, LIMIT);
    },
    1,
  );

  console.log(row("similar_topics: precomputed associations", precomputed));
  console.log(row("similar_topics: associations from articles", scan));
  console.log(
    `precomputed: ${precomputedRequests.requests} requests, ${precomputedRequests.items} items read; from articles: ${scanRequests.requests} requests, ${scanRequests.items} items read`,
  );
  console.log(
    `from articles costs ${ratio(scan.p50, precomputed.p50)} the precomputed answer at p50 (${ratio(scan.p95, precomputed.p95)} at p95) and ${ratio(scanRequests.items, Math.max(1, precomputedRequests.items))} its items read`,
  );
  const fromCooccurrence = answer.filter((s) => s.why.startsWith("appears with")).map((s) => s.topic);
  const agree = fromCooccurrence.filter((topic) => scanned.includes(topic)).length;
  console.log(
    `the two agree on ${agree} of the ${fromCooccurrence.length} suggestions the precomputed answer draws from articles (the rest of its ${answer.length} come from people who share topics)`,
  );
}

/**
 * The same associations computed on the request: every article of this month and last read by
 * day, matched, its counted phrases tallied, and the person's topics' partners ranked by the
 * same rule. Answers the top `limit` topics' names.
 */
async function fromArticles(userId: string, matcher: Awaited<ReturnType<typeof Topics.currentMatcher>>, limit: number) {
  const now = Date.now();
  const months = [monthOf(now), previousMonthOf(now)];
  const topics = await Topics.listRaw(userId);
  const mine = new Map(topics.map((t) => [t.phrase, t.topic]));
  const days: string[] = [];
  for (let t = Date.parse(`${months[1]}-01T00:00:00Z`); t <= now; t += DAY_MS) days.push(utcDay(t));
  const perDay = await mapLimited(days, 8, async (day) => {
    const { data } = await ArticleEntity.query.byDay({ day }).go({
      pages: "all",
      attributes: ["title", "summary", "publishedAt", "duplicateOf"],
    });
    return data;
  });
  const articles = new Map<string, number>();
  const pairs = new Map<string, Map<string, { pair: number; pairThisMonth: number }>>();
  for (const list of perDay) {
    for (const a of list) {
      if (a.duplicateOf || !months.includes(monthOf(a.publishedAt))) continue;
      const phrases = countedPhrases(matcher.matchArticle({ title: a.title, body: a.summary }));
      const thisMonth = monthOf(a.publishedAt) === months[0];
      for (const p of phrases) articles.set(p, (articles.get(p) ?? 0) + 1);
      for (const seed of phrases) {
        if (!mine.has(seed)) continue;
        let partners = pairs.get(seed);
        if (!partners) pairs.set(seed, (partners = new Map()));
        for (const other of phrases) {
          if (other === seed) continue;
          const p = partners.get(other) ?? { pair: 0, pairThisMonth: 0 };
          p.pair++;
          if (thisMonth) p.pairThisMonth++;
          partners.set(other, p);
        }
      }
    }
  }
  const seeds: SeedEvidence[] = [...pairs].map(([seed, partners]) => ({
    topic: mine.get(seed)!,
    articles: articles.get(seed) ?? 0,
    partners: [...partners].map(([phrase, p]) => ({ phrase, ...p, articles: articles.get(phrase) ?? 0 })),
  }));
  return rankSuggestions({ seeds, peers: [], excluded: (p) => mine.has(p), since: firstDayName(months[1]!) })
    .slice(0, limit)
    .map((r) => BUILTIN_TOPICS.find((t) => Topics.normalise([t])[0]?.phrase === r.phrase) ?? r.phrase);
}

/**
 * Writes the association items for `articles` as the ingest hook would leave them after counting
 * them one by one: each phrase's article count and strongest partners per month (ranked by the
 * same rule, with final counts), and each pair's count. Marks are left out (nothing counts these
 * articles again).
 */
async function countInBulk(
  articles: Article[],
  matcher: Awaited<ReturnType<typeof Topics.currentMatcher>>,
  now: number,
) {
  const phrases = new Map<string, number>();
  const pairs = new Map<string, number>();
  const key = (...parts: string[]) => parts.join("\u0000");
  for (const a of articles) {
    const month = monthOf(a.publishedAt);
    if (month < previousMonthOf(now)) continue;
    const counted = countedPhrases(matcher.matchArticle({ title: a.title, body: a.summary }));
    for (const p of counted) phrases.set(key(month, p), (phrases.get(key(month, p)) ?? 0) + 1);
    for (const [first, second] of pairsOf(counted)) {
      pairs.set(key(month, first, second), (pairs.get(key(month, first, second)) ?? 0) + 1);
    }
  }
  const partners = new Map<string, Partners>();
  for (const [k, count] of pairs) {
    const [month, first, second] = k.split("\u0000") as [string, string, string];
    const of = (p: string) => partners.get(key(month, p)) ?? partners.set(key(month, p), {}).get(key(month, p))!;
    of(first)[second] = [count, phrases.get(key(month, second))!];
    of(second)[first] = [count, phrases.get(key(month, first))!];
  }
  const monthItems = [...phrases].map(([k, count]) => {
    const [month, phrase] = k.split("\u0000") as [string, string];
    const all = partners.get(k) ?? {};
    const kept = mergePartners({}, all, count, ASSOCIATION_LIMITS.partnersPerPhrase) ?? {};
    return { phrase, month, articles: count, partners: kept, version: 1, expiresAt: expiryOf(month) };
  });
  const pairItems = [...pairs].map(([k, count]) => {
    const [month, first, second] = k.split("\u0000") as [string, string, string];
    return { month, first, second, count, expiresAt: expiryOf(month) };
  });
  for (let i = 0; i < monthItems.length; i += 1_000) await PhraseMonthEntity.put(monthItems.slice(i, i + 1_000)).go();
  for (let i = 0; i < pairItems.length; i += 1_000) await PhrasePairEntity.put(pairItems.slice(i, i + 1_000)).go();
}
