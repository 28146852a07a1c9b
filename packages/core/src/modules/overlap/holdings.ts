import * as Feed from "../feed/index.ts";
import * as Holders from "../holders/index.ts";
import * as Interests from "../interests/index.ts";
import * as Media from "../media/index.ts";
import type { ProfileSection } from "../profile/rules.ts";
import * as Spotify from "../spotify/index.ts";
import * as Topics from "../topics/index.ts";
import * as WatchHistory from "../watch-history/index.ts";
import * as YouTube from "../youtube/index.ts";

type Entry = Interests.DigestEntry;

/** Each kind of interest and the profile section that shows it (a hidden section is not compared). */
export const SECTION_OF: Record<Interests.InterestKind, ProfileSection> = {
  topic: "topics",
  article: "articles",
  track: "tracks",
  artist: "artists",
  video: "youtubeVideos",
  channel: "youtubeChannels",
  book: "books",
  movie: "movies",
};

/** Items of a kind counted by the holders module: their ids and labels, weighed by their holder counts. */
const counted =
  (kind: Holders.HeldKind, read: (userId: string) => Promise<Array<{ id: string; label: string }>>) =>
  async (userId: string): Promise<Entry[]> => {
    const items = await read(userId);
    const people = await Holders.holderCounts(
      kind,
      items.map((i) => i.id),
    );
    return items.map((i) => ({ id: i.id, label: i.label, people: people.get(i.id) ?? 1 }));
  };

const shelf = (kind: Media.MediaKind) => async (userId: string) =>
  (await Media.shelfIds(userId, kind)).map((i) => ({ id: i.id, label: i.title }));

/**
 * How each kind's digest is built from the module that keeps it: the person's items (all of
 * them, ids and labels only) and how many people hold each.
 */
export const BUILDERS: Record<Interests.InterestKind, (userId: string) => Promise<Entry[]>> = {
  async topic(userId) {
    const topics = await Topics.listRaw(userId);
    const followers = await Topics.phraseFollowers(topics.map((t) => t.phrase));
    return topics.map((t) => ({ id: t.phrase, label: t.topic, ref: t.topicId, people: followers.get(t.phrase) || 1 }));
  },
  async article(userId) {
    const liked = await Feed.Likes.likedItems(userId);
    const likes = await Feed.Likes.likeCounts(liked.map((l) => l.id));
    return liked.map((l) => ({
      id: l.id,
      label: l.title,
      link: l.link,
      source: l.sourceName,
      people: likes.get(l.id) ?? 1,
    }));
  },
  track: counted("track", Spotify.heldTracks),
  artist: counted("artist", Spotify.heldArtists),
  video: counted("video", WatchHistory.heldVideos),
  channel: counted("channel", YouTube.heldChannels),
  book: counted("book", shelf("book")),
  movie: counted("movie", shelf("movie")),
};

/** The kinds compared: all eight. */
export const COMPARED_KINDS = Interests.INTEREST_KINDS;

/**
 * The digests of `userIds` for `kinds`, in one read; a digest that is missing, marked changed or
 * over a day old is built from its module and stored (unless it changed again meanwhile).
 */
export async function digestsOf(
  wanted: Array<{ userId: string; kinds: readonly Interests.InterestKind[] }>,
): Promise<Map<string, Map<Interests.InterestKind, Entry[]>>> {
  const all = await Interests.readDigests(
    wanted.map((w) => w.userId),
    COMPARED_KINDS,
  );
  const kindsOf = new Map(wanted.map((w) => [w.userId, new Set(w.kinds)]));
  const out = new Map(wanted.map((w) => [w.userId, new Map<Interests.InterestKind, Entry[]>()]));
  await Promise.all(
    all
      .filter((d) => kindsOf.get(d.userId)?.has(d.kind))
      .map(async (digest) => {
        if (digest.fresh) {
          out.get(digest.userId)!.set(digest.kind, digest.entries);
          return;
        }
        const entries = await BUILDERS[digest.kind](digest.userId);
        await Interests.storeDigest(digest.userId, digest.kind, digest.version, entries);
        out.get(digest.userId)!.set(digest.kind, entries);
      }),
  );
  return out;
}
