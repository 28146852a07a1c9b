import { PendingSlotEntity } from "../../packages/core/src/modules/sources/pending-slot.entity.ts";
import { SUGGESTION_LIMITS, SUGGESTION_MESSAGES } from "@graph/core/modules/sources/rules";
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PendingSuggestionEntity } from "../../packages/core/src/modules/sources/pending-suggestion.entity.ts";
import { SuggestedSourceEntity } from "../../packages/core/src/modules/sources/suggested-source.entity.ts";
import { SearchSegmentEntity } from "../../packages/core/src/modules/search/segment.entity.ts";
import { ingestSource } from "@graph/core/workflows/ingest";
import * as Search from "@graph/core/modules/search";
import * as Sources from "@graph/core/modules/sources";
import { STALE_PENDING_MS, Suggestions } from "@graph/core/modules/sources";
import { utcDay } from "@graph/core/adapters/dynamo";
import { postingsFor } from "@graph/core/modules/articles";
import { phraseKey } from "@graph/core/lib/matching";
import { rss, startFeedServer } from "../support/feeds.ts";
import { signedIn, travel, useTestApi } from "../support/runtime.ts";

const api = useTestApi();
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
beforeAll(async () => {
  feeds = await startFeedServer();
});
afterAll(() => feeds?.close());
afterEach(() => {
  api.runtime.dynamoFaults.clear();
  vi.restoreAllMocks();
});

const HOUR = 3_600_000;
const bodyText = (request: Record<string, unknown>) => JSON.stringify(request);

describe("ingestion that dies right after storing its articles", () => {
  it("leaves every stored article's day marked for search, so the next build indexes them", async () => {
    // Articles a day back, so this day's segment is touched by nothing else in this file.
    const items = Array.from({ length: 3 }, (_, i) => ({
      title: `Lighthouse keeper diary entry ${i + 1}`,
      link: `https://lighthouse.example/diary/${i + 1}`,
      ageHours: 30 + i * 0.1,
    }));
    const day = utcDay(Date.now() - 30 * HOUR);
    feeds.set("/lighthouse.xml", { body: rss("Lighthouse Diary", items) });
    await Sources.ensureCatalogue([
      {
        sourceId: "lighthouse",
        name: "Lighthouse Diary",
        siteUrl: "https://lighthouse.example",
        feedUrl: `${feeds.url}/lighthouse.xml`,
        type: "rss",
      },
    ]);
    await Search.buildDirtySegments({ settleMs: 0, minIntervalMs: 0 });

    // Every article written is counted (a feed's new stories go in one transaction); from the
    // moment all are stored, DynamoDB fails every update (a search segment's mark, the source's
    // record): the process is as good as dead.
    let stored = 0;
    api.runtime.dynamoFaults.inject({
      operation: "TransactWriteItems",
      error: "InternalServerError",
      match: (request) => {
        stored += new Set(bodyText(request).match(/lighthouse\.example\/diary\/\d+/g)).size;
        return false;
      },
    });
    api.runtime.dynamoFaults.inject({
      operation: "UpdateItem",
      error: "InternalServerError",
      match: () => stored >= items.length,
    });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(ingestSource("lighthouse", { allowPrivateFeeds: false })).rejects.toThrow();
    expect(stored).toBe(items.length);

    api.runtime.dynamoFaults.clear();
    const { data: segment } = await SearchSegmentEntity.get({ day }).go();
    expect(segment?.dirtySince).toBeDefined();
    await Search.buildDirtySegments({ settleMs: 0, minIntervalMs: 0 });
    const found = (await Search.searchArticles("lighthouse keeper diary", 1)).results.map((r) => r.title);
    expect(found.sort()).toEqual(items.map((i) => i.title).sort());
  });
});

