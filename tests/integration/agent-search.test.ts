import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { Hono } from "hono";
import { Resource } from "sst";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { utcDay } from "@graph/core/adapters/dynamo";
import { AGENT_LIMITS, AGENT_STEPS, REASONS, type AgentSearchView } from "@graph/core/modules/agent";
import * as Search from "@graph/core/modules/search";
import { ArticleEntity } from "../../packages/core/src/modules/articles/article.entity.ts";
import { UserEntity } from "../../packages/core/src/modules/users/user.entity.ts";
import { errorOf, signedIn, travel, useTestApi } from "../support/runtime.ts";

const api = useTestApi();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The stand-in's sites are on this machine: agentic search may read them here, as the browser tests' runtime allows. */
const config = Resource.Config as { allowPrivateFeeds: boolean };
const hackerNews = Resource.HackerNews as { apiUrl: string };
const before = { allowPrivateFeeds: config.allowPrivateFeeds, apiUrl: hackerNews.apiUrl };

let serial = 0;
async function putArticle(title: string, summary: string, publishedAt: number) {
  const articleId = `agent${++serial}-${Math.random().toString(36).slice(2, 8)}`;
  await ArticleEntity.put({
    articleId,
    sourceId: "agent-fixture",
    sourceName: "Field Apiarist",
    sourceType: "rss",
    title,
    link: `https://field-apiarist.example/${articleId}`,
    guid: articleId,
    summary,
    publishedAt,
    ingestedAt: Date.now(),
    day: utcDay(publishedAt),
    fingerprint: articleId,
  }).go();
  return publishedAt;
}

async function person(plan?: "pro" | "team") {
  const p = await signedIn(api);
  if (plan) await UserEntity.patch({ userId: p.userId }).set({ plan }).go();
  return p;
}

const start = (cookie: string, query: string) => api.client({ cookie }).agent.search.$post({ json: { query } });

async function startOk(cookie: string, query: string): Promise<string> {
  const response = await start(cookie, query);
  expect(response.status).toBe(200);
  return (await response.json()).id;
}

const read = (cookie: string, id: string) => api.client({ cookie }).agent.search[":id"].$get({ param: { id } });

async function finished(cookie: string, id: string): Promise<AgentSearchView> {
  let search: AgentSearchView | undefined;
  await expect
    .poll(async () => {
      search = (await (await read(cookie, id)).json()) as AgentSearchView;
      return search.status;
    })
    .not.toBe("running");
  return search!;
}

const fetchesOf = async (cookie: string) => (await (await api.client({ cookie }).agent.searches.$get()).json()).fetches;

let recent = 0;
let old = 0;
beforeAll(async () => {
  config.allowPrivateFeeds = true;
  recent = await putArticle(
    "Beekeeping through a wet spring",
    "Hives, honey and a late varroa check.",
    Date.now() - 2 * HOUR,
  );
  old = await putArticle("A beekeeping diary from last month", "Ten days of hive inspections.", Date.now() - 10 * DAY);
  await Search.markDirty([utcDay(recent), utcDay(old)]);
  await Search.buildDirtySegments({ settleMs: 0, minIntervalMs: 0 });
});

afterAll(async () => {
  await api.runtime.dispatcher.idle();
  config.allowPrivateFeeds = before.allowPrivateFeeds;
  hackerNews.apiUrl = before.apiUrl;
});

