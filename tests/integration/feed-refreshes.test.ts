import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as Sources from "@graph/core/modules/sources";
import { UserEntity } from "../../packages/core/src/modules/users/user.entity.ts";
import { rss, startFeedServer } from "../support/feeds.ts";
import { signedIn, travel, useTestApi } from "../support/runtime.ts";

/**
 * What counts as a refresh: only the schedule and (pro, team) the manual button start a session;
 * every edit and reload re-ranks and fills the current one, never counting nor moving the next
 * refresh. What is delivered stays (earlier sessions below the current one), starred topics come
 * first, and the server's session is the one every device reads (a cheap ETag check).
 */
const api = useTestApi();
let feeds: Awaited<ReturnType<typeof startFeedServer>>;

const HOUR = 3_600_000;
const as = (cookie: string) => api.client({ cookie });
const feedCall = (cookie: string, manual = false) =>
  as(cookie).rss.articles.$get({ query: manual ? { type: "manual" } : {} });
const feed = async (cookie: string, manual = false) => (await feedCall(cookie, manual)).json();
type Feed = Awaited<ReturnType<typeof feed>>;
const all = (f: Feed) => Object.values(f.groups).flat();
const topicsOf = async (userId: string) =>
  (await api.client().gpt.from_db[":id"].$get({ param: { id: userId } })).json();

/** Three subjects of 20 articles each, from two sources each, all of the last few hours. */
beforeAll(async () => {
  feeds = await startFeedServer();
  const items = (site: string, words: string[]) =>
    Array.from({ length: 10 }, (_, i) => ({
      title: `${words[i % words.length]} report ${site} ${i}`,
      summary: "Field notes.",
      link: `https://${site}.example/${i}`,
      ageHours: 1 + i / 10,
    }));
  const sources = [
    { id: "hive-a", words: ["Beekeeping"] },
    { id: "hive-b", words: ["Beekeeping"] },
    { id: "tide-a", words: ["Tide Pools"] },
    { id: "tide-b", words: ["Tide Pools"] },
    { id: "moss-a", words: ["Moss Gardens"] },
    { id: "moss-b", words: ["Moss Gardens"] },
  ];
  for (const s of sources) feeds.set(`/${s.id}.xml`, { body: rss(s.id, items(s.id, s.words)) });
  await Sources.ensureCatalogue(
    sources.map((s) => ({
      sourceId: s.id,
      name: `Source ${s.id}`,
      siteUrl: `https://${s.id}.example`,
      feedUrl: `${feeds.url}/${s.id}.xml`,
      type: "rss" as const,
    })),
  );
  await api.runtime.dispatcher.runJob("ingest");
  await api.runtime.dispatcher.idle();
});
afterAll(() => feeds?.close());
afterEach(() => vi.useRealTimers());

async function person(topics: string[], plan?: "pro") {
  const someone = await signedIn(api);
  if (plan) await UserEntity.patch({ userId: someone.userId }).set({ plan }).go();
  await as(someone.cookie).gpt.to_db.$post({ json: { keyTopicsArray: topics } });
  await api.runtime.dispatcher.idle();
  return someone;
}

async function star(cookie: string, userId: string, topic: string) {
  const found = (await topicsOf(userId)).find((t) => t.topic === topic)!;
  const response = await as(cookie).gpt.toggle_supertag.$post({ json: { topicId: found.id, isSupertag: true } });
  expect(response.status).toBe(200);
}

