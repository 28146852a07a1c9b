/**
 * Google Takeout files in the browser, pure: whether a chosen `watch-history.json` may be
 * uploaded, reading a `subscriptions.csv` into the rows the channel import takes, and how an
 * import's progress reads.
 */
import Papa from "papaparse";
import { TAKEOUT_MAX_BYTES, WATCH_HISTORY_MESSAGES } from "@graph/core/modules/watch-history/rules";
import { CHANNEL_IMPORT_MAX, YOUTUBE_CHANNEL_ID } from "@graph/core/modules/youtube/rules";

/** The spec's limit on a watch history: 15 MB. */
export const WATCH_HISTORY_MAX_BYTES = TAKEOUT_MAX_BYTES;
/** The spec's words for any file that is not one. */
export const WATCH_HISTORY_INVALID = WATCH_HISTORY_MESSAGES.invalidFile;
/** The channel rows one import request takes. */
export const CHANNEL_BATCH_MAX = CHANNEL_IMPORT_MAX;

/** Why a file cannot be uploaded as a watch history (the spec's words), or null when it can. */
export function watchHistoryProblem(file: { name: string; size: number }): string | null {
  if (!/\.json$/i.test(file.name.trim())) return WATCH_HISTORY_INVALID;
  if (file.size === 0 || file.size > WATCH_HISTORY_MAX_BYTES) return WATCH_HISTORY_INVALID;
  return null;
}

/** A channel of the export, as the import sends it. */
export interface SubscriptionRow {
  channelId: string;
  channelUrl: string;
  channelTitle: string;
}

export type ParsedSubscriptions = { ok: true; rows: SubscriptionRow[]; skipped: number } | { ok: false; error: string };

export const NOT_SUBSCRIPTIONS =
  "This file is not a YouTube subscriptions export: it has no Channel Id, Channel Url and Channel Title columns.";
export const NO_SUBSCRIPTIONS = "This file holds no channels.";

const CHANNEL_ID = YOUTUBE_CHANNEL_ID;

/** The columns of a row, by the header's names, or by place when a 3-column header is in another language. */
function columnsOf(header: string[]): { id: number; url: number; title: number } | null {
  const names = header.map((h) => h.trim().toLowerCase());
  const id = names.indexOf("channel id");
  const title = names.indexOf("channel title");
  if (id >= 0 && title >= 0) return { id, url: names.indexOf("channel url"), title };
  // Takeout writes the header in the account's language ("Kanal-ID,Kanal-URL,Kanaltitel"); a
  // file without a header starts with a channel, which no header is.
  if (names.length === 3 && !CHANNEL_ID.test(header[0]!.trim())) return { id: 0, url: 1, title: 2 };
  return null;
}

/**
 * The channels of a Takeout `subscriptions.csv` (`Channel Id,Channel Url,Channel Title`): rows
 * without a channel id of YouTube's form are counted as skipped, as are repeats of a channel.
 */
export function parseSubscriptions(text: string): ParsedSubscriptions {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy" });
  const [header, ...data] = parsed.data;
  if (!header) return { ok: false, error: NO_SUBSCRIPTIONS };
  const columns = columnsOf(header);
  if (!columns) return { ok: false, error: NOT_SUBSCRIPTIONS };

  const seen = new Set<string>();
  const rows: SubscriptionRow[] = [];
  let skipped = 0;
  for (const record of data) {
    const channelId = record[columns.id]?.trim() ?? "";
    if (!CHANNEL_ID.test(channelId) || seen.has(channelId)) {
      skipped++;
      continue;
    }
    seen.add(channelId);
    rows.push({
      channelId,
      channelUrl:
        (columns.url >= 0 ? record[columns.url]?.trim() : "") || `https://www.youtube.com/channel/${channelId}`,
      channelTitle: record[columns.title]?.trim() || channelId,
    });
  }
  if (rows.length === 0 && skipped === 0) return { ok: false, error: NO_SUBSCRIPTIONS };
  return { ok: true, rows, skipped };
}

/** "1.2 MB" / "845 KB": a size in the units a person reads. */
export function bytesText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(0, Math.round(bytes / 1024)).toLocaleString("en")} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString("en", { maximumFractionDigits: 1 })} MB`;
}

/** A share of a whole, 0..100, for a progress bar (a whole of 0 is done). */
export function percent(part: number, whole: number): number {
  if (whole <= 0) return 100;
  return Math.min(100, Math.max(0, Math.round((part / whole) * 100)));
}
