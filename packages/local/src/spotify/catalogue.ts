import { createHash } from "node:crypto";

/**
 * The Spotify stand-in's music: a fixed catalogue of made-up artists, each with one album of
 * five tracks, and listeners whose top artists and tracks are drawn from it — the same for the
 * same listener every time, and overlapping between listeners as real listening does.
 */

export interface Artist {
  id: string;
  name: string;
  genres: string[];
  popularity: number;
  followers: number;
}

export interface Album {
  id: string;
  name: string;
  artist: Artist;
  releaseDate: string;
  tracks: Track[];
}

export interface Track {
  id: string;
  name: string;
  artist: Artist;
  album: Album;
  trackNumber: number;
  durationMs: number;
  popularity: number;
  isrc: string;
}

export interface Listener {
  /** Spotify's user id (28 lowercase letters and digits for accounts made since 2019). */
  id: string;
  displayName: string;
  /** The artist every top list of theirs starts with (the test listeners'). */
  favourite?: string;
}

export type TimeRange = "short_term" | "medium_term" | "long_term";
export const TIME_RANGES: readonly TimeRange[] = ["short_term", "medium_term", "long_term"];

/** How many top items a listener has: Spotify answers at most this many whatever the offset. */
export const TOP_TRACKS = 50;
export const TOP_ARTISTS = 30;
export const TRACKS_PER_ALBUM = 5;

const FIRST = ["Northern", "Velvet", "Paper", "Golden", "Quiet", "Electric", "Midnight", "Silver", "Coastal", "Hollow"];
const SECOND = ["Lanterns", "Orchestra", "Tides", "Engines", "Owls", "Satellites", "Gardens", "Harbour"];
const GENRES = ["indie pop", "dream pop", "folk", "ambient", "jazz", "electronic", "soul", "post-rock", "synthpop"];
const WORDS = [
  "Slow",
  "Light",
  "Paper",
  "Boats",
  "River",
  "Static",
  "Summer",
  "Glass",
  "Morning",
  "Echo",
  "Wire",
  "Bloom",
  "Harbour",
  "Signal",
  "Drift",
  "Ember",
  "Meadow",
  "Neon",
  "Orbit",
  "Rain",
];

const digest = (text: string) => createHash("sha256").update(text).digest();
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A Spotify id (22 base-62 characters), the same for the same seed every time. */
export function spotifyId(seed: string): string {
  let n = BigInt(`0x${digest(seed).toString("hex")}`);
  let id = "";
  for (let i = 0; i < 22; i++) {
    id += BASE62[Number(n % 62n)];
    n /= 62n;
  }
  return id;
}

/** A number in [0, 1) drawn from `seed`. */
export const unit = (seed: string) => digest(seed).readUInt32BE(0) / 2 ** 32;

export interface Catalogue {
  artists: Artist[];
  tracks: Track[];
  artistById: Map<string, Artist>;
  trackById: Map<string, Track>;
  albumById: Map<string, Album>;
  albumOfArtist: Map<string, Album>;
}

let built: Catalogue | undefined;