describe("what counts as a refresh", () => {
  it("counts none of the edits, reloads or onboarding's follow-up calls, and never moves the next refresh", async () => {
    const someone = await person(["Beekeeping"]);
    const client = as(someone.cookie);
    const first = await feed(someone.cookie);
    expect(first.refreshesUsed).toBe(1);
    expect(Date.parse(first.nextRefreshTime) - Date.parse(first.sessionStartedAt!)).toBe(8 * HOUR);
    const firstIds = all(first).map((a) => a.id);
    const sourceId = all(first)[0]!.source_id;

    const edits: Array<[string, () => Promise<unknown>]> = [
      ["add a topic", () => client.gpt.to_db.$post({ json: { keyTopicsArray: ["Beekeeping", "Tide Pools"] } })],
      ["star a topic", () => star(someone.cookie, someone.userId, "Tide Pools")],
      [
        "remove a topic",
        async () => {
          const moss = await client.gpt.to_db.$post({ json: { keyTopicsArray: ["Moss Gardens"] } });
          expect(moss.status).toBe(200);
          const found = (await topicsOf(someone.userId)).find((t) => t.topic === "Moss Gardens")!;
          return client.gpt.remove_topic.$post({ json: { topicId: found.id } });
        },
      ],
      ["silence a source", () => client.rss.user_source_blacklist.$post({ json: { sourceId } })],
      [
        "mute a word",
        async () => {
          // Muting is part of the plans with filters: muted on pro, read back on free (the change
          // of the list still makes the feed out of date, as any edit does).
          await UserEntity.patch({ userId: someone.userId }).set({ plan: "pro" }).go();
          const muted = await client.mutes.$post({ json: { word: "nothing-matches-this" } });
          expect(muted.status).toBe(200);
          await UserEntity.patch({ userId: someone.userId }).set({ plan: "free" }).go();
          return muted;
        },
      ],
      ["onboarding's follow-up call", () => client.users.clear_last_feed_refresh_at.$post()],
      ["reload", async () => undefined],
    ];
    for (const [kind, edit] of edits) {
      travel(60_000);
      await edit();
      await api.runtime.dispatcher.idle();
      const after = await feed(someone.cookie);
      expect({ kind, used: after.refreshesUsed }).toEqual({ kind, used: 1 });
      expect({ kind, next: after.nextRefreshTime }).toEqual({ kind, next: first.nextRefreshTime });
      expect({ kind, started: after.sessionStartedAt }).toEqual({ kind, started: first.sessionStartedAt });
      // Filled, never emptied: what was delivered stays, less the silenced source's.
      const kept = new Set(all(after).map((a) => a.id));
      const silencedGone = all(first)
        .filter((a) => a.source_id === sourceId)
        .map((a) => a.id);
      expect(firstIds.filter((id) => !kept.has(id) && !silencedGone.includes(id))).toEqual([]);
    }
    // The session was full (14, the free plan's share): the fills added nothing beyond it.
    expect(all(await feed(someone.cookie)).length).toBeLessThanOrEqual(14);
  });

  it("fills a session short of its share with a new topic's articles, counting no refresh", async () => {
    const someone = await person(["Volcano Tours"]); // nothing matches it
    const first = await feed(someone.cookie);
    expect(all(first)).toEqual([]);
    travel(60_000);
    await as(someone.cookie).gpt.to_db.$post({ json: { keyTopicsArray: ["Moss Gardens"] } });
    await api.runtime.dispatcher.idle();
    const filled = await feed(someone.cookie);
    expect(all(filled)).toHaveLength(14);
    expect(all(filled).every((a) => a.bestMatchingKeywords.includes("Moss Gardens"))).toBe(true);
    expect([filled.refreshesUsed, filled.sessionStartedAt]).toEqual([1, first.sessionStartedAt]);
  });

  it("counts the schedule's refresh and the manual button's", async () => {
    const pro = await person(["Beekeeping", "Tide Pools"], "pro");
    const first = await feed(pro.cookie);
    expect([first.refreshesUsed, first.refreshesPerDay]).toEqual([1, 8]);
    const manual = await feed(pro.cookie, true);
    expect(manual.refreshesUsed).toBe(2);
    expect(manual.sessionStartedAt).not.toBe(first.sessionStartedAt);
    travel(3 * HOUR + 60_000);
    const scheduled = await feed(pro.cookie);
    expect(scheduled.refreshesUsed).toBe(3);
    expect(scheduled.sessionStartedAt).not.toBe(manual.sessionStartedAt);
  });

  it("keeps the day's earlier sessions below the current one, seen articles marked", async () => {
    const someone = await person(["Beekeeping", "Tide Pools", "Moss Gardens"]);
    const first = await feed(someone.cookie);
    const seenId = all(first)[0]!.id;
    await as(someone.cookie).articles.mark_seen.$post({ json: { articleIds: [seenId] } });
    travel(8 * HOUR + 60_000);
    const second = await feed(someone.cookie);
    expect(second.refreshesUsed).toBe(2);
    expect(second.earlier).toHaveLength(1);
    expect(second.earlier[0]!.refreshedAt).toBe(first.sessionStartedAt);
    const earlier = second.earlier[0]!.articles;
    expect(earlier.map((a) => a.id).sort()).toEqual(
      all(first)
        .map((a) => a.id)
        .sort(),
    );
    expect(earlier.find((a) => a.id === seenId)?.seen).toBe(true);
    expect(earlier.filter((a) => a.seen)).toHaveLength(1);
    // The new session holds none of the earlier one's articles.
    const current = new Set(all(second).map((a) => a.id));
    expect(earlier.some((a) => current.has(a.id))).toBe(false);
  });

  it("starts one session, not one per request, for 30 reads at once", async () => {
    const someone = await person(["Beekeeping"]);
    const answers = await Promise.all(Array.from({ length: 30 }, () => feedCall(someone.cookie)));
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 30 }, () => 200));
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(new Set(bodies.map((b) => b.sessionStartedAt)).size).toBe(1);
    expect((await feed(someone.cookie)).refreshesUsed).toBe(1);
  });

  it("starts one manual session for parallel presses of the button, and refuses the others", async () => {
    const pro = await person(["Beekeeping"], "pro");
    await feed(pro.cookie);
    const answers = await Promise.all(Array.from({ length: 10 }, () => feedCall(pro.cookie, true)));
    const statuses: number[] = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
    expect((await feed(pro.cookie)).refreshesUsed).toBe(2);
  });
});

