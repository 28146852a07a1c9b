import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { describe, expect, it } from "vitest";
import * as Accounts from "@graph/core/workflows/account-deletion";
import { holderCounts } from "@graph/core/modules/holders";
import { readDigests } from "@graph/core/modules/interests";
import { DEFAULT_SECTION_ORDER } from "@graph/core/modules/profile/rules";
import * as WatchHistory from "@graph/core/modules/watch-history";
import { UPLOADS_PER_HOUR, VIDEOS_MAX, WATCH_HISTORY_MESSAGES } from "@graph/core/modules/watch-history/rules";
import { ImportEntity } from "../../packages/core/src/modules/watch-history/import.entity.ts";
import { VideoCountEntity } from "../../packages/core/src/modules/watch-history/video-count.entity.ts";
import { VideoEntity } from "../../packages/core/src/modules/watch-history/video.entity.ts";
import { errorOf, signedIn, uniqueAddress, useTestApi } from "../support/runtime.ts";
import { takeoutFile, takeoutHtml, type Takeout } from "../support/takeout.ts";

/**
 * The watch-history import end to end: the presigned POST to the local S3 stand-in (which checks
 * the policy as S3 does), the import queue's worker run by the local dispatcher, the page's
 * polling, every Takeout quirk, the file deleted after, retries, the cap of kept videos under
 * parallel saves, owners only, hidden sections and account deletion.
 */
const api = useTestApi();
const as = (cookie?: string) => api.client(cookie ? { cookie } : {});
const youtube = (cookie?: string) => as(cookie).youtube;
const s3 = new S3Client({});
const BUCKET = "graph-imports";

type Person = Awaited<ReturnType<typeof signedIn>>;

async function presign(person: Person, size: number, fileName = "watch-history.json") {
  const response = await youtube(person.cookie).upload_url.$post({ json: { fileName, size } });
  expect(response.status).toBe(200);
  return response.json();
}

/** Posts the form as a browser does: the policy's fields, then the file. */
async function postForm(
  ticket: { url: string; fields: Record<string, string> },
  bytes: Uint8Array,
  override: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...ticket.fields, ...override })) form.append(name, value);
  form.append("file", new Blob([new Uint8Array(bytes)]));
  return fetch(ticket.url, { method: "POST", body: form });
}

async function uploaded(person: Person, bytes: Uint8Array) {
  const ticket = await presign(person, bytes.length);
  expect((await postForm(ticket, bytes)).status).toBe(204);
  return ticket.uploadId;
}

const stateOf = async (person: Person, uploadId: string) => {
  const response = await youtube(person.cookie).upload[":uploadId"].$get({ param: { uploadId } });
  expect(response.status).toBe(200);
  return response.json();
};

/** Uploads, starts and waits (polling as the page does) until the import is done or failed. */
async function imported(person: Person, input: Uint8Array | string) {
  const bytes = typeof input === "string" ? new TextEncoder().encode(input) : input;
  const uploadId = await uploaded(person, bytes);
  const started = await youtube(person.cookie).upload.$post({ json: { uploadId } });
  expect(started.status).toBe(200);
  await expect
    .poll(async () => (await stateOf(person, uploadId)).status, { timeout: 60_000, interval: 50 })
    .toMatch(/^(done|failed)$/);
  return { uploadId, state: await stateOf(person, uploadId) };
}

async function keysUnder(prefix: string): Promise<string[]> {
  const page = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (page.Contents ?? []).map((o) => o.Key!);
}

const save = (person: Person, videoData: Array<Record<string, unknown>>) =>
  api.request("POST", "/api/youtube/to_db/videos", { cookie: person.cookie, body: { videoData } });

const listed = async (userId: string, cookie?: string) => {
  const response = await youtube(cookie).from_db.videos[":id"].$get({ param: { id: userId } });
  expect(response.status).toBe(200);
  return response.json();
};

const publicPage = async (username: string) => {
  const response = await as().users.profile[":username"].$get({ param: { username } });
  expect(response.status).toBe(200);
  return response.json();
};

/** A video to save, as the page sends one back from an import. */
const aVideo = (n: number, prefix = "v") => ({
  id: `${prefix}${String(n).padStart(10, "0")}`.slice(0, 11),
  title: `Video ${n}`,
  title_url: "https://evil.example/not-kept",
  channel_name: "Ada's Lab",
  channel_url: "https://www.youtube.com/channel/UCaaaaaaaaaaaaaaaaaaaaaa",
});

