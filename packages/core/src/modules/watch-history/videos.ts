import { getMany, retryWhileUnavailable, transact, type WriteOp } from "../../adapters/dynamo/index.ts";
import { badRequest, notFound, UnavailableError } from "../../lib/errors/index.ts";
import { holderChange } from "../holders/index.ts";
import * as Interests from "../interests/index.ts";
import { pageOf } from "../../adapters/dynamo/index.ts";
import {
  CHANNEL_NAME_MAX,
  channelUrlOf,
  cut,
  isVideoId,
  PUBLIC_VIDEOS_MAX,
  TITLE_MAX,
  VIDEO_PAGE_MAX,
  videoUrl,
  VIDEOS_MAX,
  WATCH_HISTORY_MESSAGES,
  type VideoView,
} from "./rules.ts";
import { VideoCountEntity } from "./video-count.entity.ts";
import { VideoEntity, type Video } from "./video.entity.ts";

/**
 * The videos a person keeps on their profile, within `VIDEOS_MAX`: each save writes its videos,
 * the person's count (whose condition holds the cap) and each video's holders in one
 * transaction, so parallel saves can neither pass the cap nor count a holder twice.
 */

/** A video to keep, as the person picked it from their import. */
export interface NewVideo {
  id: string;
  title: string;
  channelName: string;
  channelUrl: string;
}

export const videoView = (v: Pick<Video, "videoId" | "title" | "channelName" | "channelUrl">): VideoView => ({
  id: v.videoId,
  title: v.title,
  title_url: videoUrl(v.videoId),
  channel_name: v.channelName,
  channel_url: v.channelUrl,
});

/** DynamoDB takes at most 100 items a transaction: the count, then a create and a holder per video. */
export const CREATES_PER_TRANSACTION = 49;
/** Tries of one transaction that lost a race (a parallel save took the room, or wrote one of its videos). */
const RACE_ATTEMPTS = 8;
/** Transactions that met a throttle or lost races on the count, tried this often (as the shelves do). */
const withRetries = <T>(work: () => Promise<T>) => retryWhileUnavailable(work, 4);

function countUp(userId: string, n: number): WriteOp {
  return VideoCountEntity.update({ userId })
    .add({ videos: n })
    .where((attr, op) => `${op.notExists(attr.videos)} OR ${op.lte(attr.videos, VIDEOS_MAX - n)}`);
}

const countDown = (userId: string, n: number): WriteOp => VideoCountEntity.update({ userId }).add({ videos: -n });

/** How many videos the person keeps. */
export async function videoCount(userId: string): Promise<number> {
  const { data } = await VideoCountEntity.get({ userId }).go({ consistent: true });
  return data?.videos ?? 0;
}

/**
 * Keeps `videos` (a video already kept, or named twice, is skipped), as many as the cap has room
 * for; `full` when some were left out for the cap. None at all for the cap: 400 `limit_reached`.
 */
export async function saveVideos(
  userId: string,
  videos: NewVideo[],
  now = Date.now(),
): Promise<{ added: number; skipped: number; full: boolean }> {
  const unique = [...new Map(videos.map((v) => [v.id, v])).values()].filter((v) => isVideoId(v.id));
  const kept = new Set(
    (
      await getMany<{ videoId: string }>(
        VideoEntity,
        unique.map((v) => ({ userId, videoId: v.id })),
        ["videoId"],
        { consistent: true },
      )
    ).map((v) => v.videoId),
  );
  let pending = unique.filter((v) => !kept.has(v.id));
  let added = 0;
  let full = false;
  try {
    while (pending.length > 0 && !full) {
      let chunk = pending.slice(0, CREATES_PER_TRANSACTION);
      pending = pending.slice(chunk.length);
      for (let attempt = 0; chunk.length > 0; attempt++) {
        if (attempt >= RACE_ATTEMPTS) throw new UnavailableError();
        const result = await withRetries(() =>
          transact([
            countUp(userId, chunk.length),
            ...chunk.map((v) => create(userId, v, now)),
            ...chunk.map((v) => holderChange("video", v.id, 1)),
          ]),
        );
        if (!result.canceled) {
          added += chunk.length;
          break;
        }
        // A parallel save kept some of these already: they are skipped, the rest tried again.
        const gone = new Set(chunk.filter((_, i) => result.reasons[1 + i] === "ConditionalCheckFailed"));
        if (gone.size > 0) {
          chunk = chunk.filter((v) => !gone.has(v));
          continue;
        }
        if (result.reasons[0] !== "ConditionalCheckFailed") throw new UnavailableError();
        // The cap: as many as there is room for now, the rest left out.
        const room = VIDEOS_MAX - (await videoCount(userId));
        if (room < chunk.length) full = true;
        chunk = chunk.slice(0, Math.max(0, room));
      }
    }
  } finally {
    if (added > 0) await Interests.changed(userId, ["video"]);
  }
  if (added === 0 && full) throw badRequest(WATCH_HISTORY_MESSAGES.full, "limit_reached");
  return { added, skipped: videos.length - added, full };
}