describe("an agentic search", () => {
  it("works in steps and finds results in graph, on Hacker News and from new sources, each with its reasons", async () => {
    const pro = await person("pro");
    const id = await startOk(pro.cookie, "  beekeeping ");
    const search = await finished(pro.cookie, id);

    expect(search.status).toBe("done");
    expect(search.query).toBe("beekeeping");
    expect(search.steps.map((s) => s.kind)).toEqual([...AGENT_STEPS]);
    for (const step of search.steps) expect(step.status, step.kind).toBe("done");
    const requests = search.steps.reduce((sum, s) => sum + (s.requests ?? 0), 0);
    expect(requests).toBeGreaterThan(1);
    expect(requests).toBeLessThanOrEqual(AGENT_LIMITS.maxOutsideRequests);

    const byTitle = (title: string) => search.results.find((r) => r.title === title);
    // graph's own article, with the term that found it.
    expect(byTitle("Beekeeping through a wet spring")).toMatchObject({
      inGraph: true,
      reasons: expect.arrayContaining([REASONS.inGraph("beekeeping")]) as unknown,
    });
    // A story on Hacker News whose site's feed graph does not read: both reasons, on one result.
    const story = byTitle("Counting varroa mites with a sugar roll");
    expect(story?.inGraph).toBe(false);
    expect(story?.reasons).toEqual(
      expect.arrayContaining([REASONS.hackerNews, REASONS.newSource("Apiary Notes")]) as unknown,
    );
    // From the new source's feed alone (never on Hacker News), because it names the query.
    expect(byTitle("Swarm traps that actually catch swarms")?.reasons).toEqual([REASONS.newSource("Apiary Notes")]);
    // The same address once.
    const links = search.results.map((r) => r.link);
    expect(new Set(links).size).toBe(links.length);
    expect(search.newSources.map((s) => s.name)).toContain("Apiary Notes");
    expect(search.newSources.find((s) => s.name === "Apiary Notes")?.feedUrl).toMatch(/\/apiary-notes\/feed\.xml$/);
    // Results that came from steps that agree rank first.
    expect(search.results[0]!.reasons.length).toBeGreaterThanOrEqual(search.results.at(-1)!.reasons.length);
  });

  it("applies the plan's coverage to graph's index: free reads the last 24 hours, pro a year", async () => {
    const free = await person();
    const pro = await person("pro");
    const [freeSearch, proSearch] = await Promise.all([
      startOk(free.cookie, "beekeeping diary").then((id) => finished(free.cookie, id)),
      startOk(pro.cookie, "beekeeping diary").then((id) => finished(pro.cookie, id)),
    ]);
    const titles = (s: AgentSearchView) => s.results.filter((r) => r.inGraph).map((r) => r.title);
    expect(titles(proSearch)).toContain("A beekeeping diary from last month");
    expect(titles(freeSearch)).not.toContain("A beekeeping diary from last month");
    expect(titles(freeSearch)).toContain("Beekeeping through a wet spring");
    expect(freeSearch.steps.find((s) => s.kind === "graph")?.summary).toMatch(/last 24 hours/);
  });

  it("leaves out what the person's muted words hide, and says so", async () => {
    const pro = await person("pro");
    expect((await api.client({ cookie: pro.cookie }).mutes.$post({ json: { word: "varroa" } })).status).toBe(200);
    const search = await finished(pro.cookie, await startOk(pro.cookie, "beekeeping"));
    expect(search.results.length).toBeGreaterThan(0);
    for (const result of search.results) expect(result.title.toLowerCase()).not.toContain("varroa");
    expect(search.results.map((r) => r.title)).not.toContain("Beekeeping through a wet spring");
    expect(search.steps.find((s) => s.kind === "rank")?.summary).toMatch(/left out by your filters/);
  });

  it("is read by its owner only: 404 to anyone else and for an unknown id", async () => {
    const owner = await person("pro");
    const other = await person("pro");
    const id = await startOk(owner.cookie, "tide pools");
    expect((await read(other.cookie, id)).status).toBe(404);
    expect((await read(owner.cookie, "no-such-search")).status).toBe(404);
    expect((await read(owner.cookie, id)).status).toBe(200);
    expect((await api.request("GET", `/api/agent/search/${id}`)).status).toBe(401);
    const listed = await (await api.client({ cookie: other.cookie }).agent.searches.$get()).json();
    expect(listed.searches.map((s) => s.id)).not.toContain(id);
    await finished(owner.cookie, id);
  });

  it("refuses a query that is too short or too long, counting nothing", async () => {
    const free = await person();
    for (const query of ["a", "   ", "x".repeat(AGENT_LIMITS.maxQuery + 1)]) {
      const response = await start(free.cookie, query);
      expect(response.status, query).toBe(400);
      expect((await errorOf(response)).code).toBe("invalid_input");
    }
    expect(await fetchesOf(free.cookie)).toEqual({ perDay: 3, left: 3, nextFreesAt: null });
  });

  it("finishes with graph's results when Hacker News fails, its step saying so", async () => {
    const down = new Hono().all("*", (c) => c.json({ message: "unavailable" }, 503));
    const server = await new Promise<Server>((resolve) => {
      const s = serve({ fetch: down.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s as Server));
    });
    hackerNews.apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
    try {
      const pro = await person("pro");
      const search = await finished(pro.cookie, await startOk(pro.cookie, "beekeeping"));
      expect(search.status).toBe("done");
      const outside = search.steps.find((s) => s.kind === "outside");
      expect(outside).toMatchObject({ status: "failed" });
      expect(outside?.summary).toMatch(/Hacker News could not be searched.*503/);
      expect(search.results.map((r) => r.title)).toContain("Beekeeping through a wet spring");
      expect(search.results.every((r) => r.inGraph)).toBe(true);
    } finally {
      hackerNews.apiUrl = before.apiUrl;
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("agent fetches a day", () => {
  it("holds the plan's number under 30 parallel starts: exactly 3 for a free person, the rest 429 and nothing started", async () => {
    const free = await person();
    const responses = await Promise.all(Array.from({ length: 30 }, () => start(free.cookie, "letterpress printing")));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(27);
    for (const response of responses.filter((r) => r.status === 429)) {
      const body = await errorOf(response);
      expect(body.code).toBe("rate_limited");
      expect(body.tryAgainAfter).toBeGreaterThan(DAY / 1000 - 120);
      expect(body.tryAgainAfter).toBeLessThanOrEqual(DAY / 1000);
    }
    const listed = await (await api.client({ cookie: free.cookie }).agent.searches.$get()).json();
    expect(listed.searches).toHaveLength(3);
    expect(listed.fetches.left).toBe(0);
    await api.runtime.dispatcher.idle();
  });

  it("answers tryAgainAfter as the time until the oldest counted start leaves the 24 hours, then allows one more", async () => {
    const free = await person();
    await startOk(free.cookie, "amateur radio");
    travel(2 * HOUR);
    await startOk(free.cookie, "amateur radio");
    await startOk(free.cookie, "amateur radio");
    travel(HOUR);
    const refused = await start(free.cookie, "amateur radio");
    expect(refused.status).toBe(429);
    const wait = (await errorOf(refused)).tryAgainAfter as number;
    expect(wait).toBeGreaterThan(21 * 3600 - 60);
    expect(wait).toBeLessThanOrEqual(21 * 3600);
    expect((await fetchesOf(free.cookie)).left).toBe(0);
    travel(wait * 1000);
    expect((await start(free.cookie, "amateur radio")).status).toBe(200);
    // A pro person has 30 a day, read per request: the upgrade counts at once.
    await UserEntity.patch({ userId: free.userId }).set({ plan: "pro" }).go();
    expect(await fetchesOf(free.cookie)).toMatchObject({ perDay: 30, left: 27 });
    await api.runtime.dispatcher.idle();
  });
});

describe("from a result set", () => {
  it("follows the query as a topic and suggests a new source through their own rules", async () => {
    const pro = await person("pro");
    const search = await finished(pro.cookie, await startOk(pro.cookie, "tide pools"));
    const source = search.newSources.find((s) => s.name === "Intertidal Log");
    expect(source).toBeDefined();

    const followed = await api
      .client({ cookie: pro.cookie })
      .gpt.to_db.$post({ json: { keyTopicsArray: [search.query] } });
    expect(followed.status).toBe(200);
    expect((await followed.json()).topics.map((t) => t.topic.toLowerCase())).toContain("tide pools");

    const suggested = await api
      .client({ cookie: pro.cookie })
      .rss.user_source_suggested_list.$post({ json: { sourceLink: source!.siteUrl, sourceRss: source!.feedUrl } });
    expect(suggested.status).toBe(201);
    expect((await suggested.json()).approval_state).toBe("pending");
    await expect
      .poll(async () => {
        const list = await (await api.client({ cookie: pro.cookie }).rss.user_source_suggested_list.$get()).json();
        return list[0]?.approval_state;
      })
      .toBe("approved");
  });
});
