import { describe, expect, it } from "vitest";
import { WATCH_HISTORY_MESSAGES } from "@graph/core/modules/watch-history/rules";
import { YOUTUBE_MESSAGES } from "@graph/core/modules/youtube/rules";
import { VideoCountEntity } from "../../packages/core/src/modules/watch-history/video-count.entity.ts";
import { VideoEntity } from "../../packages/core/src/modules/watch-history/video.entity.ts";
import { ChannelCountEntity } from "../../packages/core/src/modules/youtube/channel-count.entity.ts";
import { ChannelEntity } from "../../packages/core/src/modules/youtube/channel.entity.ts";
import { errorOf, signedIn, useTestApi } from "../support/runtime.ts";

/**
 * The owner's own channels and videos, a page at a time (the media tab's lists): every item once,
 * newest first, with the total; never another person's; signed in only; a bad cursor is 400.
 * Fixtures are written straight to the table (as many as the public reads never answer).
 */
const api = useTestApi();
const as = (cookie?: string) => api.client(cookie ? { cookie } : {}).youtube;

/** Distinct made-up ids: a channel's is UC and 22 more, a video's 11 characters. */
const channelId = (tag: string, n: number) => `UC${`${tag}${n}`.padEnd(22, "_").slice(0, 22)}`;
const videoId = (tag: string, n: number) => `${tag}${n}`.padEnd(11, "_").slice(0, 11);

/** `count` channels added a millisecond apart (the last is the newest), counted as the module counts them. */
async function putChannels(userId: string, tag: string, count: number): Promise<string[]> {
  const start = Date.now() - count;
  const ids = Array.from({ length: count }, (_, n) => channelId(tag, n));
  await ChannelEntity.put(
    ids.map((id, n) => ({
      userId,
      channelId: id,
      name: `Channel ${n}`,
      imageUrl: "",
      source: "takeout" as const,
      addedAt: start + n,
    })),
  ).go();
  await ChannelCountEntity.put({ userId, channels: count }).go();
  return ids.reverse();
}

async function putVideos(userId: string, tag: string, count: number): Promise<string[]> {
  const start = Date.now() - count;
  const ids = Array.from({ length: count }, (_, n) => videoId(tag, n));
  await VideoEntity.put(
    ids.map((id, n) => ({
      userId,
      videoId: id,
      title: `Video ${n}`,
      channelName: "",
      channelUrl: "",
      addedAt: start + n,
    })),
  ).go();
  await VideoCountEntity.put({ userId, videos: count }).go();
  return ids.reverse();
}

type Page = { items: Array<{ id: string }>; cursor: string | null; total: number };

/** Every page of a list, in order, and the totals each answered. */
async function readAll(
  read: (cursor?: string) => Promise<Response>,
): Promise<{ ids: string[]; totals: number[]; pages: number }> {
  const ids: string[] = [];
  const totals: number[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const response = await read(cursor);
    expect(response.status).toBe(200);
    const page = (await response.json()) as Page;
    ids.push(...page.items.map((i) => i.id));
    totals.push(page.total);
    cursor = page.cursor ?? undefined;
    pages++;
  } while (cursor && pages < 50);
  return { ids, totals, pages };
}

