import { notFound } from "../../lib/errors/index.ts";
import type * as Interests from "../../modules/interests/index.ts";
import * as Profile from "../../modules/profile/index.ts";
import * as Users from "../../modules/users/index.ts";
import type { InterestKind } from "../person-data/index.ts";
import { COMPARED_KINDS, digestsOf, SECTION_OF } from "./holdings.ts";
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
/** A book, film, track, artist, video or channel both hold: its id (the same for everyone) and title. */
export interface SharedItem {
  id: string;
  title: string;
}
export interface TopContributor {
  kind: InterestKind;
  id: string;
  label: string;
  /** Its share of what the two have in common, in percent. */
  share: number;
}

/** What two people share, of the eight kinds, with how compatible that makes them. */
export interface Overlap {
  topics: SharedTopic[];
  articles: SharedArticle[];
  tracks: SharedItem[];
  artists: SharedItem[];
  videos: SharedItem[];
  channels: SharedItem[];
  books: SharedItem[];
  movies: SharedItem[];
  count: number;
  compatibility: { score: number; top: TopContributor[] };
}

type Entry = Interests.DigestEntry;
type Holdings = Map<InterestKind, Entry[]>;

/**
 * Both people's digests — the viewer's of every kind, the other person's of the sections they
 * show this viewer (what they hide is nobody's to compare against) — and what they share, in
 * the viewer's order. Three reads side by side (the person, their section order, the four to
 * sixteen digests in one batch) when the digests are built; a digest marked changed is built
 * from its module first.
 */
async function compare(viewerId: string, otherId: string) {
  const [person, shown] = await Promise.all([Users.byId(otherId), Profile.sectionsShownTo(otherId, viewerId)]);
  if (!person || !person.isVerified) throw notFound("No such user.");
  const visible = COMPARED_KINDS.filter((kind) => shown.has(SECTION_OF[kind]));
  const digests = await digestsOf([
    { userId: viewerId, kinds: visible },
    ...(otherId === viewerId ? [] : [{ userId: otherId, kinds: visible }]),
  ]);
  const viewer: Holdings = digests.get(viewerId)!;
  const other: Holdings = digests.get(otherId)!;
  const shared: Holdings = new Map(
    visible.map((kind) => {
      const theirs = new Set((other.get(kind) ?? []).map((e) => e.id));
      return [kind, (viewer.get(kind) ?? []).filter((e) => theirs.has(e.id))];
    }),
  );
  const count = [...shared.values()].reduce((sum, items) => sum + items.length, 0);
  return { viewer, other, shared, count };
}

/** How many items the viewer and `otherId` share (of every kind compared). */
export async function overlapCount(viewerId: string, otherId: string): Promise<{ count: number }> {
  return { count: (await compare(viewerId, otherId)).count };
}

const keyOf = (kind: InterestKind, e: Entry) => `${kind}:${e.id}`;

/**
 * What the viewer and `otherId` share, with a compatibility score from 0 to 100 that weighs
 * each item by how few people hold it. Read from the two people's interest digests only (their
 * items with each one's holder count, kept per kind) — never anyone else's items, however many
 * people there are. Holder counts are at most a day old; the items are current.
 */
export async function overlap(viewerId: string, otherId: string): Promise<Overlap> {
  const { viewer, other, shared, count } = await compare(viewerId, otherId);
  const sharedKeys = new Set([...shared].flatMap(([kind, items]) => items.map((e) => keyOf(kind, e))));
  // A shared item is held by at least the two of them, whatever a day-old count says.
  const heldOf = (h: Holdings): Held[] =>
    [...h].flatMap(([kind, items]) =>
      items.map((e) => {
        const key = keyOf(kind, e);
        return { key, people: sharedKeys.has(key) ? Math.max(2, e.people) : e.people };
      }),
    );
  const labels = new Map<string, Omit<TopContributor, "share">>(
    [...shared].flatMap(([kind, items]) =>
      items.map((e) => [keyOf(kind, e), { kind, id: e.ref ?? e.id, label: e.label }] as const),
    ),
  );
  const score = compatibility(heldOf(viewer), heldOf(other));
  const items = (kind: InterestKind): SharedItem[] =>
    (shared.get(kind) ?? []).map((e) => ({ id: e.id, title: e.label }));
  return {
    topics: (shared.get("topic") ?? []).map((e) => ({ id: e.ref ?? e.id, topic: e.label })),
    articles: (shared.get("article") ?? []).map((e) => ({
      id: e.id,
      title: e.label,
      link: e.link ?? "",
      source_name: e.source ?? "",
    })),
    tracks: items("track"),
    artists: items("artist"),
    videos: items("video"),
    channels: items("channel"),
    books: items("book"),
    movies: items("movie"),
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
