import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as Sources from "@graph/core/modules/sources";
import { UserEntity } from "../../packages/core/src/modules/users/user.entity.ts";
import { rss, startFeedServer } from "../support/feeds.ts";
import { errorOf, signedIn, travel, useTestApi, type TestApi } from "../support/runtime.ts";

const api = useTestApi();
let feeds: Awaited<ReturnType<typeof startFeedServer>>;

const hoursAgo = (n: number) => n;

beforeAll(async () => {
  feeds = await startFeedServer();
  feeds.set("/lab.xml", {
    etag: '"lab-1"',
    body: rss("Northwind Lab", [
      {
        title: "Neural networks learn to read maps",
        summary: "A new model for cartography.",
        link: "https://lab.example/maps",
        ageHours: hoursAgo(1),
      },
      {
        title: "Weekly notes from the lab",
        summary: "This week we trained a neural network on bird songs.",
        link: "https://lab.example/notes",
        ageHours: hoursAgo(2),
      },
      {
        title: "Sourdough baking for engineers",
        summary: "Hydration tables and starters.",
        link: "https://lab.example/bread",
        ageHours: hoursAgo(3),
      },
      {
        title: "An old neural network paper revisited",
        summary: "From the archive.",
        link: "https://lab.example/archive",
        ageHours: hoursAgo(24 * 20),
      },
      {
        title: "Machine that is learning to juggle",
        summary: "Robots and balls.",
        link: "https://lab.example/juggle",
        ageHours: hoursAgo(4),
      },
    ]),
  });
  feeds.set("/daily.xml", {
    body: rss("Daily Digest", [
      {
        title: "Neural Networks Learn to Read Maps - Daily Digest",
        summary: "Syndicated.",
        link: "https://lab.example/maps?utm_source=daily&utm_medium=rss",
        guid: "daily-1",
        ageHours: hoursAgo(1),
      },
      {
        title: "Sourdough starters, compared",
        summary: "Ten starters, one winner.",
        link: "https://daily.example/starters",
        ageHours: hoursAgo(5),
      },
      {
        title: "Gardening in small spaces",
        summary: "Balconies and pots.",
        link: "https://daily.example/garden",
        ageHours: hoursAgo(6),
      },
    ]),
  });
  feeds.set("/broken.xml", { body: "<html><body>not a feed</body></html>", contentType: "text/html" });
  await Sources.ensureCatalogue([
    {
      sourceId: "lab",
      name: "Northwind Lab",
      siteUrl: "https://lab.example",
      feedUrl: `${feeds.url}/lab.xml`,
      type: "rss",
    },
    {
      sourceId: "daily",
      name: "Daily Digest",
      siteUrl: "https://daily.example",
      feedUrl: `${feeds.url}/daily.xml`,
      type: "atom",
    },
    {
      sourceId: "broken",
      name: "Broken Feed",
      siteUrl: "https://broken.example",
      feedUrl: `${feeds.url}/broken.xml`,
      type: "rss",
    },
  ]);
  await ingest(api);
});
afterAll(() => feeds?.close());
afterEach(() => vi.useRealTimers());

async function ingest(test: TestApi) {
  await test.runtime.dispatcher.runJob("ingest");
  await test.runtime.dispatcher.idle();
}

async function personWithTopics(topics: string[], plan?: "pro" | "team") {
  const person = await signedIn(api);
  if (plan) await UserEntity.patch({ userId: person.userId }).set({ plan }).go();
  const response = await api.client({ cookie: person.cookie }).gpt.to_db.$post({ json: { keyTopicsArray: topics } });
  expect(response.status).toBe(200);
  await api.runtime.dispatcher.idle();
  return person;
}

const feedCall = (cookie: string, manual = false) =>
  api.client({ cookie }).rss.articles.$get({ query: manual ? { type: "manual" } : {} });