function expectSummary(state: Awaited<ReturnType<typeof stateOf>>, file: Takeout, bytes = file.bytes.length) {
  expect(state).toMatchObject({
    status: "done",
    message: null,
    entries: file.expected.entries,
    watches: file.expected.watches,
    skipped: file.expected.skipped,
    bytesRead: bytes,
    bytesTotal: bytes,
  });
  const latest = [...file.expected.videos.values()].sort((a, b) => b.lastWatchedAt - a.lastWatchedAt);
  expect(state.topVideosByLatest.map((v) => v.id)).toEqual(latest.slice(0, 200).map((v) => v.id));
  for (const video of [...state.topVideosByLatest, ...state.processedVideos.mostWatched]) {
    const expected = file.expected.videos.get(video.id)!;
    expect(video).toEqual({
      id: expected.id,
      title: expected.title,
      title_url: `https://www.youtube.com/watch?v=${expected.id}`,
      channel_name: expected.channelName,
      channel_url: expected.channelUrl,
      watched: expected.watched,
      lastWatchedAt: new Date(expected.lastWatchedAt).toISOString(),
    });
  }
  expect(state.processedVideos.videos).toEqual(state.topVideosByLatest);
  const channels = state.processedVideos.channels;
  expect(channels.length).toBeGreaterThan(0);
  for (const channel of channels) expect(channel).toEqual(file.expected.channels.get(channel.url));
}

