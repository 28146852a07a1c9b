import { describe, expect, it } from "vitest";
import {
  NOT_SUBSCRIPTIONS,
  NO_SUBSCRIPTIONS,
  WATCH_HISTORY_INVALID,
  bytesText,
  parseSubscriptions,
  percent,
  watchHistoryProblem,
} from "./takeout.ts";

const MB = 1024 * 1024;
const id = (n: number) => `UC${String(n).padStart(22, "x")}`;

describe("a watch history file", () => {
  it("is a .json of 1 byte to 15 MB", () => {
    expect(watchHistoryProblem({ name: "watch-history.json", size: 15 * MB })).toBeNull();
    expect(watchHistoryProblem({ name: "Watch-History.JSON", size: 10 })).toBeNull();
    expect(watchHistoryProblem({ name: "watch-history.json", size: 15 * MB + 1 })).toBe(WATCH_HISTORY_INVALID);
    expect(watchHistoryProblem({ name: "watch-history.json", size: 0 })).toBe(WATCH_HISTORY_INVALID);
    expect(watchHistoryProblem({ name: "watch-history.html", size: 10 })).toBe(WATCH_HISTORY_INVALID);
    expect(watchHistoryProblem({ name: "watch-history.json.zip", size: 10 })).toBe(WATCH_HISTORY_INVALID);
    expect(WATCH_HISTORY_INVALID).toBe("Please upload a valid .json file (max 15MB).");
  });
});

describe("a subscriptions.csv", () => {
  it("gives each channel with its address and title, quoted cells and a byte-order mark included", () => {
    const csv = `\uFEFFChannel Id,Channel Url,Channel Title\r\n${id(1)},http://www.youtube.com/channel/${id(1)},"Talks, and more"\r\n${id(2)},,Plain\r\n`;
    const parsed = parseSubscriptions(csv);
    expect(parsed).toEqual({
      ok: true,
      skipped: 0,
      rows: [
        { channelId: id(1), channelUrl: `http://www.youtube.com/channel/${id(1)}`, channelTitle: "Talks, and more" },
        { channelId: id(2), channelUrl: `https://www.youtube.com/channel/${id(2)}`, channelTitle: "Plain" },
      ],
    });
  });

  it("skips rows without a channel id and repeats of one", () => {
    const csv = [
      "Channel Id,Channel Url,Channel Title",
      `${id(1)},u,A`,
      "not-an-id,u,B",
      `${id(1)},u,A again`,
      ",,",
    ].join("\n");
    const parsed = parseSubscriptions(csv);
    expect(parsed.ok && parsed.rows.map((r) => r.channelTitle)).toEqual(["A"]);
    expect(parsed.ok && parsed.skipped).toBe(2);
  });

  it("reads a header in another language by its columns' places", () => {
    const parsed = parseSubscriptions(`Kanal-ID,Kanal-URL,Kanaltitel\n${id(3)},u,Drei\n`);
    expect(parsed.ok && parsed.rows).toEqual([{ channelId: id(3), channelUrl: "u", channelTitle: "Drei" }]);
  });

  it("refuses another export, and an empty one", () => {
    expect(parseSubscriptions("Book Id,Title,Author,My Rating\n1,Dune,Frank Herbert,5\n")).toEqual({
      ok: false,
      error: NOT_SUBSCRIPTIONS,
    });
    expect(parseSubscriptions(`${id(1)},u,A\n`)).toEqual({ ok: false, error: NOT_SUBSCRIPTIONS });
    expect(parseSubscriptions("")).toEqual({ ok: false, error: NO_SUBSCRIPTIONS });
    expect(parseSubscriptions("Channel Id,Channel Url,Channel Title\n")).toEqual({
      ok: false,
      error: NO_SUBSCRIPTIONS,
    });
  });
});

describe("progress", () => {
  it("reads sizes and shares", () => {
    expect(bytesText(512)).toBe("1 KB");
    expect(bytesText(845 * 1024)).toBe("845 KB");
    expect(bytesText(1.25 * MB)).toBe("1.3 MB");
    expect(percent(1, 4)).toBe(25);
    expect(percent(5, 4)).toBe(100);
    expect(percent(0, 0)).toBe(100);
  });
});
