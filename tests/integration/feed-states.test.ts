import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as Sources from "@graph/core/modules/sources";
import { DictionaryPhraseEntity } from "../../packages/core/src/modules/topics/dictionary-phrase.entity.ts";
import * as Topics from "@graph/core/modules/topics";
import { rss, startFeedServer } from "../support/feeds.ts";
import { signedIn, travel, useTestApi } from "../support/runtime.ts";

/**
 * What the feed says in the states between "here are your articles" and "add some topics": new
 * topics still being matched, nothing new since the last refresh, a source silenced after the
 * day's refreshes were used.
 */
const api = useTestApi();
let feeds: Awaited<ReturnType<typeof startFeedServer>>;

const feed = async (cookie: string) => (await api.client({ cookie }).rss.articles.$get({ query: {} })).json();
type FeedBody = Awaited<ReturnType<typeof feed>>;
const clearRefresh = (cookie: string) => api.client({ cookie }).users.clear_last_feed_refresh_at.$post();
const ids = (f: FeedBody) =>
  Object.values(f.groups)
    .flat()
    .map((a) => a.id);
const sources = (f: FeedBody) =>
  Object.values(f.groups)
    .flat()
    .map((a) => a.source_id);

beforeAll(async () => {
  feeds = await startFeedServer();
  const item = (site: string, title: string, ageHours: number) => ({
    title,
    summary: "Notes on kelp forests.",
    link: `https://${site}.example/${encodeURIComponent(title)}`,
    ageHours,
  });
  feeds.set("/a.xml", { body: rss("Kelp A", [item("a", "Kelp forests recover", 1), item("a", "Kelp farming", 2)]) });
  feeds.set("/b.xml", { body: rss("Kelp B", [item("b", "Kelp under ice", 3)]) });
  await Sources.ensureCatalogue(
    ["a", "b"].map((id) => ({
      sourceId: `kelp-${id}`,
      name: `Kelp ${id.toUpperCase()}`,
      siteUrl: `https://${id}.example`,
      feedUrl: `${feeds.url}/${id}.xml`,
      type: "rss" as const,
    })),
  );
  await api.runtime.dispatcher.runJob("ingest");
  await api.runtime.dispatcher.idle();
});
afterAll(() => feeds?.close());
afterEach(() => vi.useRealTimers());

async function personFollowingKelp() {
  const person = await signedIn(api);
  await api.client({ cookie: person.cookie }).gpt.to_db.$post({ json: { keyTopicsArray: ["Kelp"] } });
  await api.runtime.dispatcher.idle();
  return person;
}

describe("feed states", () => {
  it("is provisional, and uses up no refresh, while new topics are still being matched", async () => {
    const person = await personFollowingKelp();
    // As right after adding a phrase nobody followed: its backfill is queued and not finished.
    const phrase = "kelp";
    await DictionaryPhraseEntity.patch({ shard: Topics.shardOf(phrase), phrase })
      .set({ backfillQueuedAt: Date.now() })
      .remove(["backfilledAt"])
      .go();
    const first = await feed(person.cookie);
    expect(first.preparing).toBe(true);
    expect(Date.parse(first.nextRefreshTime) - Date.now()).toBeLessThan(10_000);
    // Every read while preparing recomputes; none is kept as one of the day's 3 refreshes.
    for (let i = 0; i < 4; i++) expect((await feed(person.cookie)).preparing).toBe(true);

    // Glimpsed while provisional: still part of the feed once it is ready, not "caught up".
    await api.request("POST", "/api/articles/mark_seen", { cookie: person.cookie, body: { articleIds: ids(first) } });
    await Topics.markBackfilled([phrase]);
    const ready = await feed(person.cookie);
    expect(ready.preparing).toBe(false);
    expect(ready.caughtUp).toBe(false);
    expect(ids(ready)).toHaveLength(3);
    // Clearing the refresh (onboarding's follow-up call) fills the session again, and counts no refresh.
    await clearRefresh(person.cookie);
    const cleared = await feed(person.cookie);
    expect(cleared.refreshedAt).not.toBe(ready.refreshedAt);
    expect(cleared.sessionStartedAt).toBe(first.sessionStartedAt);
    expect(cleared.refreshesUsed).toBe(1);
  });

  it("keeps the previous unseen picks, said to be caught up, when a refresh finds nothing new", async () => {
    const person = await personFollowingKelp();
    const first = await feed(person.cookie);
    expect(first.caughtUp).toBe(false);
    expect(ids(first)).toHaveLength(3);
    const [read, ...unread] = ids(first);
    // The next refreshes are the schedule's (the free plan's every 8 hours); the articles are
    // at most 3 hours old, so they stay within the day's coverage.
    const refresh = async (seen: string[]) => {
      await api.client({ cookie: person.cookie }).articles.mark_seen.$post({ json: { articleIds: seen } });
      travel(8 * 3_600_000);
      return feed(person.cookie);
    };
    const second = await refresh([read!]);
    expect(second.caughtUp).toBe(true);
    expect(ids(second).sort()).toEqual(unread.sort());
    // Everything seen: the last picks stay rather than an empty feed.
    const third = await refresh(unread);
    expect(third.caughtUp).toBe(true);
    expect(ids(third).sort()).toEqual(unread.sort());
  });

  it("drops a silenced source at once, even after the day's refreshes are used up", async () => {
    const person = await personFollowingKelp();
    for (let i = 0; i < 3; i++) {
      await clearRefresh(person.cookie);
      await feed(person.cookie);
    }
    expect(sources(await feed(person.cookie))).toContain("kelp-a");
    await api.client({ cookie: person.cookie }).rss.user_source_blacklist.$post({ json: { sourceId: "kelp-a" } });
    const after = await feed(person.cookie);
    expect(sources(after)).not.toContain("kelp-a");
    expect(sources(after)).toContain("kelp-b");
  });
});