function create(userId: string, video: NewVideo, now: number): WriteOp {
  return VideoEntity.create({
    userId,
    videoId: video.id,
    title: cut(video.title.trim(), TITLE_MAX),
    channelName: cut(video.channelName.trim(), CHANNEL_NAME_MAX),
    channelUrl: channelUrlOf(video.channelUrl),
    addedAt: now,
  });
}

/** Removes one kept video (404 when the person does not keep it). */
export async function deleteVideo(userId: string, videoId: string): Promise<void> {
  if (!isVideoId(videoId) || !(await removeVideos(userId, [videoId]))) {
    throw notFound(WATCH_HISTORY_MESSAGES.noSuchVideo);
  }
}

/** Removes videos (each conditioned on being kept) with the count and holders; false when one was gone. */
async function removeVideos(userId: string, videoIds: string[]): Promise<boolean> {
  if (videoIds.length === 0) return true;
  const result = await withRetries(() =>
    transact([
      ...videoIds.map((videoId) =>
        VideoEntity.delete({ userId, videoId }).where((attr, op) => op.exists(attr.addedAt)),
      ),
      countDown(userId, videoIds.length),
      ...videoIds.map((videoId) => holderChange("video", videoId, -1)),
    ]),
  );
  if (result.canceled) return false;
  await Interests.changed(userId, ["video"]);
  return true;
}

/** The person's videos, newest kept first. */
export async function listVideos(userId: string, limit = PUBLIC_VIDEOS_MAX): Promise<VideoView[]> {
  const { data } = await VideoEntity.query.byAddedAt({ userId }).go({ order: "desc", limit });
  return data.map(videoView);
}

/**
 * One page of the person's own videos, newest first, with how many they keep: the owner's list,
 * paged by the cursor the page before answered (null: the first page; a bad one is 400),
 * at most `limit` (and never more than VIDEO_PAGE_MAX) a page.
 */
export async function videoShelf(
  userId: string,
  cursor: string | null = null,
  limit = VIDEO_PAGE_MAX,
): Promise<{ items: VideoView[]; cursor: string | null; total: number }> {
  const [page, total] = await Promise.all([
    pageOf(
      VideoEntity.query.byAddedAt({ userId }),
      cursor,
      Math.min(Math.max(1, limit), VIDEO_PAGE_MAX),
      WATCH_HISTORY_MESSAGES.cursorInvalid,
    ),
    videoCount(userId),
  ]);
  return { items: (page.data as Video[]).map(videoView), cursor: page.cursor, total };
}

/** Every video the person keeps, by its YouTube id and title (all pages, only those): for mutual interests. */
export async function heldVideos(userId: string): Promise<Array<{ id: string; label: string }>> {
  const { data } = await VideoEntity.query.byUser({ userId }).go({ pages: "all", attributes: ["videoId", "title"] });
  return data.map((v) => ({ id: v.videoId, label: v.title ?? "" }));
}

/**
 * Removes every video of a deleted account with its share of the holders, then the count.
 * Idempotent: each video goes with its holder's decrement, conditioned on the video still being
 * there, so a purge cut short and run again takes each holder down exactly once.
 */
export async function purgeVideos(userId: string): Promise<void> {
  const { data } = await VideoEntity.query.byUser({ userId }).go({ pages: "all", attributes: ["videoId"] });
  const ids = data.map((v) => v.videoId);
  for (let i = 0; i < ids.length; i += CREATES_PER_TRANSACTION) {
    const chunk = ids.slice(i, i + CREATES_PER_TRANSACTION);
    // One was gone already (a delete, or a purge cut short): each alone, so each holder goes down once.
    if (!(await removeVideos(userId, chunk))) for (const id of chunk) await removeVideos(userId, [id]);
  }
  // The count goes last: a purge cut short before here still finds what it counts.
  await VideoCountEntity.delete({ userId }).go();
}