async function feed(cookie: string, manual = false) {
  const response = await feedCall(cookie, manual);
  return { status: response.status, body: await response.json() };
}
type Feed = Awaited<ReturnType<typeof feed>>["body"];
const topicsOf = async (userId: string) =>
  (await api.client().gpt.from_db[":id"].$get({ param: { id: userId } })).json();
const clearRefresh = (cookie: string) => api.client({ cookie }).users.clear_last_feed_refresh_at.$post();
const all = (f: Feed) => Object.values(f.groups).flat();
const titles = (f: Feed) => all(f).map((a) => a.title);

describe("topics", () => {
  it("normalises to capitalised words, trims and de-duplicates per person (plurals fold)", async () => {
    const person = await signedIn(api);
    const add = (keyTopicsArray: string[]) =>
      api.client({ cookie: person.cookie }).gpt.to_db.$post({ json: { keyTopicsArray } });
    const response = await add(["  neural   networks ", "Neural Network", "sourdough baking, urban cycling", ""]);
    const { topics } = await response.json();
    expect(topics.map((t) => t.topic)).toEqual(["Neural Networks", "Sourdough Baking", "Urban Cycling"]);
    expect(await topicsOf(person.userId)).toEqual(topics);
    const again = await add(["URBAN cycling"]);
    expect((await again.json()).topics).toHaveLength(3);
  });

  it("needs a session to add and refuses an empty list", async () => {
    expect((await api.client().gpt.to_db.$post({ json: { keyTopicsArray: ["x"] } })).status).toBe(401);
    const person = await signedIn(api);
    const empty = await api.client({ cookie: person.cookie }).gpt.to_db.$post({ json: { keyTopicsArray: [" , "] } });
    expect(empty.status).toBe(400);
  });

  it("removes a topic and allows at most 5 supertags", async () => {
    const person = await signedIn(api);
    const gpt = api.client({ cookie: person.cookie }).gpt;
    const { topics } = await (
      await gpt.to_db.$post({
        json: { keyTopicsArray: ["a1 topic", "a2 topic", "a3 topic", "a4 topic", "a5 topic", "a6 topic"] },
      })
    ).json();
    const toggle = (topicId: string) => gpt.toggle_supertag.$post({ json: { topicId } });
    for (const topic of topics.slice(0, 5)) {
      expect(await (await toggle(topic.id)).json()).toEqual({ isSupertag: true });
    }
    const sixth = await toggle(topics[5]!.id);
    expect(sixth.status).toBe(403);
    expect(await sixth.json()).toEqual({ error: "you can only have a max of 5 supertags", code: "supertag_limit" });
    const off = await toggle(topics[0]!.id);
    expect(await off.json()).toEqual({ isSupertag: false });

    await gpt.remove_topic.$post({ json: { topicId: topics[5]!.id } });
    expect(await topicsOf(person.userId)).toHaveLength(5);
  });
});

describe("aims", () => {
  it("keeps at most 5 of at most 280 characters, drops empty ones, and are readable only by their owner", async () => {
    const person = await signedIn(api);
    const aims = api.client({ cookie: person.cookie }).aims;
    const save = (list: Array<string | { id?: string; content: string }>) => aims.to_db.$post({ json: { aims: list } });
    const aimsOf = (userId: string, cookie: string) =>
      api.client({ cookie }).aims.from_db[":userId"].$get({ param: { userId } });
    expect((await save(["a", "b", "c", "d", "e", "f"])).status).toBe(400);
    expect((await save(["x".repeat(281)])).status).toBe(400);
    const saved = await (await save([{ content: " learn to bake " }, "", { content: "ship the side project" }])).json();
    expect(saved.aims.map((a) => a.content)).toEqual(["learn to bake", "ship the side project"]);
    const own = await aimsOf(person.userId, person.cookie);
    expect(await own.json()).toEqual(saved.aims);
    const other = await signedIn(api);
    expect((await aimsOf(person.userId, other.cookie)).status).toBe(403);
    const edited = await (await save([{ id: saved.aims[1]!.id, content: "ship it" }])).json();
    expect(edited.aims).toEqual([{ id: saved.aims[1]!.id, content: "ship it" }]);
  });
});

