import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dynamo } from "@graph/core/adapters/dynamo";
import * as Follows from "@graph/core/modules/follows";
import { FOLLOWING_FEED } from "@graph/core/modules/follows/rules";
import * as Sources from "@graph/core/modules/sources";
import { TimelineEntryEntity } from "../../packages/core/src/modules/follows/timeline-entry.entity.ts";
import { UserEntity } from "../../packages/core/src/modules/users/user.entity.ts";
import { rss, startFeedServer } from "../support/feeds.ts";
import { signedIn, useTestApi } from "../support/runtime.ts";
import { announceStored } from "../../packages/core/src/modules/feed/share.ts";

/**
 * The following feed: friends' sessions, newest first, a page of 10, at most 4 picks each,
 * read from the reader's own timeline (fanned out when a session is stored), never by reading
 * every friend.
 */
const api = useTestApi();
let feeds: Awaited<ReturnType<typeof startFeedServer>>;

beforeAll(async () => {
  feeds = await startFeedServer();
  feeds.set("/bakery.xml", {
    body: rss(
      "Crumb Weekly",
      Array.from({ length: 6 }, (_, i) => ({
        title: `Sourdough starter notes, part ${i + 1}`,
        summary: "Hydration and flour.",
        link: `https://crumb.example/notes-${i + 1}`,
        ageHours: i + 1,
      })),
    ),
  });
  await Sources.ensureCatalogue([
    {
      sourceId: "crumb",
      name: "Crumb Weekly",
      siteUrl: "https://crumb.example",
      feedUrl: `${feeds.url}/bakery.xml`,
      type: "rss",
    },
  ]);
  await api.runtime.dispatcher.runJob("ingest");
  await api.runtime.dispatcher.idle();
});
afterAll(() => feeds?.close());

const as = (p: { cookie: string }) => api.client({ cookie: p.cookie });
const page = async (reader: { cookie: string }, query: { limit?: string; offset?: string } = {}) => {
  const response = await as(reader).feed.following.$get({ query });
  expect(response.status).toBe(200);
  return response.json();
};

let fakeAuthors = 0;
/** An author written straight to the table (verified), for tests that need many of them. */
async function author(): Promise<string> {
  const userId = `author-${++fakeAuthors}-${Math.random().toString(36).slice(2, 8)}`;
  await UserEntity.create({
    userId,
    username: userId.slice(0, 20),
    email: `${userId}@example.com`,
    passwordHash: "unused",
    isVerified: true,
    plan: "free",
    hasOnboarded: true,
    createdAt: Date.now(),
  }).go();
  return userId;
}

/** A stored feed session of `userId` with `n` picks, shared as the feed shares it. */
async function session(userId: string, createdAt: number, n = 6) {
  await announceStored({
    userId,
    createdAt,
    groupOrder: ["picks"],
    picks: Array.from({ length: n }, (_, i) => ({
      id: `${userId}-${createdAt}-${i}`,
      title: `Pick ${i} of ${userId}`,
      link: `https://example.com/${userId}/${createdAt}/${i}`,
      sourceName: "Example",
      sourceType: "rss",
      bestMatchingKeywords: ["Example"],
      group: "picks",
    })),
  });
  // Shared through the share queue: delivered once the local dispatcher has handled it.
  await api.runtime.dispatcher.idle();
}

