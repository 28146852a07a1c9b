import { notFound } from "../errors.ts";
import * as Feed from "../feed/index.ts";
import * as Holders from "../holders/index.ts";
import * as Media from "../media/index.ts";
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
/** A book or film both have on their shelves: its id there (the film's TMDB id) and title. */
export interface SharedShelfItem {
  id: string;
  title: string;
}
export interface TopContributor {
  kind: "topic" | "article" | "book" | "movie";
  id: string;
  label: string;
  /** Its share of what the two have in common, in percent. */
  share: number;
}

/**
 * What two people share. Topics, liked articles, books and films come from their data; the other
 * media kinds (tracks, artists, videos, channels) have no data yet and are empty lists.
 */
export interface Overlap {
  topics: SharedTopic[];
  articles: SharedArticle[];
  tracks: never[];
  artists: never[];
  videos: never[];
  channels: never[];
  books: SharedShelfItem[];
  movies: SharedShelfItem[];
  count: number;
  compatibility: { score: number; top: TopContributor[] };
}

async function requirePerson(userId: string) {
  const person = await Users.byId(userId);
  if (!person || !person.isVerified) throw notFound("No such user.");
}

/** What one person holds, by kind, as the comparison reads it. */
interface Holdings {
  topics: Topics.Topic[];
  articles: string[];
  books: SharedShelfItem[];
  movies: SharedShelfItem[];
}

/** The items of `mine` whose key `theirs` holds too, in `mine`'s order. */
function sharedBy<T>(mine: T[], theirs: T[], keyOf: (item: T) => string): T[] {
  const held = new Set(theirs.map(keyOf));
  return mine.filter((item) => held.has(keyOf(item)));
}

/** One person's topics, liked article ids and the ids and titles of their books and films. */
async function holdingsOf(userId: string): Promise<Holdings> {
  const [topics, articles, books, movies] = await Promise.all([
    Topics.listRaw(userId),
    Feed.Likes.likedIds(userId),
    Media.shelfIds(userId, "book"),
    Media.shelfIds(userId, "movie"),
  ]);
  return { topics, articles, books, movies };
}

/**
 * Both people's holdings, each kind in its own partitions, all read side by side. Of the other
 * person's, only the sections they show (one read of their section order): what they hide is
 * nobody's to compare against.
 */
async function holdings(viewerId: string, otherId: string) {
  const [shown, viewer, other] = await Promise.all([
    Profile.sectionsShownTo(otherId, viewerId),
    holdingsOf(viewerId),
    holdingsOf(otherId),
  ]);
  const visible: Holdings = {
    topics: shown.has("topics") ? other.topics : [],
    articles: shown.has("articles") ? other.articles : [],
    books: shown.has("books") ? other.books : [],
    movies: shown.has("movies") ? other.movies : [],
  };
  const shared: Holdings = {
    topics: sharedBy(viewer.topics, visible.topics, (t) => t.phrase),
    articles: sharedBy(viewer.articles, visible.articles, (id) => id),
    books: sharedBy(viewer.books, visible.books, (b) => b.id),
    movies: sharedBy(viewer.movies, visible.movies, (m) => m.id),
  };
  const count = shared.topics.length + shared.articles.length + shared.books.length + shared.movies.length;
  return { viewer, other: visible, shared, count };
}

/** How many items the viewer and `otherId` share (of every kind compared). */
export async function overlapCount(viewerId: string, otherId: string): Promise<{ count: number }> {
  await requirePerson(otherId);
  return { count: (await holdings(viewerId, otherId)).count };
}

/**
 * What the viewer and `otherId` share, with a compatibility score from 0 to 100 that weighs
 * each item by how few people hold it. Read from stored data only: the two people's items, the
 * dictionary's follower count of each of their phrases, the like count of each of their articles
 * and the holder count of each of their books and films (batches of 100) — never anyone else's
 * items, however many people there are.
 */
export async function overlap(viewerId: string, otherId: string): Promise<Overlap> {
  await requirePerson(otherId);
  const { viewer, other, shared, count } = await holdings(viewerId, otherId);
  const ids = (pick: (h: Holdings) => SharedShelfItem[]) => [...pick(viewer), ...pick(other)].map((i) => i.id);
  const [followers, likes, bookHolders, movieHolders, liked] = await Promise.all([
    Topics.phraseFollowers([...viewer.topics, ...other.topics].map((t) => t.phrase)),
    Feed.Likes.likeCounts([...viewer.articles, ...other.articles]),
    Holders.holderCounts(
      "book",
      ids((h) => h.books),
    ),
    Holders.holderCounts(
      "movie",
      ids((h) => h.movies),
    ),
    Feed.Likes.likedDetails(viewerId, shared.articles),
  ]);
  // Each item under a key unique across kinds, with how many people hold it.
  const heldOf = (h: Holdings): Held[] => [
    ...h.topics.map((t) => ({ key: `topic:${t.phrase}`, people: followers.get(t.phrase) ?? 1 })),
    ...h.articles.map((id) => ({ key: `article:${id}`, people: likes.get(id) ?? 1 })),
    ...h.books.map((b) => ({ key: `book:${b.id}`, people: bookHolders.get(b.id) ?? 1 })),
    ...h.movies.map((m) => ({ key: `movie:${m.id}`, people: movieHolders.get(m.id) ?? 1 })),
  ];
  const labels = new Map<string, Omit<TopContributor, "share">>([
    ...shared.topics.map(
      (t) => [`topic:${t.phrase}`, { kind: "topic" as const, id: t.topicId, label: t.topic }] as const,
    ),
    ...liked.map((a) => [`article:${a.id}`, { kind: "article" as const, id: a.id, label: a.title }] as const),
    ...shared.books.map((b) => [`book:${b.id}`, { kind: "book" as const, id: b.id, label: b.title }] as const),
    ...shared.movies.map((m) => [`movie:${m.id}`, { kind: "movie" as const, id: m.id, label: m.title }] as const),
  ]);
  // A shared item is held by at least the two of them, whatever a lagging count says.
  const sharedKeys = new Set(heldOf(shared).map((x) => x.key));
  const atLeastTwo = (held: Held[]) =>
    held.map((x) => (sharedKeys.has(x.key) ? { ...x, people: Math.max(2, x.people) } : x));
  const score = compatibility(atLeastTwo(heldOf(viewer)), atLeastTwo(heldOf(other)));
  return {
    topics: shared.topics.map((t) => ({ id: t.topicId, topic: t.topic })),
    articles: liked,
    tracks: [],
    artists: [],
    videos: [],
    channels: [],
    books: shared.books.map((b) => ({ id: b.id, title: b.title })),
    movies: shared.movies.map((m) => ({ id: m.id, title: m.title })),
    count,
    compatibility: {
      score: score.score,
      top: score.top.flatMap((c) => {
        const item = labels.get(c.key);
        return item ? [{ ...item, share: c.share }] : [];
      }),
    },
  };
}
