import { describe, expect, it } from "vitest";
import {
  takeoutFile,
  takeoutHtml,
  takeoutJson,
  WORDINGS,
  type TakeoutLanguage,
} from "../../../../../tests/support/takeout.ts";
import { PROGRESS_EVERY_BYTES, TITLE_MAX, WATCH_HISTORY_MESSAGES } from "./rules.ts";
import { readTakeout, TakeoutError, type TakeoutSummary } from "./takeout.ts";

/** The file's bytes as they would arrive, `size` bytes at a time (so chunks split keys, escapes and characters). */
async function* pieces(bytes: Uint8Array, size: number, read?: { chunks: number }) {
  for (let at = 0; at < bytes.length; at += size) {
    if (read) read.chunks++;
    yield bytes.subarray(at, at + size);
  }
}

const encode = (text: string) => new TextEncoder().encode(text);
const LISTS = { latest: 200, mostWatched: 100, channels: 50 };
const read = (input: string | Uint8Array, size = 64 * 1024, options = {}) =>
  readTakeout(pieces(typeof input === "string" ? encode(input) : input, size), { ...LISTS, ...options });

async function refusal(input: string | Uint8Array, size?: number): Promise<string> {
  const error: unknown = await read(input, size).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TakeoutError);
  return (error as TakeoutError).message;
}

const entry = (fields: Record<string, unknown>) => ({
  header: "YouTube",
  time: "2026-05-01T10:00:00.000Z",
  products: ["YouTube"],
  activityControls: ["YouTube watch history"],
  ...fields,
});
const CHANNEL = { name: "Ada's Lab", url: "https://www.youtube.com/channel/UCaaaaaaaaaaaaaaaaaaaaaa" };

/** Every video the summary names agrees with what the generator put in the file. */
function expectMatches(summary: TakeoutSummary, file: ReturnType<typeof takeoutFile>) {
  expect(summary.entries).toBe(file.expected.entries);
  expect(summary.watches).toBe(file.expected.watches);
  expect(summary.videos).toBe(file.expected.videos.size);
  expect(summary.skipped).toEqual(file.expected.skipped);
  for (const video of [...summary.latest, ...summary.mostWatched]) {
    expect(video).toEqual(file.expected.videos.get(video.id));
  }
  const latest = [...file.expected.videos.values()].sort((a, b) => b.lastWatchedAt - a.lastWatchedAt);
  expect(summary.latest.map((v) => v.id)).toEqual(latest.slice(0, LISTS.latest).map((v) => v.id));
  const counts = summary.mostWatched.map((v) => v.watched);
  expect(counts).toEqual([...counts].sort((a, b) => b - a));
  expect(counts[0]).toBe(Math.max(...[...file.expected.videos.values()].map((v) => v.watched)));
  const channels = [...file.expected.channels.values()].sort((a, b) => b.watched - a.watched);
  for (const channel of summary.channels) expect(channel).toEqual(file.expected.channels.get(channel.url));
  expect(summary.channels[0]!.watched).toBe(channels[0]!.watched);
  expect(summary.channels).toHaveLength(Math.min(LISTS.channels, channels.length));
}

