import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as Sources from "@graph/core/sources";
import { UserEntity } from "../../packages/core/src/users/user.entity.ts";
import { rss, startFeedServer } from "../support/feeds.ts";
import { signedIn, travel, useTestApi, type TestApi } from "../support/runtime.ts";

const api = useTestApi();
let feeds: Awaited<ReturnType<typeof startFeedServer>>;

interface FeedArticle {
  id: string;
  title: string;
  source_id: string;
  source_name: string;
  type: string;
  bestMatchingKeywords: string[];
  isAddedToGraph: boolean;
}
interface Feed {
  groups: Record<string, FeedArticle[]>;
  nextRefreshTime: string;
  nextManualRefreshTime: string | null;
  refreshedAt: string | null;
}

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
  const response = await api.request("POST", "/api/gpt/to_db", {
    cookie: person.cookie,
    body: { keyTopicsArray: topics },
  });
  expect(response.status).toBe(200);
  await api.runtime.dispatcher.idle();
  return person;
}

async function feed(
  cookie: string,
  manual = false,
): Promise<{ status: number; body: Feed & { error?: string; tryAgainAfter?: number } }> {
  const response = await api.request("GET", `/api/rss/articles${manual ? "?type=manual" : ""}`, { cookie });
  return { status: response.status, body: (await response.json()) as Feed & { error?: string } };
}
const all = (f: Feed) => Object.values(f.groups).flat();
const titles = (f: Feed) => all(f).map((a) => a.title);

describe("topics", () => {
  it("normalises to capitalised words, trims and de-duplicates per person (plurals fold)", async () => {
    const person = await signedIn(api);
    const response = await api.request("POST", "/api/gpt/to_db", {
      cookie: person.cookie,
      body: { keyTopicsArray: ["  neural   networks ", "Neural Network", "sourdough baking, urban cycling", ""] },
    });
    const { topics } = (await response.json()) as { topics: Array<{ id: string; topic: string; isSupertag: boolean }> };
    expect(topics.map((t) => t.topic)).toEqual(["Neural Networks", "Sourdough Baking", "Urban Cycling"]);
    const listed = await (await api.request("GET", `/api/gpt/from_db/${person.userId}`)).json();
    expect(listed).toEqual(topics);
    const again = await api.request("POST", "/api/gpt/to_db", {
      cookie: person.cookie,
      body: { keyTopicsArray: ["URBAN cycling"] },
    });
    expect(((await again.json()) as { topics: unknown[] }).topics).toHaveLength(3);
  });

  it("needs a session to add and refuses an empty list", async () => {
    expect((await api.request("POST", "/api/gpt/to_db", { body: { keyTopicsArray: ["x"] } })).status).toBe(401);
    const person = await signedIn(api);
    const empty = await api.request("POST", "/api/gpt/to_db", {
      cookie: person.cookie,
      body: { keyTopicsArray: [" , "] },
    });
    expect(empty.status).toBe(400);
  });

  it("removes a topic and allows at most 5 supertags", async () => {
    const person = await signedIn(api);
    const { topics } = (await (
      await api.request("POST", "/api/gpt/to_db", {
        cookie: person.cookie,
        body: { keyTopicsArray: ["a1 topic", "a2 topic", "a3 topic", "a4 topic", "a5 topic", "a6 topic"] },
      })
    ).json()) as { topics: Array<{ id: string }> };
    for (const topic of topics.slice(0, 5)) {
      const r = await api.request("POST", "/api/gpt/toggle_supertag", {
        cookie: person.cookie,
        body: { topicId: topic.id },
      });
      expect(await r.json()).toEqual({ isSupertag: true });
    }
    const sixth = await api.request("POST", "/api/gpt/toggle_supertag", {
      cookie: person.cookie,
      body: { topicId: topics[5]!.id },
    });
    expect(sixth.status).toBe(403);
    expect(await sixth.json()).toEqual({ error: "you can only have a max of 5 supertags", code: "supertag_limit" });
    const off = await api.request("POST", "/api/gpt/toggle_supertag", {
      cookie: person.cookie,
      body: { topicId: topics[0]!.id },
    });
    expect(await off.json()).toEqual({ isSupertag: false });

    await api.request("POST", "/api/gpt/remove_topic", { cookie: person.cookie, body: { topicId: topics[5]!.id } });
    const listed = (await (await api.request("GET", `/api/gpt/from_db/${person.userId}`)).json()) as unknown[];
    expect(listed).toHaveLength(5);
  });
});

