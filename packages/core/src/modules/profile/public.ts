import { notFound } from "../../lib/errors/index.ts";
import * as Feed from "../feed/index.ts";
import * as Images from "../images/index.ts";
import * as Media from "../media/index.ts";
import * as Spotify from "../spotify/index.ts";
import * as Topics from "../topics/index.ts";
import * as Users from "../users/index.ts";
import * as WatchHistory from "../watch-history/index.ts";
import * as YouTube from "../youtube/index.ts";
import { readContacts } from "./contacts.ts";
import type { ProfileSection } from "./rules.ts";
import { readSectionOrder } from "./section-order.ts";
import { listThoughts } from "./thoughts.ts";
import { listWebsites } from "./websites.ts";

/** Items of a list section the public page gets: enough to swap shown items for unseen ones. */
const LIST_READ = 50;

export interface ProfileImage {
  id: string;
  url: string;
  is_primary: boolean;
}
/** A book and a film as the public page shows them: the shelf's views. */
export type ProfileBook = Media.BookView;
export type ProfileMovie = Media.MovieView;
export type ProfileTrack = Spotify.TrackView;
export type ProfileArtist = Spotify.ArtistView;
export type ProfileChannel = YouTube.ChannelView;
export type ProfileVideo = WatchHistory.VideoView;

/** The number of articles the person added to graph (the profile's "node count"). */
export async function nodeCount(userId: string): Promise<{ likeCount: number }> {
  return { likeCount: (await Feed.Likes.likedIds(userId)).length };
}

/**
 * Everything the public page at /{username} draws, in one read: the reads run side by side.
 * Only what the owner shows publicly: never their e-mail, digest settings, seen marks,
 * silenced or suggested sources; hidden sections come back empty. An unknown or unverified
 * name is not found. An old name still reserved for its owner finds them (the answer carries
 * the current name, so the page can move to it).
 */
export async function publicProfile(username: string) {
  const user = await Users.byUsername(username);
  if (!user) throw notFound("No such profile.");
  const userId = user.userId;
  const [
    sectionOrder,
    contacts,
    aims,
    articles,
    topics,
    thoughts,
    websites,
    count,
    images,
    books,
    movies,
    channels,
    videos,
    tracks,
    artists,
  ] = await Promise.all([
    readSectionOrder(userId),
    readContacts(userId),
    Topics.listAims(userId),
    Feed.Likes.listForProfile(userId, LIST_READ),
    Topics.list(userId),
    listThoughts(userId, LIST_READ),
    listWebsites(userId),
    nodeCount(userId),
    Images.listImages(userId),
    Media.listBooks(userId, LIST_READ),
    Media.listMovies(userId, LIST_READ),
    YouTube.listChannels(userId, LIST_READ),
    WatchHistory.listVideos(userId, LIST_READ),
    Spotify.listTracks(userId, LIST_READ),
    Spotify.listArtists(userId, LIST_READ),
  ]);
  const visible = new Set<ProfileSection>(sectionOrder.filter((s) => s.visible).map((s) => s.id));
  const shown = <T>(section: ProfileSection, items: T[]): T[] => (visible.has(section) ? items : []);
  const contact = contacts[0] ?? { about: "", socials: "" };
  return {
    userId,
    username: user.username,
    likeCount: count.likeCount,
    sectionOrder,
    aboutMe: visible.has("aboutMe") ? { about: contact.about, socials: contact.socials, aims } : null,
    articles: shown("articles", articles),
    topics: shown(
      "topics",
      topics.map((t) => ({ ...t, topic_original: t.topic, wiki_id: null as string | null })),
    ),
    thoughts: shown("thoughts", thoughts),
    websites: shown("websites", websites),
    // Photos are not a section: the grid shows whenever there are any.
    images: images.map((i): ProfileImage => ({ id: i.id, url: i.url, is_primary: i.is_primary })),
    books: shown<ProfileBook>("books", books),
    movies: shown<ProfileMovie>("movies", movies),
    youtubeChannels: shown<ProfileChannel>("youtubeChannels", channels),
    youtubeVideos: shown<ProfileVideo>("youtubeVideos", videos),
    tracks: shown<ProfileTrack>("tracks", tracks),
    artists: shown<ProfileArtist>("artists", artists),
  };
}

export type PublicProfile = Awaited<ReturnType<typeof publicProfile>>;

/** Whose public profile a name is (404 for an unknown or unverified name). */
export async function publicProfileOwner(username: string): Promise<{ userId: string; username: string }> {
  const user = await Users.byUsername(username);
  if (!user) throw notFound("No such profile.");
  return { userId: user.userId, username: user.username };
}

/** The little a page's `<title>` and preview tags need, or nothing for a name that is no profile. */
export async function profileMeta(username: string) {
  const user = await Users.byUsername(username);
  if (!user) return undefined;
  return { username: user.username, imageUrl: await Images.primaryImageUrl(user.userId) };
}