describe("reading a Takeout watch history", () => {
  it("counts each video's watches, its newest title and channel, and leaves out ads, removed videos and YouTube Music", async () => {
    const file = takeoutFile({
      entries: 3000,
      ads: 0.05,
      removed: 0.05,
      music: 0.05,
      titleIsUrl: 0.05,
      noChannel: 0.05,
    });
    expect(file.text).toContain("watch?v\\u003d");
    const summary = await read(file.bytes);
    expectMatches(summary, file);
    expect(summary.skipped.ads).toBeGreaterThan(0);
    expect(summary.skipped.removed).toBeGreaterThan(0);
    expect(summary.skipped.music).toBeGreaterThan(0);
    expect(summary.truncated).toBe(false);
    expect(summary.bytesRead).toBe(file.bytes.length);
  });

  it.each(["en", "de", "ja", "es", "fr", "pt"] satisfies TakeoutLanguage[])(
    "takes titles out of the %s export's wording, and ids from the addresses",
    async (language) => {
      const file = takeoutFile({ entries: 800, language, seed: 7 });
      const summary = await read(file.bytes);
      expectMatches(summary, file);
      expect(summary.latest.some((v) => /^Watched |angesehen|視聴|Has visto|regardé|Assistiu/.test(v.title))).toBe(
        false,
      );
    },
  );

  it("learns the wording of a language it has no table for from the file itself", async () => {
    // Made-up wordings: one before the title, one after, and one only an address-title reveals.
    const names = ["Kissat", "Sauna ja järvi", "Talvi 4K", "Revontulet", "Leipä", "Mökki"];
    const prefixed = Array.from({ length: 30 }, (_, i) =>
      entry({
        title: `Katsottu ${names[i % names.length]} ${i}`,
        titleUrl: `https://www.youtube.com/watch?v=aaaaaaaa${String(i).padStart(3, "0")}`,
      }),
    );
    expect((await read(takeoutJson(prefixed))).latest.map((v) => v.title)).toContain("Leipä 4");

    const suffixed = Array.from({ length: 30 }, (_, i) =>
      entry({
        title: `${names[i % names.length]} ${i} sett på`,
        titleUrl: `https://www.youtube.com/watch?v=bbbbbbbb${String(i).padStart(3, "0")}`,
      }),
    );
    expect((await read(takeoutJson(suffixed))).latest.map((v) => v.title)).toContain("Leipä 4");

    const url = "https://www.youtube.com/watch?v=cccccccc000";
    const revealed = [
      entry({ title: `看了${url}`, titleUrl: url }),
      entry({ title: "看了猫の動画", titleUrl: "https://www.youtube.com/watch?v=cccccccc001" }),
    ];
    expect((await read(takeoutJson(revealed))).latest.map((v) => v.title)).toEqual([url, "猫の動画"]);
  });

  it("takes each entry's known wording off in a file whose language changed, not only the wording most of it uses", async () => {
    // The account's language changed twice: newest entries in English, then German, then Japanese.
    const languages: TakeoutLanguage[] = ["en", "en", "en", "de", "de", "ja", "es", "fr", "pt", "en"];
    const entries = Array.from({ length: 40 }, (_, i) => {
      const language = languages[Math.floor((i * languages.length) / 40)]!;
      return entry({
        title: WORDINGS[language].watched(`Clip ${i}`),
        titleUrl: `https://www.youtube.com/watch?v=ffffffff${String(i).padStart(3, "0")}`,
      });
    });
    const titles = (await read(takeoutJson(entries))).latest.map((v) => v.title);
    expect(titles).toEqual(Array.from({ length: 40 }, (_, i) => `Clip ${i}`));
    // Where no language has half the file, each entry still loses its own.
    const even = (["en", "de", "ja"] as const).flatMap((language, l) =>
      Array.from({ length: 4 }, (_, i) =>
        entry({
          title: WORDINGS[language].watched(`Even ${l * 4 + i}`),
          titleUrl: `https://www.youtube.com/watch?v=gggggggg${String(l * 4 + i).padStart(3, "0")}`,
        }),
      ),
    );
    expect((await read(takeoutJson(even))).latest.map((v) => v.title)).toEqual(
      Array.from({ length: 12 }, (_, i) => `Even ${i}`),
    );
  });

  it("keeps a title whole when the file has no wording it knows or can learn", async () => {
    const entries = [
      entry({ title: "Mystery one", titleUrl: "https://www.youtube.com/watch?v=ddddddddd01" }),
      entry({ title: "Another mystery", titleUrl: "https://www.youtube.com/watch?v=ddddddddd02" }),
    ];
    expect((await read(takeoutJson(entries))).latest.map((v) => v.title)).toEqual(["Mystery one", "Another mystery"]);
  });

  it("tells ads, removed and private videos, Music plays and entries it cannot use apart", async () => {
    const entries = [
      entry({
        title: "Watched Buy now",
        titleUrl: "https://www.youtube.com/watch?v=eeeeeeeee01",
        details: [{ name: "From Google Ads" }],
      }),
      entry({ title: "Watched a video that has been removed" }),
      entry({ title: "Watched a private video", titleUrl: "https://www.youtube.com/watch?v=eeeeeeeee02" }),
      entry({
        header: "YouTube Music",
        title: "Watched Song",
        titleUrl: "https://music.youtube.com/watch?v=eeeeeeeee03",
      }),
      entry({ title: "Watched Song", titleUrl: "https://music.youtube.com/watch?v=eeeeeeeee04" }),
      entry({ title: "Watched a post", titleUrl: "https://www.youtube.com/post/Ugkxabc" }),
      entry({ title: "Watched no time", titleUrl: "https://www.youtube.com/watch?v=eeeeeeeee05", time: "yesterday" }),
      42,
      "text",
      null,
      [1, 2],
      entry({ title: "Watched Kept", titleUrl: "https://www.youtube.com/watch?v=eeeeeeeee06", subtitles: [CHANNEL] }),
      entry({ title: "Watched Short", titleUrl: "https://www.youtube.com/shorts/eeeeeeeee07" }),
    ];
    const summary = await read(takeoutJson(entries));
    expect(summary.entries).toBe(entries.length);
    expect(summary.skipped).toEqual({ ads: 1, removed: 2, music: 2, other: 6 });
    expect(summary.latest.map((v) => v.id)).toEqual(["eeeeeeeee06", "eeeeeeeee07"]);
    expect(summary.latest[0]).toMatchObject({ title: "Kept", channelName: CHANNEL.name, channelUrl: CHANNEL.url });
    expect(summary.latest[1]).toMatchObject({ title: "Short", channelName: "", channelUrl: "" });
    expect(summary.channels).toEqual([{ ...CHANNEL, watched: 1 }]);
  });

  it("reads a file that starts with a byte-order mark", async () => {
    const file = takeoutFile({ entries: 50 });
    const summary = await read(new Uint8Array([0xef, 0xbb, 0xbf, ...file.bytes]));
    expectMatches(summary, file);
  });

  it("reads the same whatever the pieces the bytes arrive in (split keys, escapes and characters)", async () => {
    const file = takeoutFile({ entries: 150, language: "ja", seed: 11 });
    const whole = await read(file.bytes, file.bytes.length);
    for (const size of [1, 3, 7, 64, 1000]) expect(await read(file.bytes, size)).toEqual(whole);
  });

  it("names Takeout's HTML export, with or without a byte-order mark, and says to choose JSON", async () => {
    expect(await refusal(takeoutHtml())).toBe(WATCH_HISTORY_MESSAGES.html);
    expect(await refusal(`\uFEFF${takeoutHtml()}`)).toBe(WATCH_HISTORY_MESSAGES.html);
    expect(await refusal(`\n  <html><body>Watched</body></html>`)).toBe(WATCH_HISTORY_MESSAGES.html);
    expect(WATCH_HISTORY_MESSAGES.html).toMatch(/JSON/);
  });

  it("refuses JSON cut short, text that is not JSON and JSON that is not a list, clearly", async () => {
    const file = takeoutFile({ entries: 40 });
    expect(await refusal(file.bytes.subarray(0, Math.floor(file.bytes.length / 2)), 999)).toBe(
      WATCH_HISTORY_MESSAGES.notJson,
    );
    expect(await refusal(file.text.slice(0, -1))).toBe(WATCH_HISTORY_MESSAGES.notJson);
    expect(await refusal("")).toBe(WATCH_HISTORY_MESSAGES.notJson);
    expect(await refusal("hello")).toBe(WATCH_HISTORY_MESSAGES.notJson);
    expect(await refusal(`${file.text} []`)).toBe(WATCH_HISTORY_MESSAGES.notJson);
    expect(await refusal('[{"title": "x",}]')).toBe(WATCH_HISTORY_MESSAGES.notJson);
    expect(await refusal('{"history": []}')).toBe(WATCH_HISTORY_MESSAGES.notHistory);
    expect(await refusal('"Watched"')).toBe(WATCH_HISTORY_MESSAGES.notHistory);
    expect(await refusal("42")).toBe(WATCH_HISTORY_MESSAGES.notHistory);
  });

  it("answers an empty list as an empty history", async () => {
    expect(await read("[]")).toMatchObject({ entries: 0, watches: 0, latest: [], mostWatched: [], channels: [] });
  });

  it("stops at the entry cap without reading the rest of the file", async () => {
    const file = takeoutFile({ entries: 2000 });
    const chunks = { chunks: 0 };
    const summary = await readTakeout(pieces(file.bytes, 1024, chunks), { ...LISTS, maxEntries: 100 });
    expect(summary).toMatchObject({ entries: 100, truncated: true });
    expect(chunks.chunks).toBeLessThan(Math.ceil(file.bytes.length / 1024) / 5);
  });

  it("tells its progress each time another megabyte was read", async () => {
    const file = takeoutFile({ targetBytes: 3.5 * PROGRESS_EVERY_BYTES });
    const progress: Array<{ bytesRead: number; entries: number }> = [];
    await readTakeout(pieces(file.bytes, 64 * 1024), { ...LISTS, onProgress: (p) => void progress.push(p) });
    expect(progress.map((p) => Math.floor(p.bytesRead / PROGRESS_EVERY_BYTES))).toEqual([1, 2, 3]);
    expect(progress[2]!.entries).toBeGreaterThan(progress[0]!.entries);
  });

  it("keeps only the head of an overlong string, and refuses nesting no Takeout has", async () => {
    const long = "Ω".repeat(2_000_000);
    const summary = await read(
      takeoutJson([
        entry({ title: `Watched ${long}`, titleUrl: "https://www.youtube.com/watch?v=fffffffff01", junk: long }),
      ]),
    );
    expect(summary.latest[0]!.title.length).toBeLessThanOrEqual(TITLE_MAX);
    expect(await refusal(`[${"[".repeat(5000)}${"]".repeat(5000)}]`)).toBe(WATCH_HISTORY_MESSAGES.notHistory);
  });
});
