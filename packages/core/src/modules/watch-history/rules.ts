/**
 * YouTube watch history: the limits and messages of a Google Takeout import and of the videos a
 * person keeps, and the pure readings of a Takeout entry (which video, which channel, the title
 * without the export's "Watched …" wording). The server enforces these; the media tab shows them.
 */

/** A Takeout `watch-history.json` is at most this long (the presigned upload's policy holds it at the bucket). */
export const TAKEOUT_MAX_BYTES = 15 * 1024 * 1024;
/** How long a presigned upload stays usable. */
export const UPLOAD_SECONDS = 10 * 60;
/** Entries of one file read at most; the rest are left out (a 15 MB export holds some 40,000). */
export const TAKEOUT_ENTRIES_MAX = 100_000;
/** The import's progress is written each time this many more bytes were read. */
export const PROGRESS_EVERY_BYTES = 1024 * 1024;
/** Videos a person keeps at most (held under parallel saves). */
export const VIDEOS_MAX = 5000;
/** Videos one `to_db/videos` call may send. */
export const VIDEO_BATCH_MAX = 500;
/** What an import's summary keeps: the latest videos, the most watched, the most watched channels. */
export const SUMMARY_LATEST = 200;
export const SUMMARY_MOST_WATCHED = 100;
export const SUMMARY_CHANNELS = 50;
/** The summary is stored gzipped within this many bytes (a DynamoDB item holds 400 KB). */
export const SUMMARY_MAX_BYTES = 150 * 1024;
/** Lengths kept of what a file or a client says (YouTube's own titles are at most 100 characters). */
export const TITLE_MAX = 300;
export const CHANNEL_NAME_MAX = 150;
export const FILE_NAME_MAX = 255;
/** An import nobody hears from for this long (its worker gave up) is answered as failed. */
export const IMPORT_STALE_MS = 30 * 60 * 1000;
/** How long an import's record is kept (long enough to pick videos from it). */
export const IMPORT_TTL_SECONDS = 7 * 24 * 60 * 60;
/** Takeout uploads a person may start an hour (each costs a worker's reading of up to 15 MB). */
export const UPLOADS_PER_HOUR = 20;
/** Videos a public section read answers at most. */
export const PUBLIC_VIDEOS_MAX = 50;
/** Videos a page of the owner's list answers at most. */
export const VIDEO_PAGE_MAX = 100;

export const WATCH_HISTORY_MESSAGES = {
  /** The spec's message for a file that is not .json or is over 15 MB. */
  invalidFile: "Please upload a valid .json file (max 15MB).",
  html: "This file is the HTML version of your YouTube history. In Google Takeout, choose JSON as the format for YouTube history (Multiple formats → history → JSON), export again and upload watch-history.json.",
  notJson:
    "This file is not valid JSON (it may be cut short). Please upload the watch-history.json file from Google Takeout as it was exported.",
  notHistory:
    "This file is not a YouTube watch history: it should be a list of watched videos. Please upload watch-history.json from Google Takeout.",
  tooManyEntries: `Only the newest ${TAKEOUT_ENTRIES_MAX.toLocaleString("en-US")} entries of this file were read.`,
  uploadMissing: "The file was not uploaded, or its upload expired. Please upload it again.",
  noSuchImport: "No such upload.",
  stale: "The import did not finish. Please upload the file again.",
  tooManyUploads: (wait: string) => `Too many imports. Try again in ${wait}.`,
  noVideos: "There are no videos to save.",
  tooManyVideos: `Save at most ${VIDEO_BATCH_MAX} videos at a time.`,
  videoIdInvalid: "That is not a YouTube video id.",
  titleMissing: "Each video needs a title.",
  noSuchVideo: "No such video.",
  /** The web's message when a delete fails (the server answers 404 "No such video."). */
  deleteFailed: "Failed to delete the video.",
  cursorInvalid: "That cursor is not valid.",
  full: `You can keep at most ${VIDEOS_MAX.toLocaleString("en-US")} videos.`,
} as const;

/** A video as the API answers it: the spec's fields (id is the YouTube video id). */
export interface VideoView {
  id: string;
  title: string;
  title_url: string;
  channel_name: string;
  channel_url: string;
}

/** A video of an import's summary: how often and when last it was watched, too. */
export interface WatchedVideoView extends VideoView {
  watched: number;
  /** ISO 8601. */
  lastWatchedAt: string;
}

export interface WatchedChannelView {
  name: string;
  url: string;
  watched: number;
}

export type ImportStatus = "waiting" | "processing" | "done" | "failed";

