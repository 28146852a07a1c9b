import type { SourceType } from "../sources/rules.ts";
import type { FeedSession as StoredSession } from "./feed-session.entity.ts";

type StoredPick = StoredSession["picks"][number];
type LegacyKey = "source_name" | "source_id" | "source_type";

/** A picked article as a session keeps it, so a session reads back without joins. */
export type FeedPick = Omit<StoredPick, LegacyKey | "sourceName" | "sourceId" | "sourceType"> & {
  sourceName: string;
  sourceId: string;
  sourceType: SourceType;
};

/** A stored session with its picks in today's shape. */
export type FeedSession = Omit<StoredSession, "picks"> & { picks: FeedPick[] };

/** A session as stored, with picks stored before they were camelCase read in today's shape. */
export function sessionOf(stored: StoredSession): FeedSession {
  return { ...stored, picks: stored.picks.map(pickOf) };
}

function pickOf(stored: StoredPick): FeedPick {
  const { source_name, source_id, source_type, sourceName, sourceId, sourceType, ...pick } = stored;
  return {
    ...pick,
    sourceName: sourceName ?? source_name ?? "",
    sourceId: sourceId ?? source_id ?? "",
    sourceType: sourceType ?? source_type ?? "rss",
  };
}