describe("importing a Takeout watch history", () => {
  it("uploads to the bucket, imports on the queue, answers the latest and most watched, and deletes the file", async () => {
    const person = await signedIn(api);
    const file = takeoutFile({ targetBytes: 1.5 * 1024 * 1024, seed: 5 });
    const { state } = await imported(person, file.bytes);
    expectSummary(state, file);
    expect(state.skipped.ads + state.skipped.removed + state.skipped.music).toBeGreaterThan(0);
    expect(await keysUnder(`takeout/${person.userId}/`)).toEqual([]);
  });

  it("waits for the file while the queue is busy, then processes it once", async () => {
    const person = await signedIn(api);
    const file = takeoutFile({ entries: 200 });
    const uploadId = await uploaded(person, file.bytes);
    api.runtime.dispatcher.hold("ImportQueue");
    try {
      const started = await (await youtube(person.cookie).upload.$post({ json: { uploadId } })).json();
      expect(started).toMatchObject({
        uploadId,
        status: "waiting",
        bytesTotal: file.bytes.length,
        topVideosByLatest: [],
      });
      // Started again (a double click): still one job.
      await youtube(person.cookie).upload.$post({ json: { uploadId } });
    } finally {
      api.runtime.dispatcher.release("ImportQueue");
    }
    await api.runtime.dispatcher.idle();
    expect((await stateOf(person, uploadId)).status).toBe("done");
  });

  it("takes titles out of a German export's wording and ids from the addresses", async () => {
    const person = await signedIn(api);
    const file = takeoutFile({ entries: 400, language: "de", seed: 9 });
    const { state } = await imported(person, file.bytes);
    expectSummary(state, file);
    expect(state.topVideosByLatest.some((v) => v.title.endsWith("angesehen"))).toBe(false);
  });

  it("reads a file that starts with a byte-order mark", async () => {
    const person = await signedIn(api);
    const file = takeoutFile({ entries: 100, language: "ja" });
    const { state } = await imported(person, new Uint8Array([0xef, 0xbb, 0xbf, ...file.bytes]));
    expectSummary(state, file, file.bytes.length + 3);
  });

  it.each([
    ["Takeout's HTML export", takeoutHtml(), WATCH_HISTORY_MESSAGES.html],
    ["HTML after a byte-order mark", `\uFEFF${takeoutHtml()}`, WATCH_HISTORY_MESSAGES.html],
    ["JSON cut short", takeoutFile({ entries: 30 }).text.slice(0, 3000), WATCH_HISTORY_MESSAGES.notJson],
    ["text that is not JSON", "Watched everything", WATCH_HISTORY_MESSAGES.notJson],
    ["JSON that is not a list", '{"watched": []}', WATCH_HISTORY_MESSAGES.notHistory],
  ])("fails %s with a message saying what to do, and deletes the file", async (_, text, message) => {
    const person = await signedIn(api);
    const { state } = await imported(person, text);
    expect(state).toMatchObject({ status: "failed", message, topVideosByLatest: [] });
    expect(await keysUnder(`takeout/${person.userId}/`)).toEqual([]);
  });

  it("gives the same answer, counted once, when the job runs again (a queue retry), during or after the import", async () => {
    const person = await signedIn(api);
    const file = takeoutFile({ entries: 600, seed: 13 });
    const uploadId = await uploaded(person, file.bytes);
    api.runtime.dispatcher.hold("ImportQueue");
    let first: WatchHistory.ImportView;
    try {
      await youtube(person.cookie).upload.$post({ json: { uploadId } });
      // Two deliveries at once, as when a worker times out and the message is delivered again.
      const outcomes = await Promise.all([
        WatchHistory.processImport(person.userId, uploadId),
        WatchHistory.processImport(person.userId, uploadId),
      ]);
      expect(outcomes).toContain("done");
      first = await WatchHistory.importState(person.userId, uploadId);
      expect(await WatchHistory.processImport(person.userId, uploadId)).toBe("done");
    } finally {
      api.runtime.dispatcher.release("ImportQueue");
    }
    await api.runtime.dispatcher.idle();
    const last = await stateOf(person, uploadId);
    expect(last).toEqual(first);
    expectSummary(last, file);
    expect(await keysUnder(`takeout/${person.userId}/`)).toEqual([]);
  });

  it("refuses a file that is not .json or over 15 MB before presigning, and a form the policy does not allow", async () => {
    const person = await signedIn(api);
    for (const body of [
      { fileName: "watch-history.html", size: 100 },
      { fileName: "watch-history.json", size: 0 },
      { fileName: "watch-history.json", size: 15 * 1024 * 1024 + 1 },
      { fileName: "watch-history.json" },
      {},
    ]) {
      const response = await api.request("POST", "/api/youtube/upload_url", { cookie: person.cookie, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(response)).error).toBe(WATCH_HISTORY_MESSAGES.invalidFile);
    }
    const ticket = await presign(person, 10);
    expect((await postForm(ticket, new TextEncoder().encode("[]"), { "Content-Type": "text/html" })).status).toBe(403);
    const other = await presign(person, 10);
    expect(
      (
        await postForm(
          { ...other, fields: { ...other.fields, key: `takeout/x/${other.uploadId}.json` } },
          new Uint8Array(2),
        )
      ).status,
    ).toBe(403);
  });

  it("presigns at most 20 uploads an hour, even when 30 are asked for at once", async () => {
    const person = await signedIn(api);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        youtube(person.cookie).upload_url.$post({ json: { fileName: "watch-history.json", size: 10 } }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(UPLOADS_PER_HOUR);
    const refused = answers.filter((a) => (a.status as number) === 429);
    expect(refused).toHaveLength(30 - UPLOADS_PER_HOUR);
    expect((await errorOf(refused[0]!)).error).toMatch(/^Too many imports\. Try again in \d+ minutes?\.$/);
    expect((await ImportEntity.query.byUser({ userId: person.userId }).go({ pages: "all" })).data).toHaveLength(
      UPLOADS_PER_HOUR,
    );
  });

  it("refuses to start an import whose file was never uploaded", async () => {
    const person = await signedIn(api);
    const { uploadId } = await presign(person, 100);
    const response = await youtube(person.cookie).upload.$post({ json: { uploadId } });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).error).toBe(WATCH_HISTORY_MESSAGES.uploadMissing);
  });

  it("is for the uploader only: another person's upload id is no upload of theirs, and signed-out calls are refused", async () => {
    const owner = await signedIn(api);
    const other = await signedIn(api);
    const file = takeoutFile({ entries: 20 });
    const uploadId = await uploaded(owner, file.bytes);
    const start = await youtube(other.cookie).upload.$post({ json: { uploadId } });
    expect(start.status).toBe(404);
    const read = await youtube(other.cookie).upload[":uploadId"].$get({ param: { uploadId } });
    expect(read.status).toBe(404);
    expect((await errorOf(read)).error).toBe(WATCH_HISTORY_MESSAGES.noSuchImport);
    // Nothing was queued for it: it still waits for its owner.
    await api.runtime.dispatcher.idle();
    expect((await stateOf(owner, uploadId)).status).toBe("waiting");
    expect(await keysUnder(`takeout/${owner.userId}/`)).toEqual([`takeout/${owner.userId}/${uploadId}.json`]);

    expect((await youtube().upload_url.$post({ json: { fileName: "a.json", size: 5 } })).status).toBe(401);
    expect((await youtube().upload.$post({ json: { uploadId } })).status).toBe(401);
    expect((await youtube().upload[":uploadId"].$get({ param: { uploadId } })).status).toBe(401);
    expect((await api.request("POST", "/api/youtube/to_db/videos", { body: { videoData: [aVideo(1)] } })).status).toBe(
      401,
    );
    expect((await api.request("DELETE", "/api/youtube/video", { body: { videoId: aVideo(1).id } })).status).toBe(401);
  });
});