describe("ingestion that dies after storing its articles and before matching them", () => {
  it("matches them at the source's next ingest, though they are already stored", async () => {
    const person = await signedIn(api);
    const added = await api
      .client({ cookie: person.cookie })
      .gpt.to_db.$post({ json: { keyTopicsArray: ["Foghorn Acoustics"] } });
    expect(added.status).toBe(200);
    await api.runtime.dispatcher.idle();

    const items = Array.from({ length: 3 }, (_, i) => ({
      title: `Foghorn acoustics field notes ${i + 1}`,
      link: `https://foghorn.example/notes/${i + 1}`,
      ageHours: 2 + i * 0.1,
    }));
    feeds.set("/foghorn.xml", { body: rss("Foghorn Notes", items) });
    await Sources.ensureCatalogue([
      {
        sourceId: "foghorn",
        name: "Foghorn Notes",
        siteUrl: "https://foghorn.example",
        feedUrl: `${feeds.url}/foghorn.xml`,
        type: "rss",
      },
    ]);

    // Once the feed's articles are stored (one transaction), DynamoDB fails every update: the
    // postings of each match, the source's record. The process is as good as dead.
    let stored = 0;
    api.runtime.dynamoFaults.inject({
      operation: "TransactWriteItems",
      error: "InternalServerError",
      match: (request) => {
        stored += new Set(bodyText(request).match(/foghorn\.example\/notes\/\d+/g)).size;
        return false;
      },
    });
    api.runtime.dynamoFaults.inject({
      operation: ["UpdateItem", "BatchWriteItem", "PutItem"],
      error: "InternalServerError",
      match: () => stored >= items.length,
    });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(ingestSource("foghorn", { allowPrivateFeeds: false })).rejects.toThrow();
    expect(stored).toBe(items.length);
    const key = phraseKey("Foghorn Acoustics");
    expect((await postingsFor([key], 0, 100)).get(key)).toEqual([]);
    expect((await Sources.get("foghorn"))?.unindexed).toHaveLength(items.length);

    // The feed is the same; its articles are stored, so nothing in it is new.
    api.runtime.dynamoFaults.clear();
    expect(await ingestSource("foghorn", { allowPrivateFeeds: false })).toMatchObject({ status: "ok", added: 0 });
    const postings = (await postingsFor([key], 0, 100)).get(key)!;
    expect(postings).toHaveLength(items.length);
    expect((await Sources.get("foghorn"))?.unindexed ?? []).toEqual([]);
  });

  it("takes a fetch's new articles off the source's list once they are matched", async () => {
    feeds.set("/buoy.xml", {
      body: rss("Buoy Log", [{ title: "Buoy log for the week", link: "https://buoy.example/1", ageHours: 1 }]),
    });
    await Sources.ensureCatalogue([
      { sourceId: "buoy", name: "Buoy Log", siteUrl: "https://buoy.example", feedUrl: `${feeds.url}/buoy.xml`, type: "rss" },
    ]);
    expect(await ingestSource("buoy", { allowPrivateFeeds: false })).toMatchObject({ status: "ok", added: 1 });
    expect((await Sources.get("buoy"))?.unindexed ?? []).toEqual([]);
  });
});

