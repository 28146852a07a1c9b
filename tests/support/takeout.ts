import { mulberry32, zipf } from "../bench/random.ts";

/**
 * Google Takeout `watch-history.json` files as Takeout writes them, for tests and the bench:
 * pretty-printed with two spaces, newest entry first, `=`, `&` and `'` written as `\u003d`,
 * `\u0026` and `\u0027`, in the person's language ("Watched …", "… angesehen", "… を視聴しました"),
 * with ads ("From Google Ads"), removed and private videos (no `titleUrl`), YouTube Music plays,
 * entries whose title is only their address, and entries with no channel. The same options
 * always give the same file, and `expected` says what an import of it must find.
 */

export type TakeoutLanguage = "en" | "de" | "ja" | "es" | "fr" | "pt";

/** How each language words "watched <title>", and how it words a removed video. */
export const WORDINGS: Record<TakeoutLanguage, { watched: (title: string) => string; removed: string }> = {
  en: { watched: (t) => `Watched ${t}`, removed: "Watched a video that has been removed" },
  de: { watched: (t) => `${t} angesehen`, removed: "Ein Video, das entfernt wurde, angesehen" },
  ja: { watched: (t) => `${t} を視聴しました`, removed: "削除された動画を視聴しました" },
  es: { watched: (t) => `Has visto ${t}`, removed: "Has visto un vídeo que se ha eliminado" },
  fr: { watched: (t) => `Vous avez regardé ${t}`, removed: "Vous avez regardé une vidéo qui a été supprimée" },
  pt: { watched: (t) => `Assistiu a ${t}`, removed: "Assistiu a um vídeo que foi removido" },
};

export interface TakeoutEntry {
  header: string;
  title: string;
  titleUrl?: string;
  subtitles?: Array<{ name: string; url: string }>;
  details?: Array<{ name: string }>;
  time: string;
  products: string[];
  activityControls: string[];
}

export interface TakeoutOptions {
  /** Entries in the file; or, with `targetBytes`, as many as fit in that many bytes. */
  entries?: number;
  targetBytes?: number;
  language?: TakeoutLanguage;
  seed?: number;
  /** Shares of entries (0..1) that are ads, removed or private, YouTube Music, title-less, channel-less. */
  ads?: number;
  removed?: number;
  music?: number;
  titleIsUrl?: number;
  noChannel?: number;
  /** Different videos and channels drawn from (watched with a Zipf skew: some often, most once). */
  videos?: number;
  channels?: number;
  /** The newest entry's time (epoch ms); each older one is a few minutes before. */
  newest?: number;
}

export interface ExpectedVideo {
  id: string;
  title: string;
  channelName: string;
  channelUrl: string;
  watched: number;
  lastWatchedAt: number;
}

export interface Takeout {
  text: string;
  bytes: Uint8Array;
  entries: TakeoutEntry[];
  expected: {
    entries: number;
    watches: number;
    skipped: { ads: number; removed: number; music: number; other: number };
    videos: Map<string, ExpectedVideo>;
    channels: Map<string, { name: string; url: string; watched: number }>;
  };
}

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const TOPICS = [
  "Sourdough starter from scratch",
  "Why bridges don't fall down",
  "Learn Rust in a weekend",
  "The history of the printing press",
  "Beginner watercolour landscapes",
  "Tiny house tour: 20 m² & a loft",
  "How GPS really works",
  "Chess openings you'll actually use",
  "Cooking dal with my grandmother",
  "Fixing a bike's rear derailleur",
  "The maths of juggling",
  "Live at the jazz café — full set",
  "Ремонт старого радио",
  "京都の朝散歩 4K",
  "Cómo hacer pan sin amasar",
  "La physique des bulles de savon",
  "Warum Züge Verspätung haben",
  "Documentário: a Amazônia vista de cima",
  "मसाला चाय बनाने का तरीका",
  "Минута физики: чёрные дыры",
];
const CHANNEL_WORDS = [
  "Studio",
  "Lab",
  "Kitchen",
  "Explained",
  "Daily",
  "Academy",
  "Workshop",
  "Radio",
  "Travels",
  "Notes",
];

function idFrom(random: () => number, length: number): string {
  let id = "";
  for (let i = 0; i < length; i++) id += ID_ALPHABET[Math.floor(random() * 64)];
  return id;
}