describe("starred topics", () => {
  it("come first, share a free session's posts before the other topics, and never give an empty group", async () => {
    const someone = await person(["Beekeeping", "Tide Pools", "Moss Gardens", "Volcano Tours"]);
    await star(someone.cookie, someone.userId, "Tide Pools");
    await star(someone.cookie, someone.userId, "Volcano Tours"); // nothing matches it
    const answer = await feed(someone.cookie);
    expect(answer.groupOrder).toEqual(["Tide Pools", "picks"]);
    expect(Object.keys(answer.groups)).toEqual(answer.groupOrder);
    for (const name of answer.groupOrder) expect(answer.groups[name]!.length).toBeGreaterThan(0);
    // Two supertags on the free plan's 14: each may take 5 before the other topics get any.
    expect(answer.groups["Tide Pools"]).toHaveLength(5);
    expect(all(answer)).toHaveLength(14);
  });

  it("regroup the current session when a topic is starred later, starred first", async () => {
    const someone = await person(["Beekeeping", "Moss Gardens"]);
    const before = await feed(someone.cookie);
    expect(before.groupOrder).toEqual(["picks"]);
    travel(60_000);
    await star(someone.cookie, someone.userId, "Moss Gardens");
    const after = await feed(someone.cookie);
    expect(after.groupOrder).toEqual(["Moss Gardens", "picks"]);
    expect(after.groups["Moss Gardens"]!.every((a) => a.bestMatchingKeywords.includes("Moss Gardens"))).toBe(true);
    expect(after.sessionStartedAt).toBe(before.sessionStartedAt);
    expect(
      all(after)
        .map((a) => a.id)
        .sort(),
    ).toEqual(
      all(before)
        .map((a) => a.id)
        .sort(),
    );
  });
});

describe("one feed on every device", () => {
  it("answers 304 with no body while the client holds the current version, and 200 once it changes", async () => {
    const someone = await person(["Beekeeping"], "pro");
    const first = await feedCall(someone.cookie);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^".+"$/);
    const body = await first.json();
    expect(`"${body.version}"`).toBe(etag);

    const same = await api.request("GET", "/api/rss/articles", {
      cookie: someone.cookie,
      headers: { "if-none-match": etag! },
    });
    expect(same.status).toBe(304);
    expect(await same.text()).toBe("");
    expect(same.headers.get("etag")).toBe(etag);

    // A refresh on another device: the old version no longer matches.
    travel(16 * 60_000);
    expect((await feedCall(someone.cookie, true)).status).toBe(200);
    const changed = await api.request("GET", "/api/rss/articles", {
      cookie: someone.cookie,
      headers: { "if-none-match": etag! },
    });
    expect(changed.status).toBe(200);
    const fresh = await changed.json();
    expect(fresh.sessionStartedAt).not.toBe(body.sessionStartedAt);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });
});
