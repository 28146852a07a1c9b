import { getManyValues, isMany, none } from "stream-chain/defs.js";
import { jsonParser, type Token } from "stream-json/core/parser.js";
import {
  CHANNEL_NAME_MAX,
  channelUrlOf,
  cut,
  isAdDetail,
  isGoneTitle,
  isMusicUrl,
  learnTitleWording,
  PROGRESS_EVERY_BYTES,
  TAKEOUT_ENTRIES_MAX,
  TITLE_MAX,
  titleWithout,
  videoIdOf,
  videoUrl,
  WATCH_HISTORY_MESSAGES,
} from "./rules.ts";

/**
 * Reads a Google Takeout `watch-history.json` as its bytes arrive, never holding the file: the
 * tokenizer (stream-json's) turns each chunk into tokens, and a small state machine keeps only
 * the fields of the entry it is in (header, title, titleUrl, time, the first subtitle, the
 * details' names), each cut to a few hundred characters, so a hostile file cannot grow memory
 * beyond the running summary. What it keeps per video is bounded by the entries it reads.
 */

/** Something in the file the person must fix: the message says what. */
export class TakeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TakeoutError";
  }
}

export interface TakeoutProgress {
  bytesRead: number;
  entries: number;
}

export interface WatchedVideo {
  id: string;
  title: string;
  channelName: string;
  channelUrl: string;
  watched: number;
  /** Epoch ms. */
  lastWatchedAt: number;
}

export interface WatchedChannel {
  name: string;
  url: string;
  watched: number;
}

export interface TakeoutSummary {
  /** Entries read (every element of the file's list, kept or skipped). */
  entries: number;
  /** Watches of videos counted. */
  watches: number;
  /** Different videos watched. */
  videos: number;
  skipped: { ads: number; removed: number; music: number; other: number };
  /** Whether the file held more entries than are read (`TAKEOUT_ENTRIES_MAX`). */
  truncated: boolean;
  bytesRead: number;
  /** Videos by when last watched, newest first. */
  latest: WatchedVideo[];
  /** Videos by how often watched, then newest. */
  mostWatched: WatchedVideo[];
  channels: WatchedChannel[];
}

export interface ReadOptions {
  /** Called (and awaited) each time another `PROGRESS_EVERY_BYTES` were read. */
  onProgress?: (progress: TakeoutProgress) => Promise<void> | void;
  maxEntries?: number;
  latest: number;
  mostWatched: number;
  channels: number;
}

/** The fields of one entry the import reads; each string cut to its cap. */
interface Entry {
  header?: string;
  title?: string;
  titleUrl?: string;
  time?: string;
  subtitleName?: string;
  subtitleUrl?: string;
  ad: boolean;
  isObject: boolean;
}

const DETAIL_NAME_MAX = 100;
/** Nesting deeper than this is no Takeout (its entries are three levels deep). */
const DEPTH_MAX = 64;
/** Titles the wording around titles is learned from. */
const WORDING_SAMPLES = 500;

type Frame = { type: "object"; key: string | undefined; index: number } | { type: "array"; index: number };

/**
 * Where a string being read goes: a field of the entry, or a detail's name (an ad's mark). Each
 * keeps at most so many characters (longer ones are cut; strings nowhere here are never kept).
 */
type Target = "header" | "title" | "titleUrl" | "time" | "subtitleName" | "subtitleUrl" | "detail";
const TARGET_MAX: Record<Target, number> = {
  header: 100,
  title: TITLE_MAX + 100,
  titleUrl: 300,
  time: 64,
  subtitleName: CHANNEL_NAME_MAX,
  subtitleUrl: 300,
  detail: DETAIL_NAME_MAX,
};
const ENTRY_FIELDS: Record<string, Target> = { header: "header", title: "title", titleUrl: "titleUrl", time: "time" };
const SUBTITLE_FIELDS: Record<string, Target> = { name: "subtitleName", url: "subtitleUrl" };