/** JSON as Takeout writes it: two-space indents, and `=`, `&`, `'` as \u escapes. */
export function takeoutJson(entries: unknown[]): string {
  return JSON.stringify(entries, null, 2).replace(/=/g, "\\u003d").replace(/&/g, "\\u0026").replace(/'/g, "\\u0027");
}

export function takeoutFile(options: TakeoutOptions = {}): Takeout {
  const random = mulberry32(options.seed ?? 21);
  const language = options.language ?? "en";
  const wording = WORDINGS[language];
  const channelCount = options.channels ?? 300;
  const videoCount = options.videos ?? 20_000;
  const channels = Array.from({ length: channelCount }, (_, i) => ({
    name: `${TOPICS[i % TOPICS.length]!.split(" ")[0]} ${CHANNEL_WORDS[i % CHANNEL_WORDS.length]} ${i}`,
    url: `https://www.youtube.com/channel/UC${idFrom(random, 22)}`,
  }));
  const videos = Array.from({ length: videoCount }, (_, i) => ({
    id: idFrom(random, 11),
    title: `${TOPICS[i % TOPICS.length]} #${i}`,
    channel: channels[Math.floor(random() * channelCount)]!,
  }));
  const pickVideo = zipf(videoCount, 0.9, random);

  const entries: TakeoutEntry[] = [];
  const expected: Takeout["expected"] = {
    entries: 0,
    watches: 0,
    skipped: { ads: 0, removed: 0, music: 0, other: 0 },
    videos: new Map(),
    channels: new Map(),
  };
  let time = options.newest ?? Date.UTC(2026, 5, 1, 20, 0, 0);
  const base = { products: ["YouTube"], activityControls: ["YouTube watch history"] };
  const target = options.targetBytes;
  const limit = options.entries ?? (target ? Infinity : 500);
  // Bytes so far: each entry pretty-printed inside the list, with its separator.
  let bytes = 4;

  while (entries.length < limit) {
    time -= 60_000 + Math.floor(random() * 20 * 60_000);
    const iso = new Date(time).toISOString();
    const roll = random();
    let entry: TakeoutEntry;
    let kind: "ad" | "removed" | "music" | "video";
    let watched: { video: (typeof videos)[number]; bare: boolean; noChannel: boolean; url: string } | undefined;
    let cut = options.ads ?? 0.03;
    if (roll < cut) {
      const id = idFrom(random, 11);
      kind = "ad";
      entry = {
        header: "YouTube",
        title: wording.watched(`Try our new app today ${id}`),
        titleUrl: `https://www.youtube.com/watch?v=${id}`,
        details: [{ name: "From Google Ads" }],
        time: iso,
        products: ["YouTube"],
        activityControls: ["Web & App Activity", "YouTube watch history", "YouTube search history"],
      };
    } else if (roll < (cut += options.removed ?? 0.02)) {
      kind = "removed";
      entry = { header: "YouTube", title: wording.removed, time: iso, ...base };
    } else if (roll < (cut += options.music ?? 0.05)) {
      const id = idFrom(random, 11);
      kind = "music";
      entry = {
        header: "YouTube Music",
        title: wording.watched(`Song ${id}`),
        titleUrl: `https://music.youtube.com/watch?v=${id}`,
        subtitles: [{ name: "Some Artist - Topic", url: channels[0]!.url }],
        time: iso,
        products: ["YouTube"],
        activityControls: ["YouTube watch history"],
      };
    } else {
      kind = "video";
      const video = videos[pickVideo()]!;
      const url = `https://www.youtube.com/watch?v=${video.id}`;
      const bare = random() < (options.titleIsUrl ?? 0.01);
      const noChannel = bare || random() < (options.noChannel ?? 0.01);
      entry = {
        header: "YouTube",
        title: wording.watched(bare ? url : video.title),
        titleUrl: url,
        ...(noChannel ? {} : { subtitles: [{ name: video.channel.name, url: video.channel.url }] }),
        time: iso,
        ...base,
      };
      watched = { video, bare, noChannel, url };
    }
    // The entry as it sits in the list ("[\n" and "\n]" around it), and the ",\n" before it.
    const size = Buffer.byteLength(takeoutJson([entry])) - 4 + (entries.length > 0 ? 2 : 0);
    if (target && bytes + size > target) break;
    bytes += size;
    entries.push(entry);
    expected.entries++;
    if (kind === "ad") expected.skipped.ads++;
    else if (kind === "removed") expected.skipped.removed++;
    else if (kind === "music") expected.skipped.music++;
    if (watched) {
      const { video, bare, noChannel, url } = watched;
      expected.watches++;
      // The newest entry naming its title and its channel say them; one with only an address never does.
      const seen = expected.videos.get(video.id);
      if (seen) {
        seen.watched++;
        if (!bare) seen.title = video.title;
        if (!noChannel) Object.assign(seen, { channelName: video.channel.name, channelUrl: video.channel.url });
      } else
        expected.videos.set(video.id, {
          id: video.id,
          title: bare ? url : video.title,
          channelName: noChannel ? "" : video.channel.name,
          channelUrl: noChannel ? "" : video.channel.url,
          watched: 1,
          lastWatchedAt: time,
        });
      if (!noChannel) {
        const channel = expected.channels.get(video.channel.url);
        if (channel) channel.watched++;
        else expected.channels.set(video.channel.url, { ...video.channel, watched: 1 });
      }
    }
  }
  const text = takeoutJson(entries);
  return { text, bytes: new TextEncoder().encode(text), entries, expected };
}

/** Takeout's HTML export of the same history ("HTML" is Takeout's default format). */
export function takeoutHtml(entries = 3): string {
  const cells = Array.from(
    { length: entries },
    (_, i) =>
      `<div class="outer-cell mdl-cell mdl-cell--12-col mdl-shadow--2dp"><div class="mdl-grid"><div class="header-cell mdl-cell mdl-cell--12-col"><p class="mdl-typography--title">YouTube<br></p></div><div class="content-cell mdl-cell mdl-cell--6-col mdl-typography--body-1">Watched&nbsp;<a href="https://www.youtube.com/watch?v=abcdefghij${i}">A video ${i}</a><br><a href="https://www.youtube.com/channel/UC0000000000000000000000">A channel</a><br>Jun 1, 2026, 8:00:00 PM UTC<br></div></div></div>`,
  ).join("");
  return `<!DOCTYPE html>\n<html><head><meta charset="UTF-8"><title>Watch history</title></head><body><div class="mdl-grid">${cells}</div></body></html>`;
}