describe("the videos a person keeps", () => {
  it("saves picks from an import, lists them newest first on the profile, and deletes one", async () => {
    const person = await signedIn(api);
    const file = takeoutFile({ entries: 300, seed: 17 });
    const { state } = await imported(person, file.bytes);
    const picks = state.topVideosByLatest.slice(0, 3);
    const first = await save(person, [picks[2]!]);
    expect(await first.json()).toEqual({ added: 1, skipped: 0, full: false });
    const rest = await save(person, picks);
    expect(await rest.json()).toEqual({ added: 2, skipped: 1, full: false });

    const videos = await listed(person.userId);
    expect(videos.map((v) => v.id).sort()).toEqual(picks.map((v) => v.id).sort());
    expect(videos.at(-1)!.id).toBe(picks[2]!.id);
    expect(videos.find((v) => v.id === picks[0]!.id)).toEqual({
      id: picks[0]!.id,
      title: picks[0]!.title,
      title_url: `https://www.youtube.com/watch?v=${picks[0]!.id}`,
      channel_name: picks[0]!.channel_name,
      channel_url: picks[0]!.channel_url,
    });
    expect((await WatchHistory.heldVideos(person.userId)).map((v) => v.id).sort()).toEqual(
      picks.map((v) => v.id).sort(),
    );
    expect((await holderCounts("video", [picks[0]!.id])).get(picks[0]!.id)).toBe(1);

    const deleted = await api.request("DELETE", "/api/youtube/video", {
      cookie: person.cookie,
      body: { videoId: picks[0]!.id },
    });
    expect(deleted.status).toBe(200);
    expect((await listed(person.userId)).map((v) => v.id)).not.toContain(picks[0]!.id);
    expect((await holderCounts("video", [picks[0]!.id])).get(picks[0]!.id)).toBeUndefined();
    const again = await api.request("DELETE", "/api/youtube/video", {
      cookie: person.cookie,
      body: { videoId: picks[0]!.id },
    });
    expect(again.status).toBe(404);
    expect((await errorOf(again)).error).toBe(WATCH_HISTORY_MESSAGES.noSuchVideo);
  });

  it("keeps only the id's own address and a YouTube channel address, never what the client sent", async () => {
    const person = await signedIn(api);
    await save(person, [{ ...aVideo(1), channel_url: "javascript:alert(1)" }]);
    expect(await listed(person.userId)).toEqual([
      {
        id: aVideo(1).id,
        title: "Video 1",
        title_url: `https://www.youtube.com/watch?v=${aVideo(1).id}`,
        channel_name: "Ada's Lab",
        channel_url: "",
      },
    ]);
  });

  it("refuses bad video lists with 400", async () => {
    const person = await signedIn(api);
    for (const videoData of [
      [],
      [{ ...aVideo(1), id: "short" }],
      [{ ...aVideo(1), title: " " }],
      Array.from({ length: 501 }, (_, i) => aVideo(i)),
    ]) {
      expect((await save(person, videoData)).status).toBe(400);
    }
    expect((await api.request("POST", "/api/youtube/to_db/videos", { cookie: person.cookie, body: {} })).status).toBe(
      400,
    );
  });

  it("marks the person's video interests changed on every save and delete", async () => {
    const person = await signedIn(api);
    const version = async () => {
      const [digest] = await readDigests([person.userId], ["video"]);
      return digest!.fresh ? -1 : digest!.version;
    };
    const before = await version();
    await save(person, [aVideo(1)]);
    const saved = await version();
    expect(saved).toBeGreaterThan(before);
    await api.request("DELETE", "/api/youtube/video", { cookie: person.cookie, body: { videoId: aVideo(1).id } });
    expect(await version()).toBeGreaterThan(saved);
  });

  it("keeps exactly 5,000 videos when 30 saves arrive at once near the cap", async () => {
    const person = await signedIn(api);
    await VideoCountEntity.put({ userId: person.userId, videos: VIDEOS_MAX - 7 }).go();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => save(person, [aVideo(2 * i, "c"), aVideo(2 * i + 1, "c")])),
    );
    const bodies = await Promise.all(answers.map((a) => a.json() as Promise<{ added?: number; code?: string }>));
    expect(bodies.reduce((sum, b) => sum + (b.added ?? 0), 0)).toBe(7);
    const refused = answers.filter((a) => a.status === 400);
    expect(refused.length).toBeGreaterThan(0);
    for (const body of bodies.filter((b) => b.added === undefined))
      expect(body).toMatchObject({ code: "limit_reached" });
    expect(await WatchHistory.videoCount(person.userId)).toBe(VIDEOS_MAX);
    expect((await VideoEntity.query.byUser({ userId: person.userId }).go({ pages: "all" })).data).toHaveLength(7);
  });

  it("counts each video and holder once when 30 saves of the same videos arrive at once", async () => {
    const person = await signedIn(api);
    const videos = Array.from({ length: 60 }, (_, i) => aVideo(i, "s"));
    const answers = await Promise.all(Array.from({ length: 30 }, () => save(person, videos)));
    const bodies = await Promise.all(answers.map((a) => a.json() as Promise<{ added: number }>));
    expect(bodies.reduce((sum, b) => sum + b.added, 0)).toBe(60);
    expect(await WatchHistory.videoCount(person.userId)).toBe(60);
    const holders = await holderCounts(
      "video",
      videos.map((v) => v.id),
    );
    expect([...holders.values()]).toEqual(Array.from({ length: 60 }, () => 1));
  });

  it("answers nothing of a hidden videos section to others, and everything to its owner", async () => {
    const person = await signedIn(api);
    const viewer = await signedIn(api);
    await save(person, [aVideo(1), aVideo(2)]);
    const hide = await as(person.cookie).users.profile_order.$post({
      json: {
        userId: person.userId,
        sectionOrder: DEFAULT_SECTION_ORDER.map((s) => ({ ...s, visible: s.id !== "youtubeVideos" })),
      },
    });
    expect(hide.status).toBe(200);
    expect(await listed(person.userId)).toEqual([]);
    expect(await listed(person.userId, viewer.cookie)).toEqual([]);
    expect(await listed(person.userId, person.cookie)).toHaveLength(2);
    expect((await publicPage(person.username)).youtubeVideos).toEqual([]);
  });

  it("shows the videos on the public page, newest kept first", async () => {
    const person = await signedIn(api);
    await save(person, [aVideo(1, "p")]);
    await save(person, [aVideo(2, "p")]);
    expect((await publicPage(person.username)).youtubeVideos.map((v) => v.id)).toEqual([
      aVideo(2, "p").id,
      aVideo(1, "p").id,
    ]);
  });
});