export async function readTakeout(chunks: AsyncIterable<Uint8Array>, options: ReadOptions): Promise<TakeoutSummary> {
  const maxEntries = options.maxEntries ?? TAKEOUT_ENTRIES_MAX;
  // A flushable: called with each piece of text, then with `none` for the end of the input.
  const tokenize = jsonParser({ packValues: false, streamValues: true }) as unknown as (
    text: string | typeof none,
  ) => unknown;
  // A byte-order mark is dropped by the decoder; bytes that are not UTF-8 become U+FFFD.
  const decoder = new TextDecoder("utf-8");
  const summary = new Summary();

  let bytesRead = 0;
  let nextProgress = PROGRESS_EVERY_BYTES;
  let started = false;
  let finished = false;
  let truncated = false;

  const stack: Frame[] = [];
  let entry: Entry | undefined;
  /** The string being read, when the import keeps it: where it goes and what was read of it. */
  let target: Target | undefined;
  let text = "";
  let keyText: string | undefined;

  const top = () => stack[stack.length - 1];

  /** Where a string that starts now belongs, when it is one the import reads. */
  const targetOf = (): Target | undefined => {
    if (!entry?.isObject) return undefined;
    const depth = stack.length;
    const frame = stack[depth - 1]!;
    if (frame.type !== "object" || !frame.key) return undefined;
    // A field of the entry: [ {field: "…"} ]
    if (depth === 2) return Object.hasOwn(ENTRY_FIELDS, frame.key) ? ENTRY_FIELDS[frame.key] : undefined;
    // A field of the first subtitle, or a detail's name: [ {subtitles: [ {name: "…"} ]} ]
    if (depth === 4) {
      const list = stack[2]!;
      const field = (stack[1] as { key?: string }).key;
      if (field === "subtitles" && list.index === 0 && Object.hasOwn(SUBTITLE_FIELDS, frame.key)) {
        return SUBTITLE_FIELDS[frame.key];
      }
      if (field === "details" && frame.key === "name") return "detail";
    }
    return undefined;
  };

  const keep = (value: string) => {
    const e = entry!;
    switch (target) {
      case "detail":
        if (isAdDetail(value)) e.ad = true;
        return;
      case undefined:
        return;
      default:
        e[target] = value;
    }
  };

  /** A value (of any kind) starts inside the current container. */
  const valueStarts = () => {
    const frame = top();
    if (!frame) {
      if (started) throw new TakeoutError(WATCH_HISTORY_MESSAGES.notJson);
      started = true;
      return;
    }
    if (stack.length === 1 && frame.type === "array") {
      entry = { ad: false, isObject: false };
    }
  };

  /** A value ends inside the current container: an entry ends when it was the list's. */
  const valueEnds = () => {
    const frame = top();
    if (!frame) return;
    if (stack.length === 1 && frame.type === "array") {
      summary.add(entry!);
      entry = undefined;
      frame.index++;
      if (summary.entries >= maxEntries) throw new EnoughEntries();
    } else if (frame.type === "array") frame.index++;
    else frame.key = undefined;
  };

  const onToken = (token: Token) => {
    switch (token.name) {
      case "startObject":
      case "startArray": {
        if (stack.length === 0 && token.name === "startObject")
          throw new TakeoutError(WATCH_HISTORY_MESSAGES.notHistory);
        valueStarts();
        if (stack.length === 1 && entry && token.name === "startObject") entry.isObject = true;
        if (stack.length >= DEPTH_MAX) throw new TakeoutError(WATCH_HISTORY_MESSAGES.notHistory);
        stack.push(
          token.name === "startObject" ? { type: "object", key: undefined, index: 0 } : { type: "array", index: 0 },
        );
        return;
      }
      case "endObject":
      case "endArray":
        stack.pop();
        if (stack.length === 0) {
          finished = true;
          return;
        }
        valueEnds();
        return;
      case "startKey":
        keyText = "";
        return;
      case "endKey": {
        const frame = top();
        if (frame?.type === "object") frame.key = keyText;
        keyText = undefined;
        return;
      }
      case "startString":
        if (stack.length === 0) throw new TakeoutError(WATCH_HISTORY_MESSAGES.notHistory);
        valueStarts();
        target = targetOf();
        text = "";
        return;
      case "stringChunk":
        if (keyText !== undefined) {
          if (keyText.length < 64) keyText += token.value;
        } else if (target && text.length < TARGET_MAX[target]) {
          text += token.value;
        }
        return;
      case "endString":
        if (target) keep(cut(text, TARGET_MAX[target]));
        target = undefined;
        text = "";
        valueEnds();
        return;
      case "startNumber":
      case "nullValue":
      case "trueValue":
      case "falseValue":
        if (stack.length === 0) throw new TakeoutError(WATCH_HISTORY_MESSAGES.notHistory);
        valueStarts();
        if (token.name !== "startNumber") valueEnds();
        return;
      case "endNumber":
        valueEnds();
        return;
      default:
        return;
    }
  };

  const feed = (text: string | typeof none) => {
    let out: unknown;
    try {
      out = tokenize(text);
    } catch {
      throw new TakeoutError(WATCH_HISTORY_MESSAGES.notJson);
    }
    if (out === none || out === undefined) return;
    const tokens = isMany(out) ? (getManyValues(out) as Token[]) : [out as Token];
    for (const token of tokens) onToken(token);
  };

  let first = true;
  try {
    for await (const chunk of chunks) {
      bytesRead += chunk.byteLength;
      const text = decoder.decode(chunk, { stream: true });
      if (first && text.trim() !== "") {
        first = false;
        checkStart(text);
      }
      feed(text);
      if (bytesRead >= nextProgress && options.onProgress) {
        nextProgress = (Math.floor(bytesRead / PROGRESS_EVERY_BYTES) + 1) * PROGRESS_EVERY_BYTES;
        await options.onProgress({ bytesRead, entries: summary.entries });
      }
    }
    const rest = decoder.decode();
    if (first && rest.trim() !== "") checkStart(rest);
    if (rest) feed(rest);
    feed(none);
    if (!finished) throw new TakeoutError(WATCH_HISTORY_MESSAGES.notJson);
  } catch (error) {
    if (!(error instanceof EnoughEntries)) throw error;
    truncated = true;
  }
  return summary.finish({ ...options, bytesRead, truncated });
}

