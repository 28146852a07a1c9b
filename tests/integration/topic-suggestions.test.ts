import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ingestSource } from "@graph/core/workflows/ingest";
import * as Sources from "@graph/core/modules/sources";
import * as Topics from "@graph/core/modules/topics";
import { BUILTIN_TOPICS, SUGGESTION_MESSAGES } from "@graph/core/modules/topics/rules";
import { ArticleEntity } from "../../packages/core/src/modules/articles/article.entity.ts";
import { SourceEntity } from "../../packages/core/src/modules/sources/source.entity.ts";
import { PhraseMonthEntity } from "../../packages/core/src/modules/topics/phrase-month.entity.ts";
import { PhrasePairEntity } from "../../packages/core/src/modules/topics/phrase-pair.entity.ts";
import { SkippedTopicEntity } from "../../packages/core/src/modules/topics/skipped-topic.entity.ts";
import { monthOf } from "../../packages/core/src/modules/topics/suggestion-rules.ts";
import { rss, startFeedServer, type FeedItem } from "../support/feeds.ts";
import { errorOf, signedIn, travel, useTestApi } from "../support/runtime.ts";

const api = useTestApi();
let feeds: Awaited<ReturnType<typeof startFeedServer>>;

/**
 * The corpus, all published within the last hour:
 * - 'Rust' and 'Borrow Checker' together in 3 articles; 'Borrow Checker' in no other (a niche pair);
 * - 'Rust' and 'Technology' together in 4 articles; 'Technology' in 16 more (a topic in everything);
 * so Technology appears with Rust in more articles than Borrow Checker does, yet goes with it less.
 */
const items: FeedItem[] = [
  ...[1, 2, 3].map((n) => ({
    title: `Rust and the borrow checker, part ${n}`,
    link: `https://forge.example/borrow-${n}`,
    ageHours: 0.01 * n,
  })),
  ...[1, 2, 3, 4].map((n) => ({
    title: `Rust in the technology news, week ${n}`,
    link: `https://forge.example/news-${n}`,
    ageHours: 0.01 * n,
  })),
  ...Array.from({ length: 16 }, (_, i) => ({
    title: `Technology roundup number ${i + 1}`,
    link: `https://forge.example/roundup-${i + 1}`,
    ageHours: 0.01 * (i + 1),
  })),
];

type Person = Awaited<ReturnType<typeof signedIn>>;
let reader: Person;
let peer: Person;

async function personWithTopics(topics: string[]) {
  const person = await signedIn(api);
  if (topics.length > 0) {
    const response = await api.client({ cookie: person.cookie }).gpt.to_db.$post({ json: { keyTopicsArray: topics } });
    expect(response.status).toBe(200);
  }
  return person;
}

async function suggestions(person: Person, json: { seedTopicIds?: string[]; excludeIds?: string[]; limit?: number }) {
  const response = await api.client({ cookie: person.cookie }).gpt.similar_topics.$post({ json });
  expect(response.status).toBe(200);
  return (await response.json()).similarTopics;
}

const named = (list: Array<{ topic: string }>) => list.map((s) => s.topic);
const idOf = async (person: Person, name: string) => {
  const found = (await suggestions(person, { limit: 50 })).find((s) => s.topic === name);
  if (!found) throw new Error(`${name} is not suggested`);
  return found.id;
};
const skippedOf = async (person: Person) => {
  const response = await api.client({ cookie: person.cookie }).gpt.skipped_topics[":id"].$get({
    param: { id: person.userId },
  });
  expect(response.status).toBe(200);
  return (await response.json()).skippedTopics;
};

beforeAll(async () => {
  feeds = await startFeedServer();
  feeds.set("/forge.xml", { body: rss("Forge Weekly", items) });
  await Sources.ensureCatalogue([
    {
      sourceId: "forge",
      name: "Forge Weekly",
      siteUrl: "https://forge.example",
      feedUrl: `${feeds.url}/forge.xml`,
      type: "rss",
    },
  ]);
  // The phrases are in the dictionary before the articles arrive (so ingestion matches them).
  await personWithTopics(["Borrow Checker", "Technology"]);
  peer = await personWithTopics(["Rust", "Kelp Forest"]);
  reader = await personWithTopics(["Rust"]);
  await api.runtime.dispatcher.idle();
  await api.runtime.dispatcher.runJob("ingest");
  await api.runtime.dispatcher.idle();
});
afterAll(() => feeds?.close());
afterEach(() => vi.useRealTimers());