describe("aims", () => {
  it("keeps at most 5 of at most 280 characters, drops empty ones, and are readable only by their owner", async () => {
    const person = await signedIn(api);
    const save = (aims: unknown) => api.request("POST", "/api/aims/to_db", { cookie: person.cookie, body: { aims } });
    expect((await save(["a", "b", "c", "d", "e", "f"])).status).toBe(400);
    expect((await save(["x".repeat(281)])).status).toBe(400);
    const saved = (await (
      await save([{ content: " learn to bake " }, "", { content: "ship the side project" }])
    ).json()) as { aims: Array<{ id: string; content: string }> };
    expect(saved.aims.map((a) => a.content)).toEqual(["learn to bake", "ship the side project"]);
    const own = await api.request("GET", `/api/aims/from_db/${person.userId}`, { cookie: person.cookie });
    expect(await own.json()).toEqual(saved.aims);
    const other = await signedIn(api);
    expect((await api.request("GET", `/api/aims/from_db/${person.userId}`, { cookie: other.cookie })).status).toBe(403);
    const edited = (await (await save([{ id: saved.aims[1]!.id, content: "ship it" }])).json()) as {
      aims: Array<{ id: string; content: string }>;
    };
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
    expect((await api.request("GET", "/api/rss/articles")).status).toBe(401);
  });

  it("groups supertags after picks", async () => {
    const person = await personWithTopics(["Sourdough", "Neural Network"]);
    const topics = (await (await api.request("GET", `/api/gpt/from_db/${person.userId}`)).json()) as Array<{
      id: string;
      topic: string;
    }>;
    const sourdough = topics.find((t) => t.topic === "Sourdough")!;
    await api.request("POST", "/api/gpt/toggle_supertag", { cookie: person.cookie, body: { topicId: sourdough.id } });
    const { body } = await feed(person.cookie);
    expect(Object.keys(body.groups)).toEqual(["picks", "Sourdough"]);
    expect(body.groups.Sourdough!.map((a) => a.title).sort()).toEqual([
      "Sourdough baking for engineers",
      "Sourdough starters, compared",
    ]);
    expect(body.groups.picks!.every((a) => a.bestMatchingKeywords.includes("Neural Network"))).toBe(true);
  });

  it("free: keeps the feed until the next refresh time, recomputes when cleared, and stops at 3 refreshes a day", async () => {
    const person = await personWithTopics(["Neural Network"]);
    const first = (await feed(person.cookie)).body;
    expect(Date.parse(first.nextRefreshTime) - Date.parse(first.refreshedAt!)).toBe(8 * 3_600_000);
    expect(first.nextManualRefreshTime).toBeNull();
    const again = (await feed(person.cookie)).body;
    expect(again.refreshedAt).toBe(first.refreshedAt);

    travel(60_000);
    await api.request("POST", "/api/users/clear_last_feed_refresh_at", { cookie: person.cookie });
    const second = (await feed(person.cookie)).body;
    expect(second.refreshedAt).not.toBe(first.refreshedAt);
    travel(60_000);
    await api.request("POST", "/api/users/clear_last_feed_refresh_at", { cookie: person.cookie });
    const third = (await feed(person.cookie)).body;
    travel(60_000);
    await api.request("POST", "/api/users/clear_last_feed_refresh_at", { cookie: person.cookie });
    const fourth = (await feed(person.cookie)).body;
    expect(fourth.refreshedAt).toBe(third.refreshedAt);
    expect(Date.parse(fourth.nextRefreshTime)).toBe(Date.parse(first.refreshedAt!) + 24 * 3_600_000);
  });

  it("free: refuses manual refresh; pro: allows it with a cooldown answered by 429 and tryAgainAfter", async () => {
    const free = await personWithTopics(["Neural Network"]);
    const refused = await feed(free.cookie, true);
    expect(refused.status).toBe(403);

    const pro = await personWithTopics(["Neural Network"], "pro");
    const manual = await feed(pro.cookie, true);
    expect(manual.status).toBe(200);
    expect(Date.parse(manual.body.nextManualRefreshTime!)).toBeGreaterThan(Date.now());
    const tooSoon = await feed(pro.cookie, true);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.error).toMatch(/cooling down/);
    expect(tooSoon.body.tryAgainAfter).toBeGreaterThan(0);
    expect(tooSoon.body.tryAgainAfter).toBeLessThanOrEqual(15 * 60);
  });

  it("covers 24 hours on free and a year on pro", async () => {
    const free = await personWithTopics(["Neural Network"]);
    expect(titles((await feed(free.cookie)).body)).not.toContain("An old neural network paper revisited");
    const pro = await personWithTopics(["Neural Network"], "pro");
    expect(titles((await feed(pro.cookie)).body)).toContain("An old neural network paper revisited");
  });

  it("leaves out seen articles and silenced sources at the next refresh", async () => {
    const person = await personWithTopics(["Neural Network", "Sourdough"]);
    const first = (await feed(person.cookie)).body;
    const maps = all(first).find((a) => /read maps/i.test(a.title))!;
    const tooMany = Array.from({ length: 101 }, (_, i) => `article-${i}`);
    const refused = await api.request("POST", "/api/articles/mark_seen", {
      cookie: person.cookie,
      body: { articleIds: tooMany },
    });
    expect(refused.status).toBe(400);
    const seen = await api.request("POST", "/api/articles/mark_seen", {
      cookie: person.cookie,
      body: { articleIds: [maps.id] },
    });
    expect(seen.status).toBe(200);
    const silence = await api.request("POST", "/api/rss/user_source_blacklist", {
      cookie: person.cookie,
      body: { sourceId: "daily" },
    });
    expect(silence.status).toBe(200);
    expect(
      await (await api.request("GET", "/api/rss/user_source_blacklist", { cookie: person.cookie })).json(),
    ).toEqual([{ sourceId: "daily", id: "daily", name: "Daily Digest" }]);
    travel(60_000);
    const next = (await feed(person.cookie)).body;
    expect(titles(next).some((t) => /read maps/i.test(t))).toBe(false);
    expect(all(next).some((a) => a.source_id === "daily")).toBe(false);
    await api.request("DELETE", "/api/rss/user_source_blacklist", {
      cookie: person.cookie,
      body: { sourceId: "daily" },
    });
    expect(
      await (await api.request("GET", "/api/rss/user_source_blacklist", { cookie: person.cookie })).json(),
    ).toEqual([]);
    expect(
      (
        await api.request("POST", "/api/rss/user_source_blacklist", {
          cookie: person.cookie,
          body: { sourceId: "nope" },
        })
      ).status,
    ).toBe(404);
  });

  it("adds an article to the person's graph and back, reflected in the feed, liked ids and profile", async () => {
    const person = await personWithTopics(["Sourdough"]);
    const [article] = all((await feed(person.cookie)).body);
    const toggle = () =>
      api.request("POST", "/api/articles/toggle_add_article", {
        cookie: person.cookie,
        body: { articleId: article!.id },
      });
    expect(await (await toggle()).json()).toEqual({ isAddedToGraph: true });
    expect(all((await feed(person.cookie)).body).find((a) => a.id === article!.id)?.isAddedToGraph).toBe(true);
    expect(await (await api.request("GET", "/api/articles/liked_ids", { cookie: person.cookie })).json()).toEqual([
      article!.id,
    ]);
    const profile = (await (
      await api.request("GET", `/api/articles/from_db_by_user_id/${person.userId}`)
    ).json()) as Array<{ id: string; title: string }>;
    expect(profile.map((a) => a.id)).toEqual([article!.id]);
    expect(await (await toggle()).json()).toEqual({ isAddedToGraph: false });
    await toggle();
    await api.request("DELETE", "/api/articles", { cookie: person.cookie, body: { articleId: article!.id } });
    expect(await (await api.request("GET", "/api/articles/liked_ids", { cookie: person.cookie })).json()).toEqual([]);
    const missing = await api.request("POST", "/api/articles/toggle_add_article", {
      cookie: person.cookie,
      body: { articleId: "no-such-article" },
    });
    expect(missing.status).toBe(404);
  });

  it("caps posts per day at the plan's number", async () => {
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
    for (let i = 0; i < 3; i++) {
      travel(60_000);
      await api.request("POST", "/api/users/clear_last_feed_refresh_at", { cookie: person.cookie });
      for (const a of all((await feed(person.cookie)).body)) delivered.add(a.id);
    }
    expect(delivered.size).toBe(40);
  });
});

describe("topics added after ingestion", () => {
  it("are backfilled so a new phrase finds existing articles", async () => {
    const person = await personWithTopics(["Gardening"]);
    expect(titles((await feed(person.cookie)).body)).toEqual(["Gardening in small spaces"]);
  });
});