describe("the feed", () => {
  it("delivers matching articles with the topics they matched, nothing else, duplicates once", async () => {
    const person = await personWithTopics(["Neural Network"]);
    const { status, body } = await feed(person.cookie);
    expect(status).toBe(200);
    expect(Object.keys(body.groups)[0]).toBe("picks");
    // The syndicated copy (same link once tracking is stripped, same title) shows once,
    // whichever source brought it first.
    expect(titles(body)).toHaveLength(2);
    expect(titles(body).filter((t) => /read maps/i.test(t))).toHaveLength(1);
    expect(titles(body)).toContain("Weekly notes from the lab");
    for (const article of all(body)) expect(article.bestMatchingKeywords).toEqual(["Neural Network"]);
    // Title matches rank above body matches.
    expect(titles(body)[0]).toMatch(/read maps/i);
  });

  it("matches multi-word topics only as adjacent words", async () => {
    const person = await personWithTopics(["Machine Learning"]);
    expect(titles((await feed(person.cookie)).body)).toEqual([]);
  });

  it("says 'nothing' for a person without topics and answers 401 without a session", async () => {
    const person = await signedIn(api);
    const { body } = await feed(person.cookie);
    expect(all(body)).toEqual([]);
    expect((await api.client().rss.articles.$get({ query: {} })).status).toBe(401);
  });

  it("groups supertags before picks", async () => {
    const person = await personWithTopics(["Sourdough", "Neural Network"]);
    const sourdough = (await topicsOf(person.userId)).find((t) => t.topic === "Sourdough")!;
    await api.client({ cookie: person.cookie }).gpt.toggle_supertag.$post({ json: { topicId: sourdough.id } });
    const { body } = await feed(person.cookie);
    expect(Object.keys(body.groups)).toEqual(["Sourdough", "picks"]);
    expect(body.groupOrder).toEqual(["Sourdough", "picks"]);
    expect(body.groups.Sourdough!.map((a) => a.title).sort()).toEqual([
      "Sourdough baking for engineers",
      "Sourdough starters, compared",
    ]);
    expect(body.groups.picks!.every((a) => a.bestMatchingKeywords.includes("Neural Network"))).toBe(true);
  });

  it("free: keeps the session until the next refresh time, fills it when cleared, and refreshes on the schedule", async () => {
    const person = await personWithTopics(["Neural Network"]);
    const first = (await feed(person.cookie)).body;
    expect(Date.parse(first.nextRefreshTime) - Date.parse(first.refreshedAt!)).toBe(8 * 3_600_000);
    expect(first.nextManualRefreshTime).toBeNull();
    expect([first.refreshesUsed, first.refreshesPerDay]).toEqual([1, 3]);
    const again = (await feed(person.cookie)).body;
    expect(again.refreshedAt).toBe(first.refreshedAt);

    // Clearing (onboarding's follow-up calls) fills the session again: never a refresh of its own.
    for (let i = 0; i < 3; i++) {
      travel(60_000);
      await clearRefresh(person.cookie);
      const cleared = (await feed(person.cookie)).body;
      expect(cleared.refreshedAt).not.toBe(first.refreshedAt);
      expect(cleared.sessionStartedAt).toBe(first.sessionStartedAt);
      expect(cleared.refreshesUsed).toBe(1);
      expect(cleared.nextRefreshTime).toBe(first.nextRefreshTime);
    }
    // The schedule starts the next session, which counts.
    travel(8 * 3_600_000);
    const second = (await feed(person.cookie)).body;
    expect(second.sessionStartedAt).not.toBe(first.sessionStartedAt);
    expect(second.refreshesUsed).toBe(2);
  });

  it("pro: stops manual refreshes at 8 a day", async () => {
    const pro = await personWithTopics(["Neural Network"], "pro");
    for (let i = 1; i <= 8; i++) {
      if (i > 1) travel(16 * 60_000);
      const manual = await feed(pro.cookie, true);
      expect(manual.status).toBe(200);
      expect(manual.body.refreshesUsed).toBe(i);
    }
    travel(16 * 60_000);
    const refused = await feedCall(pro.cookie, true);
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).code).toBe("out_of_refreshes");
  });

  it("free: refuses manual refresh; pro: allows it with a cooldown answered by 429 and tryAgainAfter", async () => {
    const free = await personWithTopics(["Neural Network"]);
    const refused = await feedCall(free.cookie, true);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe("not_in_plan");

    const pro = await personWithTopics(["Neural Network"], "pro");
    const manual = await feed(pro.cookie, true);
    expect(manual.status).toBe(200);
    expect(Date.parse(manual.body.nextManualRefreshTime!)).toBeGreaterThan(Date.now());
    const tooSoon = await feedCall(pro.cookie, true);
    expect(tooSoon.status).toBe(429);
    const cooling = await errorOf(tooSoon);
    expect(cooling.error).toMatch(/cooling down/);
    expect(cooling.code).toBe("refresh_cooldown");
    expect(cooling.tryAgainAfter).toBeGreaterThan(0);
    expect(cooling.tryAgainAfter).toBeLessThanOrEqual(15 * 60);
  });

  it("covers 24 hours on free and a year on pro", async () => {
    const free = await personWithTopics(["Neural Network"]);
    expect(titles((await feed(free.cookie)).body)).not.toContain("An old neural network paper revisited");
    const pro = await personWithTopics(["Neural Network"], "pro");
    expect(titles((await feed(pro.cookie)).body)).toContain("An old neural network paper revisited");
  });

  it("leaves out silenced sources at once, keeping seen articles marked", async () => {
    const person = await personWithTopics(["Neural Network", "Sourdough"]);
    const first = (await feed(person.cookie)).body;
    const maps = all(first).find((a) => /read maps/i.test(a.title))!;
    const as = api.client({ cookie: person.cookie });
    const silenced = async () => (await as.rss.user_source_blacklist.$get()).json();
    const tooMany = Array.from({ length: 101 }, (_, i) => `article-${i}`);
    const refused = await as.articles.mark_seen.$post({ json: { articleIds: tooMany } });
    expect(refused.status).toBe(400);
    const seen = await as.articles.mark_seen.$post({ json: { articleIds: [maps.id] } });
    expect(seen.status).toBe(200);
    const silence = await as.rss.user_source_blacklist.$post({ json: { sourceId: "daily" } });
    expect(silence.status).toBe(200);
    expect(await silenced()).toEqual([{ sourceId: "daily", id: "daily", name: "Daily Digest" }]);
    travel(60_000);
    const next = (await feed(person.cookie)).body;
    // Nothing delivered disappears: the article seen stays, marked.
    expect(all(next).find((a) => a.id === maps.id)?.seen).toBe(true);
    expect(all(next).some((a) => a.source_id === "daily")).toBe(false);
    await as.rss.user_source_blacklist.$delete({ json: { sourceId: "daily" } });
    expect(await silenced()).toEqual([]);
    expect((await as.rss.user_source_blacklist.$post({ json: { sourceId: "nope" } })).status).toBe(404);
  });

  it("adds an article to the person's graph and back, reflected in the feed, liked ids and profile", async () => {
    const person = await personWithTopics(["Sourdough"]);
    const [article] = all((await feed(person.cookie)).body);
    const articles = api.client({ cookie: person.cookie }).articles;
    const toggle = () => articles.toggle_add_article.$post({ json: { articleId: article!.id } });
    const likedIds = async () => (await articles.liked_ids.$get()).json();
    expect(await (await toggle()).json()).toEqual({ isAddedToGraph: true });
    expect(all((await feed(person.cookie)).body).find((a) => a.id === article!.id)?.isAddedToGraph).toBe(true);
    expect(await likedIds()).toEqual([article!.id]);
    const profile = await (
      await api.client().articles.from_db_by_user_id[":id"].$get({ param: { id: person.userId } })
    ).json();
    expect(profile.map((a) => a.id)).toEqual([article!.id]);
    expect(await (await toggle()).json()).toEqual({ isAddedToGraph: false });
    await toggle();
    await articles.$delete({ json: { articleId: article!.id } });
    expect(await likedIds()).toEqual([]);
    const missing = await articles.toggle_add_article.$post({ json: { articleId: "no-such-article" } });
    expect(missing.status).toBe(404);
  });

  it("sets the state asked for, so a repeated request cannot flip a like back", async () => {
    const person = await personWithTopics(["Sourdough"]);
    const [article] = all((await feed(person.cookie)).body);
    const articles = api.client({ cookie: person.cookie }).articles;
    const set = async (added: boolean) =>
      (await articles.toggle_add_article.$post({ json: { articleId: article!.id, added } })).json();
    expect(await set(true)).toEqual({ isAddedToGraph: true });
    expect(await set(true)).toEqual({ isAddedToGraph: true });
    expect(await (await articles.liked_ids.$get()).json()).toEqual([article!.id]);
    expect(await set(false)).toEqual({ isAddedToGraph: false });
    expect(await set(false)).toEqual({ isAddedToGraph: false });
    expect(await (await articles.liked_ids.$get()).json()).toEqual([]);
  });

  it("leaves out articles seen elsewhere when it fills the session", async () => {
    const person = await personWithTopics(["Sourdough"]);
    const as = api.client({ cookie: person.cookie });
    expect(titles((await feed(person.cookie)).body).some((t) => /neural|maps/i.test(t))).toBe(false);
    // Seen before it was ever picked (in search, say): a fill for a new topic leaves it out.
    const other = await personWithTopics(["Neural Network"]);
    const maps = all((await feed(other.cookie)).body).find((a) => /read maps/i.test(a.title));
    expect(maps).toBeDefined();
    await as.articles.mark_seen.$post({ json: { articleIds: [maps!.id] } });
    await as.gpt.to_db.$post({ json: { keyTopicsArray: ["Neural Network"] } });
    await api.runtime.dispatcher.idle();
    const filled = (await feed(person.cookie)).body;
    expect(titles(filled)).toContain("Weekly notes from the lab");
    expect(all(filled).some((a) => a.id === maps!.id)).toBe(false);
  });

  it("caps posts per day at the plan's number, spread over its refreshes", async () => {
    const many = Array.from({ length: 60 }, (_, i) => ({
      title: `Kite surfing report ${i}`,
      link: `https://kites.example/${i}`,
      ageHours: 1 + i / 100,
    }));
    feeds.set("/kites.xml", { body: rss("Kite News", many) });
    await Sources.ensureCatalogue([
      {
        sourceId: "kites",
        name: "Kite News",
        siteUrl: "https://kites.example",
        feedUrl: `${feeds.url}/kites.xml`,
        type: "rss",
      },
    ]);
    await ingest(api);
    const person = await personWithTopics(["Kite Surfing"]);
    const delivered = new Set<string>();
    const sizes: number[] = [];
    for (let i = 0; i < 3; i++) {
      // The schedule's refresh (every 8 hours on free); clearing in between fills no more than the session's share.
      travel(i === 0 ? 60_000 : 8 * 3_600_000);
      await clearRefresh(person.cookie);
      const session = all((await feed(person.cookie)).body);
      sizes.push(session.length);
      for (const a of session) delivered.add(a.id);
    }
    // 40 posts a day over 3 refreshes: 14, 14, then the 12 left.
    expect(sizes).toEqual([14, 14, 12]);
    expect(delivered.size).toBe(40);
  });
});

describe("topics added after ingestion", () => {
  it("are backfilled so a new phrase finds existing articles", async () => {
    const person = await personWithTopics(["Gardening"]);
    expect(titles((await feed(person.cookie)).body)).toEqual(["Gardening in small spaces"]);
  });
});