describe("topic suggestions from graph's own data", () => {
  it("ranks a niche topic that keeps appearing with the person's topic above one that appears with everything", async () => {
    const list = await suggestions(reader, {});
    const names = named(list);
    expect(names).toContain("Borrow Checker");
    expect(names).toContain("Technology");
    // Technology shares more articles with Rust (4 against 3), but it is in every article.
    expect(names.indexOf("Borrow Checker")).toBeLessThan(names.indexOf("Technology"));
    expect(names[0]).toBe("Borrow Checker");
  });

  it("says why: the articles a suggestion shares with the person's topic, or the people who follow it", async () => {
    const list = await suggestions(reader, {});
    const why = new Map(list.map((s) => [s.topic, s.why]));
    expect(why.get("Borrow Checker")).toMatch(/^appears with Rust in 3 articles (this month|since \w+ 1)$/);
    expect(why.get("Technology")).toMatch(/^appears with Rust in 4 articles (this month|since \w+ 1)$/);
    // The peer follows Rust too: their other topic is suggested for that.
    expect(why.get("Kelp Forest")).toBe("followed by 1 person who also follows Rust");
    // Every suggestion carries the id the topic has once added.
    const add = await api
      .client({ cookie: peer.cookie })
      .gpt.to_db.$post({ json: { keyTopicsArray: ["Borrow Checker"] } });
    const added = (await add.json()).topics.find((t) => t.topic === "Borrow Checker");
    expect(list.find((s) => s.topic === "Borrow Checker")?.id).toBe(added?.id);
    await api.client({ cookie: peer.cookie }).gpt.remove_topic.$post({ json: { topicId: added!.id } });
  });

  it("fills up with built-in topics, the most followed first, for a person with few topics", async () => {
    const newcomer = await personWithTopics([]);
    const list = await suggestions(newcomer, { limit: 15 });
    expect(list).toHaveLength(15);
    for (const s of list) expect(BUILTIN_TOPICS).toContain(s.topic);
    // Rust is a built-in topic two people follow; the others nobody follows yet.
    expect(list[0]).toMatchObject({ topic: "Rust", why: "followed by 2 people on graph" });
    expect(list[1]!.why).toBe("one of graph's starter topics");
    expect(new Set(list.map((s) => s.id)).size).toBe(15);
    // Asking again without what was shown brings others.
    const more = await suggestions(newcomer, { limit: 10, excludeIds: list.map((s) => s.id) });
    expect(more).toHaveLength(10);
    expect(more.filter((s) => list.some((shown) => shown.id === s.id))).toEqual([]);
  });

  it("never suggests a topic the person follows, has skipped, or the request leaves out; clearing a skip brings it back", async () => {
    const person = await personWithTopics(["Rust"]);
    const before = named(await suggestions(person, { limit: 50 }));
    expect(before).not.toContain("Rust");
    expect(before).toContain("Borrow Checker");

    const borrow = await idOf(person, "Borrow Checker");
    const skip = await api
      .client({ cookie: person.cookie })
      .gpt.skip_topic.$post({ json: { topicId: borrow, topic: "Borrow Checker" } });
    expect(skip.status).toBe(200);
    expect(named(await suggestions(person, { limit: 50 }))).not.toContain("Borrow Checker");
    expect(await skippedOf(person)).toEqual([{ id: borrow, topic: "Borrow Checker", skippedAt: expect.any(Number) }]);

    const technology = await idOf(person, "Technology");
    const leftOut = named(await suggestions(person, { limit: 50, excludeIds: [technology] }));
    expect(leftOut).not.toContain("Technology");
    expect(leftOut).toContain("Kelp Forest");

    const unskip = await api.client({ cookie: person.cookie }).gpt.unskip_topic.$post({ json: { topicId: borrow } });
    expect(unskip.status).toBe(200);
    expect(await skippedOf(person)).toEqual([]);
    expect(named(await suggestions(person, { limit: 50 }))).toContain("Borrow Checker");
    // Clearing again, or a topic never skipped, changes nothing.
    expect(
      (await api.client({ cookie: person.cookie }).gpt.unskip_topic.$post({ json: { topicId: borrow } })).status,
    ).toBe(200);

    // Once followed, a suggestion is gone for good.
    await api.client({ cookie: person.cookie }).gpt.to_db.$post({ json: { keyTopicsArray: ["Kelp Forest"] } });
    expect(named(await suggestions(person, { limit: 50 }))).not.toContain("Kelp Forest");
  });

  it("starts from the seeds the request names", async () => {
    const person = await personWithTopics(["Rust", "Kelp Forest"]);
    const topics = await (
      await api.client({ cookie: person.cookie }).gpt.from_db[":id"].$get({ param: { id: person.userId } })
    ).json();
    const kelp = topics.find((t) => t.topic === "Kelp Forest")!;
    // Kelp Forest matched no article: from it alone nothing co-occurs, though the peer (who follows it too) still counts.
    const fromKelp = await suggestions(person, { seedTopicIds: [kelp.id], limit: 50 });
    expect(fromKelp.map((s) => s.why).filter((why) => why.startsWith("appears with"))).toEqual([]);
    const fromAll = await suggestions(person, { limit: 50 });
    expect(fromAll.find((s) => s.topic === "Borrow Checker")?.why).toMatch(/^appears with Rust/);
  });

  it("refuses bad bodies with 400 and a clear message, and changes nothing", async () => {
    const cookie = reader.cookie;
    const bad: Array<[string, unknown, string]> = [
      ["/api/gpt/similar_topics", { limit: 0 }, SUGGESTION_MESSAGES.badLimit],
      ["/api/gpt/similar_topics", { limit: 51 }, SUGGESTION_MESSAGES.badLimit],
      ["/api/gpt/similar_topics", { limit: 2.5 }, SUGGESTION_MESSAGES.badLimit],
      ["/api/gpt/similar_topics", { limit: "ten" }, SUGGESTION_MESSAGES.badLimit],
      ["/api/gpt/similar_topics", { seedTopicIds: "rust" }, SUGGESTION_MESSAGES.badSeeds],
      ["/api/gpt/similar_topics", { seedTopicIds: [""] }, SUGGESTION_MESSAGES.badSeeds],
      ["/api/gpt/similar_topics", { excludeIds: [1, 2] }, SUGGESTION_MESSAGES.badExcludes],
      [
        "/api/gpt/similar_topics",
        { excludeIds: Array.from({ length: 1001 }, (_, i) => `id${i}`) },
        SUGGESTION_MESSAGES.tooManyExcludes,
      ],
      ["/api/gpt/skip_topic", {}, "topicId is required"],
      ["/api/gpt/skip_topic", { topicId: "" }, "topicId is required"],
      ["/api/gpt/skip_topic", { topicId: 7 }, "topicId is required"],
      ["/api/gpt/skip_topic", { topicId: "abc", topic: "Borrow Checker" }, SUGGESTION_MESSAGES.topicMismatch],
      ["/api/gpt/unskip_topic", { topicId: "" }, "topicId is required"],
    ];
    for (const [path, body, message] of bad) {
      const response = await api.request("POST", path, { body, cookie });
      expect(response.status, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
      expect(await errorOf(response)).toEqual({ error: message, code: "invalid_input" });
    }
    const notJson = await api.request("POST", "/api/gpt/skip_topic", {
      rawBody: "{topicId:",
      headers: { "content-type": "application/json" },
      cookie,
    });
    expect(notJson.status).toBe(400);
    expect(await skippedOf(reader)).toEqual([]);
    // Signed out, none of them answers.
    expect((await api.client().gpt.similar_topics.$post({ json: {} })).status).toBe(401);
    expect((await api.client().gpt.skip_topic.$post({ json: { topicId: "abc" } })).status).toBe(401);
  });

  it("refuses to show one person's skipped topics to another", async () => {
    const other = await personWithTopics(["Rust"]);
    const borrow = await idOf(other, "Borrow Checker");
    await api.client({ cookie: other.cookie }).gpt.skip_topic.$post({ json: { topicId: borrow } });
    const response = await api
      .client({ cookie: reader.cookie })
      .gpt.skipped_topics[":id"].$get({ param: { id: other.userId } });
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toEqual({ error: SUGGESTION_MESSAGES.notYours, code: "forbidden" });
    const signedOut = await api.client().gpt.skipped_topics[":id"].$get({ param: { id: other.userId } });
    expect(signedOut.status).toBe(401);
    // Skipped by id alone, it is still listed by its name.
    expect(await skippedOf(other)).toEqual([{ id: borrow, topic: "Borrow Checker", skippedAt: expect.any(Number) }]);
  });

  it("names a suggestion skipped by its id alone, and stores the name with the skip", async () => {
    const person = await personWithTopics(["Rust"]);
    const offered = await suggestions(person, { limit: 50 });
    const builtin = offered.find((s) => BUILTIN_TOPICS.includes(s.topic));
    expect(builtin).toBeDefined();
    const chosen = [
      offered.find((s) => s.topic === "Borrow Checker")!, // appears with Rust
      offered.find((s) => s.topic === "Kelp Forest")!, // followed by a person who shares Rust
      builtin!,
    ];
    for (const { id } of chosen) {
      const skip = await api.client({ cookie: person.cookie }).gpt.skip_topic.$post({ json: { topicId: id } });
      expect(skip.status).toBe(200);
    }
    const listed = await skippedOf(person);
    expect(new Map(listed.map((s) => [s.id, s.topic]))).toEqual(new Map(chosen.map((s) => [s.id, s.topic])));
    for (const { id, topic } of chosen) {
      const { data } = await SkippedTopicEntity.get({ userId: person.userId, topicId: id }).go();
      expect(data?.topic).toBe(topic);
    }
  });

  it("names a skip stored without a name when it is listed, and stores the name", async () => {
    const person = await personWithTopics(["Rust"]);
    const technology = await idOf(person, "Technology");
    // As a skip by id alone was stored before skips were named.
    await SkippedTopicEntity.create({ userId: person.userId, topicId: technology, skippedAt: Date.now() }).go();
    await SkippedTopicEntity.create({ userId: person.userId, topicId: "no-such-topic-id", skippedAt: 1 }).go();
    expect(await skippedOf(person)).toEqual([
      { id: technology, topic: "Technology", skippedAt: expect.any(Number) },
      // An id nothing names any more stays without one.
      { id: "no-such-topic-id", topic: null, skippedAt: 1 },
    ]);
    const { data } = await SkippedTopicEntity.get({ userId: person.userId, topicId: technology }).go();
    expect(data?.topic).toBe("Technology");
  });

  it("counts an article once, however often ingestion meets it", async () => {
    const month = monthOf(Date.now());
    const counts = async () => {
      const [rust, pair] = await Promise.all([
        PhraseMonthEntity.get({ phrase: "rust", month }).go({ attributes: ["articles", "partners"] }),
        PhrasePairEntity.get({ month, first: "borrow checker", second: "rust" }).go(),
      ]);
      return { rust: rust.data?.articles, pair: pair.data?.count, partners: rust.data?.partners };
    };
    const before = await counts();
    expect(before).toMatchObject({ rust: 7, pair: 3 });
    expect((before.partners as Record<string, number[]>)["borrow checker"]).toEqual([3, 3]);

    // The feed read again (past the re-fetch guard): the same items, stored already.
    travel(2 * 60_000);
    const report = await ingestSource("forge", { allowPrivateFeeds: false });
    expect(report).toMatchObject({ status: "ok", added: 0 });
    expect(await counts()).toEqual(before);

    // Counting a stored article again, directly, finds its mark and adds nothing.
    const { data: stored } = await ArticleEntity.query.bySource({ sourceId: "forge" }).go({ pages: "all" });
    const borrowArticle = stored.find((a) => a.title === "Rust and the borrow checker, part 1")!;
    expect(await Topics.recordAssociations(borrowArticle)).toBe(false);
    expect(await counts()).toEqual(before);
    const why = (await suggestions(reader, {})).find((s) => s.topic === "Borrow Checker")?.why;
    expect(why).toMatch(/^appears with Rust in 3 articles/);
  });

  it("does not count the articles of a source only its suggesters read", async () => {
    const month = monthOf(Date.now());
    const rustCount = async () =>
      (await PhraseMonthEntity.get({ phrase: "rust", month }).go({ attributes: ["articles"] })).data?.articles;
    const before = await rustCount();
    feeds.set("/spam.xml", {
      body: rss("Spam Weekly", [
        { title: "Rust and kelp forest, together again", link: "https://spam.example/1" },
        { title: "Rust and kelp forest, once more", link: "https://spam.example/2" },
      ]),
    });
    const now = Date.now();
    await SourceEntity.create({
      sourceId: "spam",
      name: "Spam Weekly",
      siteUrl: "https://spam.example",
      feedUrl: `${feeds.url}/spam.xml`,
      type: "rss",
      trusted: false,
      origin: "suggested",
      nextFetchAt: now,
      createdAt: now,
    }).go();
    const report = await ingestSource("spam", { allowPrivateFeeds: true });
    expect(report).toMatchObject({ status: "ok", added: 2, matched: 2 });
    expect(await rustCount()).toBe(before);
    const why = (await suggestions(reader, {})).find((s) => s.topic === "Kelp Forest")?.why;
    expect(why).toMatch(/^followed by \d+ people who also follow Rust$/);
  });
});