describe("account deletion", () => {
  it("removes the person's videos, their share of the holders, their imports and uploaded files", async () => {
    const stays = await signedIn(api);
    const leaves = await signedIn(api);
    await save(stays, [aVideo(1, "d")]);
    await save(leaves, [aVideo(1, "d"), aVideo(2, "d")]);
    await imported(leaves, takeoutFile({ entries: 20 }).bytes);
    // One file uploaded and never imported.
    await uploaded(leaves, takeoutFile({ entries: 5 }).bytes);
    expect(await keysUnder(`takeout/${leaves.userId}/`)).toHaveLength(1);

    const deleted = await api
      .client({ cookie: leaves.cookie, address: uniqueAddress() })
      .users.delete.$post({ json: { password: leaves.password } });
    expect(deleted.status).toBe(200);
    await expect
      .poll(() => Accounts.deletionProgress(leaves.userId), { timeout: 30_000, interval: 100 })
      .toBeUndefined();

    expect((await VideoEntity.query.byUser({ userId: leaves.userId }).go()).data).toEqual([]);
    expect((await ImportEntity.query.byUser({ userId: leaves.userId }).go()).data).toEqual([]);
    expect((await VideoCountEntity.get({ userId: leaves.userId }).go()).data).toBeNull();
    expect(await keysUnder(`takeout/${leaves.userId}/`)).toEqual([]);
    const holders = await holderCounts("video", [aVideo(1, "d").id, aVideo(2, "d").id]);
    expect(holders.get(aVideo(1, "d").id)).toBe(1);
    expect(holders.get(aVideo(2, "d").id)).toBeUndefined();
    expect(await listed(stays.userId)).toHaveLength(1);
  });
});