describe("a suggestion whose check was lost", () => {
  /** A suggestion recorded (in place `slot` of the person's pending ones) whose check was lost `checks` times. */
  async function lostSuggestion(userId: string, websiteUrl: string, createdAt = Date.now(), slot = 0, checks = 1) {
    const suggestionId = randomUUID();
    await SuggestedSourceEntity.create({
      userId,
      suggestionId,
      websiteUrl,
      rssFeedUrl: "",
      approvalState: "pending",
      createdAt,
      pendingSlot: slot,
    }).go();
    await PendingSuggestionEntity.create({ createdAt, userId, suggestionId, queuedAt: createdAt, checks, slot }).go();
    await PendingSlotEntity.put({ userId, slot, suggestionId, staleAt: createdAt + STALE_PENDING_MS }).go();
    return suggestionId;
  }

  async function stateOf(userId: string, suggestionId: string) {
    const { data } = await SuggestedSourceEntity.get({ userId, suggestionId }).go();
    return data;
  }

  it("is listed as pending when suggested, and unlisted when its check settles it", async () => {
    const person = await signedIn(api);
    const response = await api
      .client({ cookie: person.cookie })
      .rss.user_source_suggested_list.$post({ json: { sourceLink: "http://10.9.8.7/feed.xml" } });
    const { id } = await response.json();
    const created = (await stateOf(person.userId, id))!.createdAt;
    const listing = { createdAt: created, userId: person.userId, suggestionId: id };
    await api.runtime.dispatcher.idle();
    expect((await stateOf(person.userId, id))?.approvalState).toBe("rejected");
    expect((await PendingSuggestionEntity.get(listing).go()).data).toBeNull();
  });

  it("is queued again by the ingest schedule once pending for 10 minutes, and checked", async () => {
    const person = await signedIn(api);
    feeds.set("/lost/feed.xml", {
      body: rss("Lost Notes", [{ title: "Found again", link: "https://lost.example/1" }]),
    });
    const suggestionId = await lostSuggestion(person.userId, `${feeds.url}/lost/feed.xml`);

    // Not yet stale: the schedule leaves it to the check still on its way.
    await api.runtime.dispatcher.runJob("ingest");
    await api.runtime.dispatcher.idle();
    expect((await stateOf(person.userId, suggestionId))?.approvalState).toBe("pending");

    travel(STALE_PENDING_MS + 1_000);
    expect(await api.runtime.dispatcher.runJob("ingest")).toMatchObject({ retriedSuggestions: 1 });
    await api.runtime.dispatcher.idle();
    // Checked: this runtime refuses the feed server's private address, so the check rejects it.
    const settled = await stateOf(person.userId, suggestionId);
    expect(settled?.approvalState).toBe("rejected");
    expect(settled?.reason).toMatch(/private address/);
    expect((await PendingSuggestionEntity.query.byAge({}).go({ pages: "all" })).data).not.toContainEqual(
      expect.objectContaining({ suggestionId }),
    );
    // Settled, it is not queued again.
    travel(STALE_PENDING_MS + 1_000);
    expect(await api.runtime.dispatcher.runJob("ingest")).not.toHaveProperty("retriedSuggestions");
  });

  it("is rejected with its reason after its last check is lost, and gives back its place", async () => {
    const person = await signedIn(api);
    const last = SUGGESTION_LIMITS.maxChecks;
    const [given, retried] = [
      await lostSuggestion(person.userId, "http://10.9.8.7/given-up.xml", Date.now(), 3, last),
      await lostSuggestion(person.userId, "http://10.9.8.7/retried.xml", Date.now(), 4, last - 1),
    ];
    travel(STALE_PENDING_MS + 1_000);
    // One more check for the one that has not had all of its checks; none for the other.
    expect(await api.runtime.dispatcher.runJob("ingest")).toMatchObject({ retriedSuggestions: 1 });
    const givenUp = await stateOf(person.userId, given);
    expect(givenUp).toMatchObject({ approvalState: "rejected", reason: SUGGESTION_MESSAGES.uncheckable });
    expect((await PendingSlotEntity.get({ userId: person.userId, slot: 3 }).go()).data).toBeNull();
    const listed = (await PendingSuggestionEntity.query.byAge({}).go({ pages: "all" })).data.map((p) => p.suggestionId);
    expect(listed).not.toContain(given);
    await api.runtime.dispatcher.idle();
    expect((await stateOf(person.userId, retried))?.reason).not.toBe(SUGGESTION_MESSAGES.uncheckable);
  });

  it("no longer counts against the 20 pending a person may have once stale", async () => {
    const person = await signedIn(api);
    const suggestOne = () =>
      api
        .client({ cookie: person.cookie })
        .rss.user_source_suggested_list.$post({ json: { sourceLink: "http://10.9.8.7/another.xml" } });
    const old = Date.now() - STALE_PENDING_MS - 60_000;
    await Promise.all(
      Array.from({ length: Suggestions.MAX_PENDING }, (_, i) =>
        lostSuggestion(person.userId, `http://10.9.8.7/s${i}.xml`, old, i),
      ),
    );
    expect((await suggestOne()).status).toBeLessThan(300);
    await api.runtime.dispatcher.idle();

    // Fresh pending suggestions still count.
    const other = await signedIn(api);
    await Promise.all(
      Array.from({ length: Suggestions.MAX_PENDING }, (_, i) =>
        lostSuggestion(other.userId, `http://10.9.8.7/t${i}.xml`, Date.now(), i),
      ),
    );
    const refused = await api
      .client({ cookie: other.cookie })
      .rss.user_source_suggested_list.$post({ json: { sourceLink: "http://10.9.8.7/one-more.xml" } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: SUGGESTION_MESSAGES.tooManyPending,
      code: "limit_reached",
    });
  });
});
