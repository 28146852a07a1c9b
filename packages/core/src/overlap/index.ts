import { notFound } from "../errors.ts";
import * as Feed from "../feed/index.ts";
import * as Profile from "../profile/index.ts";
import * as Topics from "../topics/index.ts";
import * as Users from "../users/index.ts";
import { compatibility, type Held } from "./score.ts";

export { OVERLAP } from "./rules.ts";
export { compatibility, rarity } from "./score.ts";

export interface SharedTopic {
  id: string;
  topic: string;
}
export interface SharedArticle {
  id: string;
  title: string;
  link: string;
  source_name: string;
}
export interface TopContributor {
  kind: "topic" | "article";
  id: string;
  label: string;
  /** Its share of what the two have in common, in percent. */
  share: number;
}

/**
 * What two people share. Topics and liked articles come from their data; the media kinds
 * (tracks, artists, videos, channels, books, movies) have no data yet and are empty lists.
 */
export interface Overlap {
  topics: SharedTopic[];
  articles: SharedArticle[];
  tracks: never[];
  artists: never[];
  videos: never[];
  channels: never[];
  books: never[];
  movies: never[];
  count: number;
  compatibility: { score: number; top: TopContributor[] };
}

async function requirePerson(userId: string) {
  const person = await Users.byId(userId);
  if (!person || !person.isVerified) throw notFound("No such user.");
}

/**
 * Both people's topics and liked article ids: two queries each, in their own partitions. Of the
 * other person's, only the sections they show: what they hide is nobody's to compare against.
 */
async function holdings(viewerId: string, otherId: string) {
  const [viewerTopics, otherTopics, viewerLikes, otherLikes] = await Promise.all([
    Topics.listRaw(viewerId),
    Profile.readSection(otherId, "topics", viewerId, Topics.listRaw),
    Feed.Likes.likedIds(viewerId),
    Profile.readSection(otherId, "articles", viewerId, Feed.Likes.likedIds),
  ]);
  const otherPhrases = new Set(otherTopics.map((t) => t.phrase));
  const otherLiked = new Set(otherLikes);
  return {
    viewerTopics,
    otherTopics,
    viewerLikes,
    otherLikes,
    sharedTopics: viewerTopics.filter((t) => otherPhrases.has(t.phrase)),
    sharedLikes: viewerLikes.filter((id) => otherLiked.has(id)),
  };
}

/** How many items the viewer and `otherId` share (topics and liked articles). */
export async function overlapCount(viewerId: string, otherId: string): Promise<{ count: number }> {
  await requirePerson(otherId);
  const { sharedTopics, sharedLikes } = await holdings(viewerId, otherId);
  return { count: sharedTopics.length + sharedLikes.length };
}

/**
 * What the viewer and `otherId` share, with a compatibility score from 0 to 100 that weighs
 * each item by how few people hold it. Read from stored data only: the two people's topics and
 * likes, the dictionary's follower count of each of their phrases and the like count of each of
 * their articles (batches of 100) — never anyone else's items, however many people there are.
 */
export async function overlap(viewerId: string, otherId: string): Promise<Overlap> {
  await requirePerson(otherId);
  const h = await holdings(viewerId, otherId);
  const [followers, likes, liked] = await Promise.all([
    Topics.phraseFollowers([...h.viewerTopics, ...h.otherTopics].map((t) => t.phrase)),
    Feed.Likes.likeCounts([...h.viewerLikes, ...h.otherLikes]),
    Feed.Likes.likedDetails(viewerId, h.sharedLikes),
  ]);
  const topicHeld = (t: { phrase: string }): Held => ({
    key: `topic:${t.phrase}`,
    people: followers.get(t.phrase) ?? 1,
  });
  const likeHeld = (id: string): Held => ({ key: `article:${id}`, people: likes.get(id) ?? 1 });
  // A shared item is held by at least the two of them, whatever a lagging count says.
  const atLeastTwo = (held: Held[], shared: Set<string>) =>
    held.map((x) => (shared.has(x.key) ? { ...x, people: Math.max(2, x.people) } : x));
  const sharedKeys = new Set([
    ...h.sharedTopics.map((t) => `topic:${t.phrase}`),
    ...h.sharedLikes.map((id) => `article:${id}`),
  ]);
  const score = compatibility(
    atLeastTwo([...h.viewerTopics.map(topicHeld), ...h.viewerLikes.map(likeHeld)], sharedKeys),
    atLeastTwo([...h.otherTopics.map(topicHeld), ...h.otherLikes.map(likeHeld)], sharedKeys),
  );
  const labels = new Map<string, { kind: "topic" | "article"; id: string; label: string }>([
    ...h.sharedTopics.map(
      (t) => [`topic:${t.phrase}`, { kind: "topic" as const, id: t.topicId, label: t.topic }] as const,
    ),
    ...liked.map((a) => [`article:${a.id}`, { kind: "article" as const, id: a.id, label: a.title }] as const),
  ]);
  return {
    topics: h.sharedTopics.map((t) => ({ id: t.topicId, topic: t.topic })),
    articles: liked,
    tracks: [],
    artists: [],
    videos: [],
    channels: [],
    books: [],
    movies: [],
    count: h.sharedTopics.length + h.sharedLikes.length,
    compatibility: {
      score: score.score,
      top: score.top.flatMap((c) => {
        const item = labels.get(c.key);
        return item ? [{ ...item, share: c.share }] : [];
      }),
    },
  };
}