describe("following feed", () => {
  it("shows a followed person's stored session with its picks and the reader's added state", async () => {
    const [a, b] = await Promise.all([signedIn(api), signedIn(api)]);
    expect(await page(b)).toEqual([]);
    expect((await as(b).users.follow.$post({ json: { userId: a.userId } })).status).toBe(200);
    expect(await page(b)).toEqual([]); // a has no sessions yet

    const topics = await as(a).gpt.to_db.$post({ json: { keyTopicsArray: ["Sourdough"] } });
    expect(topics.status).toBe(200);
    await api.runtime.dispatcher.idle();
    await expect.poll(async () => (await (await as(a).rss.articles.$get({ query: {} })).json()).preparing).toBe(false);
    await api.runtime.dispatcher.idle(); // the session's fan-out (share queue)

    const rows = await page(b);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ user_id: a.userId, username: a.username, image_url: null });
    expect(Date.parse(row!.created_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(row!.graphpicks.length).toBeGreaterThan(0);
    expect(row!.graphpicks.length).toBeLessThanOrEqual(FOLLOWING_FEED.picksPerSession);
    const pick = row!.graphpicks[0]!;
    expect(pick).toMatchObject({ source_name: "Crumb Weekly", source_type: "rss", isAddedToGraph: false });
    expect(pick.title).toMatch(/Sourdough/);
    expect(pick.best_matching_keywords).toContain("Sourdough");

    await as(b).articles.toggle_add_article.$post({ json: { articleId: pick.article_id, added: true } });
    const again = await page(b);
    expect(again[0]!.graphpicks.find((p) => p.article_id === pick.article_id)?.isAddedToGraph).toBe(true);

    // a's own following feed does not show a's sessions.
    expect(await page(a)).toEqual([]);
  });

  it("answers newest first, 10 a page by default, at most 4 picks a session", async () => {
    const reader = await signedIn(api);
    const authors = await Promise.all(Array.from({ length: 5 }, () => author()));
    for (const id of authors) await Follows.follow(reader.userId, id);
    const base = Date.now() - 60 * 60_000;
    // 25 sessions, interleaved among the authors, each a minute apart.
    for (let i = 0; i < 25; i++) await session(authors[i % 5]!, base + i * 60_000);

    const first = await page(reader);
    expect(first).toHaveLength(FOLLOWING_FEED.pageSize);
    const second = await page(reader, { offset: "10" });
    const third = await page(reader, { offset: "20" });
    expect(second).toHaveLength(10);
    expect(third).toHaveLength(5);
    const times = [...first, ...second, ...third].map((r) => Date.parse(r.created_at));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(new Set(times).size).toBe(25);
    expect(times[0]).toBe(base + 24 * 60_000);
    for (const row of [...first, ...second, ...third]) expect(row.graphpicks).toHaveLength(4);
    expect(first[0]!.graphpicks.map((p) => p.title)).toEqual([0, 1, 2, 3].map((i) => `Pick ${i} of ${authors[4]}`));
    expect(await page(reader, { limit: "3", offset: "1" })).toEqual(first.slice(1, 4));
  });

  it("fills the timeline on follow and empties it on unfollow", async () => {
    const reader = await signedIn(api);
    const writer = await author();
    const base = Date.now() - 10 * 60_000;
    for (let i = 0; i < 5; i++) await session(writer, base + i * 1000);
    expect(await page(reader)).toEqual([]);

    await Follows.follow(reader.userId, writer);
    const rows = await page(reader);
    // The newest few of the sessions from before the follow; later ones arrive as they are made.
    expect(rows.map((r) => Date.parse(r.created_at))).toEqual(
      [4, 3, 2].slice(0, FOLLOWING_FEED.backfillSessions).map((i) => base + i * 1000),
    );
    await session(writer, base + 9000);
    expect(Date.parse((await page(reader))[0]!.created_at)).toBe(base + 9000);

    const response = await as(reader).users.unfollow.$post({ json: { userId: writer } });
    expect(response.status).toBe(200);
    expect(await page(reader)).toEqual([]);
    const { data } = await TimelineEntryEntity.query.byReader({ userId: reader.userId }).go();
    expect(data).toEqual([]);
  });

  it("leaves out, and deletes, an entry whose author the reader no longer follows", async () => {
    const reader = await signedIn(api);
    const [kept, gone] = await Promise.all([author(), author()]);
    await Follows.follow(reader.userId, kept);
    await session(kept, Date.now() - 5000);
    // A fan-out that raced an unfollow: an entry of someone the reader does not follow.
    await TimelineEntryEntity.put({
      userId: reader.userId,
      createdAt: Date.now() - 1000,
      authorId: gone,
      picks: [],
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    }).go();
    const rows = await page(reader);
    expect(rows.map((r) => r.user_id)).toEqual([kept]);
    const { data } = await TimelineEntryEntity.query.byReader({ userId: reader.userId }).go();
    expect(data.map((e) => e.authorId)).toEqual([kept]);
  });

  it("reads a page from the reader's timeline, not from every person followed", async () => {
    const reader = await signedIn(api);
    const authors = await Promise.all(Array.from({ length: 120 }, () => author()));
    for (const id of authors) await Follows.follow(reader.userId, id);
    const base = Date.now() - 3 * 60 * 60_000;
    for (const [i, id] of authors.entries()) await session(id, base + i * 1000);

    const read = await dynamoReads(async () => {
      expect(await page(reader)).toHaveLength(10);
    });
    // The session, the timeline page, the page's follow edges, authors and likes: a handful of
    // requests and tens of items, where reading every friend would take 120 queries.
    expect(read.requests).toBeLessThanOrEqual(8);
    expect(read.items).toBeLessThan(60);
  });

  it("refuses anonymous readers and bad paging", async () => {
    expect((await api.client().feed.following.$get({ query: {} })).status).toBe(401);
    const reader = await signedIn(api);
    for (const query of [{ limit: "0" }, { limit: "x" }, { offset: "-1" }, { limit: "51" }, { offset: "1001" }]) {
      const response = await as(reader).feed.following.$get({ query });
      expect(response.status, JSON.stringify(query)).toBe(400);
    }
  });
});

/** DynamoDB requests sent and items read (a query's ScannedCount, a get's item, a batch's items) while `work` ran. */
async function dynamoReads(work: () => Promise<unknown>) {
  let requests = 0;
  let items = 0;
  const name = `countReads${Math.random().toString(36).slice(2)}`;
  dynamo().middlewareStack.add(
    (next) => async (args) => {
      const result = await next(args);
      requests++;
      const output = result.output as { ScannedCount?: number; Item?: unknown; Responses?: Record<string, unknown[]> };
      if (typeof output.ScannedCount === "number") items += output.ScannedCount;
      else if (output.Item) items += 1;
      else if (output.Responses) for (const list of Object.values(output.Responses)) items += list.length;
      return result;
    },
    { step: "initialize", name },
  );
  try {
    await work();
  } finally {
    dynamo().middlewareStack.remove(name);
  }
  return { requests, items };
}