describe("the owner's channels", () => {
  it("pages 120 channels newest first, each once, with the total, and none of another person's", async () => {
    const owner = await signedIn(api);
    const other = await signedIn(api);
    const expected = await putChannels(owner.userId, "o", 120);
    const theirs = await putChannels(other.userId, "t", 5);

    const read = (limit: string) => (cursor?: string) =>
      as(owner.cookie).channels.$get({ query: { limit, ...(cursor ? { cursor } : {}) } });
    const paged = await readAll(read("50"));
    expect(paged.ids).toEqual(expected);
    expect(paged.pages).toBeGreaterThanOrEqual(3);
    expect(new Set(paged.totals)).toEqual(new Set([120]));
    // Without a limit, a page is at most 100.
    const first = (await (await as(owner.cookie).channels.$get({ query: {} })).json()) as Page;
    expect(first.items).toHaveLength(100);
    expect(first.cursor).toEqual(expect.any(String));
    expect(first.items[0]).toEqual({
      id: expected[0],
      id_youtube: expected[0],
      name: "Channel 119",
      image: "",
      picture_url: null,
    });

    const otherPaged = await readAll((cursor) => as(other.cookie).channels.$get({ query: cursor ? { cursor } : {} }));
    expect(otherPaged.ids).toEqual(theirs);
    // The owner's cursor in another person's hands reads only their own channels, or is refused.
    const crossed = await as(other.cookie).channels.$get({ query: { cursor: first.cursor! } });
    if (crossed.status === 200) {
      const ids = ((await crossed.json()) as Page).items.map((i) => i.id);
      expect(ids.filter((id) => expected.includes(id))).toEqual([]);
    } else expect(crossed.status).toBe(400);
  });

  it("is for the signed-in person only, and refuses a bad cursor or limit with 400", async () => {
    expect((await as().channels.$get({ query: {} })).status).toBe(401);
    const person = await signedIn(api);
    expect(await (await as(person.cookie).channels.$get({ query: {} })).json()).toEqual({
      items: [],
      cursor: null,
      total: 0,
    });
    for (const cursor of ["not a cursor!", "bm90IGEga2V5", "x".repeat(2001)]) {
      const response = await as(person.cookie).channels.$get({ query: { cursor } });
      expect(response.status, cursor.slice(0, 20)).toBe(400);
      expect((await errorOf(response)).error).toBe(YOUTUBE_MESSAGES.cursorInvalid);
    }
    for (const limit of ["0", "101", "x"]) {
      expect((await as(person.cookie).channels.$get({ query: { limit } })).status, limit).toBe(400);
    }
  });
});

describe("the owner's videos", () => {
  it("pages 130 videos newest first, each once, with the total, and none of another person's", async () => {
    const owner = await signedIn(api);
    const other = await signedIn(api);
    const expected = await putVideos(owner.userId, "o", 130);
    const theirs = await putVideos(other.userId, "t", 4);

    const paged = await readAll((cursor) =>
      as(owner.cookie).videos.$get({ query: { limit: "40", ...(cursor ? { cursor } : {}) } }),
    );
    expect(paged.ids).toEqual(expected);
    expect(paged.pages).toBeGreaterThanOrEqual(4);
    expect(new Set(paged.totals)).toEqual(new Set([130]));
    const first = (await (await as(owner.cookie).videos.$get({ query: {} })).json()) as Page;
    expect(first.items).toHaveLength(100);
    expect(first.items[0]).toEqual({
      id: expected[0],
      title: "Video 129",
      title_url: `https://www.youtube.com/watch?v=${expected[0]}`,
      channel_name: "",
      channel_url: "",
    });

    const otherPaged = await readAll((cursor) => as(other.cookie).videos.$get({ query: cursor ? { cursor } : {} }));
    expect(otherPaged.ids).toEqual(theirs);
    const crossed = await as(other.cookie).videos.$get({ query: { cursor: first.cursor! } });
    if (crossed.status === 200) {
      const ids = ((await crossed.json()) as Page).items.map((i) => i.id);
      expect(ids.filter((id) => expected.includes(id))).toEqual([]);
    } else expect(crossed.status).toBe(400);
  });

  it("is for the signed-in person only, and refuses a bad cursor or limit with 400", async () => {
    expect((await as().videos.$get({ query: {} })).status).toBe(401);
    const person = await signedIn(api);
    expect(await (await as(person.cookie).videos.$get({ query: {} })).json()).toEqual({
      items: [],
      cursor: null,
      total: 0,
    });
    for (const cursor of ["not a cursor!", "bm90IGEga2V5", "x".repeat(2001)]) {
      const response = await as(person.cookie).videos.$get({ query: { cursor } });
      expect(response.status, cursor.slice(0, 20)).toBe(400);
      expect((await errorOf(response)).error).toBe(WATCH_HISTORY_MESSAGES.cursorInvalid);
    }
    for (const limit of ["0", "101", "x"]) {
      expect((await as(person.cookie).videos.$get({ query: { limit } })).status, limit).toBe(400);
    }
  });
});