/** Thrown inside the reader once it has read as many entries as it may. */
class EnoughEntries extends Error {}

/** The first characters of the file: Takeout's HTML export is named at once, not as broken JSON. */
function checkStart(text: string) {
  const start = text.trimStart();
  if (start.startsWith("<")) throw new TakeoutError(WATCH_HISTORY_MESSAGES.html);
  if (start.startsWith("{")) throw new TakeoutError(WATCH_HISTORY_MESSAGES.notHistory);
  if (!start.startsWith("[")) {
    // A lone string, number or literal is JSON but no list; anything else is not JSON.
    if (/^["\d-]|^(true|false|null)\b/.test(start)) throw new TakeoutError(WATCH_HISTORY_MESSAGES.notHistory);
    throw new TakeoutError(WATCH_HISTORY_MESSAGES.notJson);
  }
}

/** The running tallies: one record per video and channel seen, whatever the file's length. */
class Summary {
  entries = 0;
  watches = 0;
  readonly skipped = { ads: 0, removed: 0, music: 0, other: 0 };
  private readonly videos = new Map<string, WatchedVideo & { titleIsUrl: boolean; latestTitleAt: number }>();
  private readonly channels = new Map<string, WatchedChannel>();
  private readonly samples: Array<{ title: string; url: string }> = [];

  add(entry: Entry) {
    this.entries++;
    if (!entry.isObject) {
      this.skipped.other++;
      return;
    }
    if (entry.ad) {
      this.skipped.ads++;
      return;
    }
    if (entry.header === "YouTube Music" || (entry.titleUrl && isMusicUrl(entry.titleUrl))) {
      this.skipped.music++;
      return;
    }
    if (!entry.titleUrl || (entry.title && isGoneTitle(entry.title))) {
      this.skipped.removed++;
      return;
    }
    const id = videoIdOf(entry.titleUrl);
    const time = entry.time ? Date.parse(entry.time) : NaN;
    if (!id || !Number.isFinite(time)) {
      this.skipped.other++;
      return;
    }
    const title = entry.title ?? "";
    if (this.samples.length < WORDING_SAMPLES && title)
      this.samples.push({ title: own(title), url: own(entry.titleUrl) });
    this.watches++;
    const titleIsUrl = title === "" || title.includes(entry.titleUrl);
    const channelName = (entry.subtitleName ?? "").trim();
    const channelUrl = entry.subtitleUrl ? channelUrlOf(entry.subtitleUrl) : "";

    const video = this.videos.get(id);
    if (!video) {
      const kept = own(id);
      this.videos.set(kept, {
        id: kept,
        title: own(title),
        channelName: own(channelName),
        channelUrl: own(channelUrl),
        watched: 1,
        lastWatchedAt: time,
        titleIsUrl,
        latestTitleAt: time,
      });
    } else {
      video.watched++;
      // The newest known title and channel win; an entry without a title never replaces one with it.
      if ((video.titleIsUrl && !titleIsUrl) || (time > video.latestTitleAt && (!titleIsUrl || video.titleIsUrl))) {
        video.title = own(title);
        video.titleIsUrl = titleIsUrl;
        video.latestTitleAt = time;
        if (channelName) video.channelName = own(channelName);
        if (channelUrl) video.channelUrl = own(channelUrl);
      }
      // An older entry names the channel the newer ones left out.
      if (!video.channelName && !video.channelUrl && (channelName || channelUrl)) {
        video.channelName = own(channelName);
        video.channelUrl = own(channelUrl);
      }
      if (time > video.lastWatchedAt) video.lastWatchedAt = time;
    }

    if (channelName || channelUrl) {
      const key = channelUrl || `name:${channelName}`;
      const channel = this.channels.get(key);
      if (channel) {
        channel.watched++;
        if (channelName && channel.name !== channelName) channel.name = own(channelName);
      } else this.channels.set(own(key), { name: own(channelName), url: own(channelUrl), watched: 1 });
    }
  }

  finish(options: ReadOptions & { bytesRead: number; truncated: boolean }): TakeoutSummary {
    const wording = learnTitleWording(this.samples);
    const all = [...this.videos.values()];
    const shown = (v: (typeof all)[number]): WatchedVideo => ({
      id: v.id,
      title: cut(v.title ? titleWithout(v.title, wording) : videoUrl(v.id), TITLE_MAX),
      channelName: cut(v.channelName, CHANNEL_NAME_MAX),
      channelUrl: v.channelUrl,
      watched: v.watched,
      lastWatchedAt: v.lastWatchedAt,
    });
    const latest = top(all, options.latest, (a, b) => b.lastWatchedAt - a.lastWatchedAt || cmp(a.id, b.id));
    const mostWatched = top(
      all,
      options.mostWatched,
      (a, b) => b.watched - a.watched || b.lastWatchedAt - a.lastWatchedAt || cmp(a.id, b.id),
    );
    const channels = top(
      [...this.channels.values()],
      options.channels,
      (a, b) => b.watched - a.watched || cmp(a.name, b.name),
    );
    return {
      entries: this.entries,
      watches: this.watches,
      videos: this.videos.size,
      skipped: { ...this.skipped },
      truncated: options.truncated,
      bytesRead: options.bytesRead,
      latest: latest.map(shown),
      mostWatched: mostWatched.map(shown),
      channels: channels.map((c) => ({ ...c, name: cut(c.name, CHANNEL_NAME_MAX) })),
    };
  }
}

/**
 * A copy of `text` that shares no memory with the text it was cut from: V8 keeps a piece of a
 * string as a view into the whole, so a title kept as read would keep the whole chunk of the file
 * it came from (and, over a file's thousands of videos, the whole file).
 */
const own = (text: string) => (text === "" ? "" : Buffer.from(text, "utf8").toString("utf8"));

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The first `n` of `items` in `order` (a sort of the whole: the lists are at most some 100,000). */
function top<T>(items: T[], n: number, order: (a: T, b: T) => number): T[] {
  return [...items].sort(order).slice(0, n);
}