/** The catalogue: 80 artists, their 80 albums and 400 tracks. */
export function catalogue(): Catalogue {
  if (built) return built;
  const artists: Artist[] = [];
  const tracks: Track[] = [];
  const albumById = new Map<string, Album>();
  const albumOfArtist = new Map<string, Album>();
  for (const [i, name] of SECOND.flatMap((second) => FIRST.map((first) => `${first} ${second}`)).entries()) {
    const artist: Artist = {
      id: spotifyId(`artist:${name}`),
      name: `The ${name}`,
      genres: [GENRES[i % GENRES.length]!, GENRES[(i * 7 + 3) % GENRES.length]!].filter(
        (g, j, all) => all.indexOf(g) === j,
      ),
      popularity: 30 + Math.floor(unit(`popularity:${name}`) * 60),
      followers: 1000 + Math.floor(unit(`followers:${name}`) * 2_000_000),
    };
    artists.push(artist);
    const albumName = `${WORDS[i % WORDS.length]} ${WORDS[(i * 3 + 5) % WORDS.length]}`;
    const album: Album = {
      id: spotifyId(`album:${name}`),
      name: albumName,
      artist,
      releaseDate: `${2005 + (i % 19)}-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`,
      tracks: [],
    };
    albumById.set(album.id, album);
    albumOfArtist.set(artist.id, album);
    for (let t = 0; t < TRACKS_PER_ALBUM; t++) {
      const title = `${WORDS[(i + t * 7) % WORDS.length]} ${WORDS[(i * 5 + t * 3 + 1) % WORDS.length]}`;
      const track: Track = {
        id: spotifyId(`track:${name}:${t}`),
        name: title,
        artist,
        album,
        trackNumber: t + 1,
        durationMs: 150_000 + Math.floor(unit(`duration:${name}:${t}`) * 150_000),
        popularity: Math.max(0, artist.popularity - t * 4),
        isrc: `QZ${String(i).padStart(3, "0")}${String(20 + (i % 6)).padStart(2, "0")}${String(t + 1).padStart(5, "0")}`,
      };
      album.tracks.push(track);
      tracks.push(track);
    }
  }
  built = {
    artists,
    tracks,
    artistById: new Map(artists.map((a) => [a.id, a])),
    trackById: new Map(tracks.map((t) => [t.id, t])),
    albumById,
    albumOfArtist,
  };
  return built;
}

/** A listener's Spotify user id, the same for the same name every time. */
export function userIdOf(name: string): string {
  let n = BigInt(`0x${digest(`user:${name.trim().toLowerCase()}`).toString("hex")}`);
  let id = "31";
  for (let i = 0; i < 26; i++) {
    id += "abcdefghijklmnopqrstuvwxyz234567"[Number(n % 32n)];
    n /= 32n;
  }
  return id;
}

/**
 * The test listeners the authorize page offers. Ada and Ben both have The Northern Lanterns
 * first (and so its most played track), for tests of mutual interests.
 */
export const TEST_LISTENERS: readonly Listener[] = [
  { id: userIdOf("Ada Listener"), displayName: "Ada Listener", favourite: spotifyId("artist:Northern Lanterns") },
  { id: userIdOf("Ben Listener"), displayName: "Ben Listener", favourite: spotifyId("artist:Northern Lanterns") },
  { id: userIdOf("Cleo Listener"), displayName: "Cleo Listener", favourite: spotifyId("artist:Velvet Tides") },
  { id: userIdOf("Dan Listener"), displayName: "Dan Listener" },
];

/** The listener of a typed name: a test listener's own, or a new one with an id made from the name. */
export function listenerNamed(name: string): Listener {
  const displayName = name.trim().replace(/\s+/g, " ");
  const id = userIdOf(displayName);
  return TEST_LISTENERS.find((l) => l.id === id) ?? { id, displayName };
}

/** The listener's top artists over `range`, most listened first. */
export function topArtists(listener: Listener, range: TimeRange): Artist[] {
  const { artists } = catalogue();
  const ranked = artists
    .filter((a) => a.id !== listener.favourite)
    .map((a) => ({ a, score: unit(`${listener.id}:${range}:${a.id}`) + a.popularity / 200 }))
    .sort((x, y) => y.score - x.score)
    .map(({ a }) => a);
  const favourite = listener.favourite ? catalogue().artistById.get(listener.favourite) : undefined;
  return (favourite ? [favourite, ...ranked] : ranked).slice(0, TOP_ARTISTS);
}

/**
 * The listener's top tracks over `range`: each top artist's most played track in the artists'
 * order, then each one's second, and so on. Which track is an artist's most played is the same
 * for every listener, so two listeners of one artist share tracks too.
 */
export function topTracks(listener: Listener, range: TimeRange): Track[] {
  const artists = topArtists(listener, range);
  const picks = artists.map((a) => {
    const album = catalogue().albumOfArtist.get(a.id)!;
    return [...album.tracks].sort((x, y) => unit(`${range}:${y.id}`) - unit(`${range}:${x.id}`));
  });
  const tracks: Track[] = [];
  for (let round = 0; round < TRACKS_PER_ALBUM && tracks.length < TOP_TRACKS; round++)
    for (const pick of picks) if (tracks.length < TOP_TRACKS) tracks.push(pick[round]!);
  return tracks;
}