/** YouTube's video ids: 11 characters of base64url. */
export const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
export const isVideoId = (id: string) => VIDEO_ID.test(id);
/** The one address graph links a video by. */
export const videoUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;

const YOUTUBE_HOSTS = new Set(["www.youtube.com", "youtube.com", "m.youtube.com"]);

function parseUrl(text: string): URL | undefined {
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:" ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Whether an address is YouTube Music's (its plays are songs, not videos). */
export function isMusicUrl(text: string): boolean {
  if (text.startsWith("https://www.youtube.com/")) return false;
  return parseUrl(text)?.hostname.toLowerCase() === "music.youtube.com";
}

/**
 * The video id an address names (`/watch?v=`, `/shorts/`, `/live/`, `youtu.be/`), or undefined
 * when it names none: the id comes from here, never from the title, which is in any language.
 */
export function videoIdOf(text: string): string | undefined {
  // Nearly every entry's address, without parsing it as a URL.
  const plain = /^https:\/\/www\.youtube\.com\/watch\?v=([A-Za-z0-9_-]{11})$/.exec(text);
  if (plain) return plain[1];
  const url = parseUrl(text);
  if (!url) return undefined;
  const host = url.hostname.toLowerCase();
  let id: string | null | undefined;
  if (YOUTUBE_HOSTS.has(host)) {
    if (url.pathname === "/watch") id = url.searchParams.get("v");
    else id = /^\/(?:shorts|live|embed)\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  } else if (host === "youtu.be") id = url.pathname.slice(1);
  return id && isVideoId(id) ? id : undefined;
}

/**
 * A channel's address as graph keeps it (`https://www.youtube.com/channel/UC…`, `/@handle`,
 * `/c/name`, `/user/name`), or "" when the text is no YouTube channel's address.
 */
export function channelUrlOf(text: string): string {
  if (/^https:\/\/www\.youtube\.com\/channel\/UC[A-Za-z0-9_-]{22}$/.test(text)) return text;
  const url = parseUrl(text);
  if (!url || !YOUTUBE_HOSTS.has(url.hostname.toLowerCase())) return "";
  const path = url.pathname.replace(/\/$/, "");
  const ok =
    /^\/channel\/UC[A-Za-z0-9_-]{22}$/.test(path) ||
    /^\/@[^/\s]{1,100}$/.test(path) ||
    /^\/(?:c|user)\/[^/\s]{1,100}$/.test(path);
  return ok ? `https://www.youtube.com${path}` : "";
}

/**
 * How Takeout words an entry's title in common languages ("Watched <title>"; German and Dutch put
 * it after). A file in another language is learned from its own entries (`learnTitleWording`).
 */
export const TITLE_PREFIXES = [
  "Watched ",
  "Has visto ",
  "Visto ",
  "Vous avez regardé ",
  "A regardé ",
  "Assistiu a ",
  "Assistiu ",
  "Hai guardato ",
  "Obejrzano: ",
  "Obejrzano ",
  "Просмотрено: ",
  "Вы посмотрели ",
  "Переглянуто: ",
  "Ви переглянули ",
  "Zhlédnuto: ",
  "Đã xem ",
  "Menonton ",
  "Telah menonton ",
  "已观看 ",
  "观看了 ",
  "已觀看 ",
  "觀看了 ",
];
export const TITLE_SUFFIXES = [
  " angesehen",
  " bekeken",
  " を視聴しました",
  "을(를) 시청했습니다.",
  " 을(를) 시청했습니다.",
  " izlendi",
  " izledin",
  " megtekintve",
  " देखा गया",
];

/** The wording around a title: what comes before it and after it (either may be ""). */
export interface TitleWording {
  prefix: string;
  suffix: string;
}

const NO_WORDING: TitleWording = { prefix: "", suffix: "" };
/** Titles a file's wording is learned from at least, when no known wording fits. */
const LEARN_MIN_SAMPLES = 10;
/** Characters at either end of a title where the wording is looked for. */
const WORDING_MAX = 40;

const share = (samples: string[], test: (title: string) => boolean) =>
  samples.filter(test).length / Math.max(1, samples.length);

/**
 * The wording around titles in a file, learned from some of its entries (`title` and the
 * `titleUrl` it names): first from an entry whose title is its own address (Takeout writes
 * "Watched https://www.youtube.com/watch?v=…" when it knows no title), then from the table of
 * common languages, then from the words all titles begin or end with. When nothing fits, none:
 * titles are kept whole.
 */
export function learnTitleWording(samples: Array<{ title: string; url: string }>): TitleWording {
  if (samples.length === 0) return NO_WORDING;
  const titles = samples.map((s) => s.title);

  // Exact: the title is the wording around the address itself.
  const around = new Map<string, { wording: TitleWording; n: number }>();
  for (const { title, url } of samples) {
    const at = url ? title.indexOf(url) : -1;
    if (at < 0) continue;
    const wording = { prefix: title.slice(0, at), suffix: title.slice(at + url.length) };
    if (wording.prefix.length > WORDING_MAX || wording.suffix.length > WORDING_MAX) continue;
    const key = `${wording.prefix}\u0000${wording.suffix}`;
    const seen = around.get(key) ?? { wording, n: 0 };
    seen.n++;
    around.set(key, seen);
  }
  const exact = [...around.values()].sort((a, b) => b.n - a.n)[0];
  if (exact && (exact.wording.prefix || exact.wording.suffix)) return exact.wording;

  // The table of common languages: one wording most titles have.
  const prefix = TITLE_PREFIXES.find((p) => share(titles, (t) => t.startsWith(p)) >= 0.5);
  const suffix = TITLE_SUFFIXES.find((s) => share(titles, (t) => t.endsWith(s)) >= 0.5);
  if (prefix || suffix) return { prefix: prefix ?? "", suffix: suffix ?? "" };

  // Learned: the longest words (up to a space, a colon or the like) nine titles in ten share.
  if (samples.length < LEARN_MIN_SAMPLES) return NO_WORDING;
  return { prefix: sharedEnd(titles, "start"), suffix: sharedEnd(titles, "end") };
}

/** The longest run at the start (or end) of nine titles in ten that ends at a word's edge and leaves words. */
function sharedEnd(titles: string[], end: "start" | "end"): string {
  const counts = new Map<string, number>();
  for (const title of titles) {
    const text = end === "start" ? title : [...title].reverse().join("");
    const seen = new Set<string>();
    for (let i = 1; i <= Math.min(WORDING_MAX, text.length - 1); i++) {
      if (!/[\s:：、，,]/u.test(text[i - 1]!)) continue;
      const piece = text.slice(0, i);
      if (!seen.has(piece)) {
        seen.add(piece);
        counts.set(piece, (counts.get(piece) ?? 0) + 1);
      }
    }
  }
  let best = "";
  for (const [piece, n] of counts) if (n / titles.length >= 0.9 && piece.length > best.length) best = piece;
  return end === "start" ? best : [...best].reverse().join("");
}

/** The table's wordings, longest first, so "Has visto " is taken whole and "Assistiu a " before "Assistiu ". */
const KNOWN_PREFIXES = [...TITLE_PREFIXES].sort((a, b) => b.length - a.length);
const KNOWN_SUFFIXES = [...TITLE_SUFFIXES].sort((a, b) => b.length - a.length);

const hasWording = (title: string, wording: TitleWording) =>
  (wording.prefix !== "" && title.startsWith(wording.prefix)) ||
  (wording.suffix !== "" && title.endsWith(wording.suffix));

/**
 * A title without the wording around it: the file's, or, for an entry that does not have the
 * file's (a file in which the account's language changed, so no one wording covers it), any
 * wording of the table of common languages it has. A title with none of them is kept whole.
 */
export function titleWithout(title: string, wording: TitleWording): string {
  const around: TitleWording = hasWording(title, wording)
    ? wording
    : {
        prefix: KNOWN_PREFIXES.find((p) => title.startsWith(p)) ?? "",
        suffix: KNOWN_SUFFIXES.find((s) => title.endsWith(s)) ?? "",
      };
  let text = title;
  if (around.prefix && text.startsWith(around.prefix)) text = text.slice(around.prefix.length);
  if (around.suffix && text.endsWith(around.suffix)) text = text.slice(0, text.length - around.suffix.length);
  text = text.trim();
  return text === "" ? title.trim() : text;
}

/** Whether a title says the video is gone (removed or private), in the wording English exports use. */
export const isGoneTitle = (title: string) =>
  /\b(?:a video that has been removed|a private video|a deleted video)\b/i.test(title);

/** Whether an entry's details mark it as an ad ("From Google Ads"). */
export const isAdDetail = (name: string) => /google ads/i.test(name);

/** Whether a file's name is a .json file's. */
export const isJsonFileName = (name: string) => /\.json$/i.test(name.trim());

/** `text` cut to `max` characters (never half of a surrogate pair). */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 1]!) ? max - 1 : max;
  return text.slice(0, end);
}
