import * as z from "zod";
import { getJson, ProviderUnavailableError } from "../oauth/index.ts";
import { apiUrl } from "./provider.ts";
import { SPOTIFY_ID, TOP_ITEMS } from "../../modules/spotify/rules.ts";

/**
 * The few calls of Spotify's Web API graph makes, with every answer checked as untrusted: an
 * item that does not fit is left out, an answer that is not a page at all fails the sync.
 */

const text = (max: number) => z.string().trim().min(1).max(max);
const webUrl = z
  .string()
  .max(1000)
  .refine((u) => /^https?:\/\//.test(u) && URL.canParse(u), "not a web address");
const Images = z
  .array(z.object({ url: webUrl, width: z.number().nullish(), height: z.number().nullish() }))
  .max(20)
  .catch([]);
const ExternalUrls = z.object({ spotify: webUrl.optional() }).catch({});

const Paging = z.object({ items: z.array(z.unknown()).max(100) });

const TrackItem = z.object({
  id: z.string().regex(SPOTIFY_ID),
  name: text(500),
  artists: z
    .array(z.object({ name: text(200) }))
    .min(1)
    .max(50),
  album: z.object({ images: Images }).catch({ images: [] }),
  external_urls: ExternalUrls,
});

const ArtistItem = z.object({
  id: z.string().regex(SPOTIFY_ID),
  name: text(200),
  images: Images,
  external_urls: ExternalUrls,
});

const Me = z.object({ id: text(200), display_name: z.string().max(200).nullish() });

export interface TopTrack {
  trackId: string;
  name: string;
  artists: string[];
  imageUrl: string;
  url: string;
}
export interface TopArtist {
  artistId: string;
  name: string;
  imageUrl: string;
  url: string;
}

/** The image nearest 300 px wide (what a card shows), or none. */
function imageOf(images: z.infer<typeof Images>): string {
  if (images.length === 0) return "";
  const near = [...images].sort((a, b) => Math.abs((a.width ?? 300) - 300) - Math.abs((b.width ?? 300) - 300));
  return near[0]!.url;
}

function itemsOf<T>(answer: unknown, schema: z.ZodType<T>): T[] {
  const page = Paging.safeParse(answer);
  if (!page.success) throw new ProviderUnavailableError("Spotify answered no page of items");
  const seen = new Set<string>();
  const out: T[] = [];
  for (const raw of page.data.items) {
    const item = schema.safeParse(raw);
    if (!item.success) continue;
    const id = (item.data as { id: string }).id;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(item.data);
  }
  return out;
}

/** The person's top tracks over about six months, best first. */
export async function topTracks(accessToken: string): Promise<TopTrack[]> {
  const answer = await getJson(apiUrl(`/me/top/tracks?time_range=medium_term&limit=${TOP_ITEMS}`), accessToken);
  return itemsOf(answer, TrackItem).map((t) => ({
    trackId: t.id,
    name: t.name,
    artists: t.artists.map((a) => a.name),
    imageUrl: imageOf(t.album.images),
    url: t.external_urls.spotify ?? "",
  }));
}

/** The person's top artists over about six months, best first. */
export async function topArtists(accessToken: string): Promise<TopArtist[]> {
  const answer = await getJson(apiUrl(`/me/top/artists?time_range=medium_term&limit=${TOP_ITEMS}`), accessToken);
  return itemsOf(answer, ArtistItem).map((a) => ({
    artistId: a.id,
    name: a.name,
    imageUrl: imageOf(a.images),
    url: a.external_urls.spotify ?? "",
  }));
}

/** The account's name as Spotify shows it (its id when it has no display name). */
export async function accountName(accessToken: string): Promise<string> {
  const me = Me.safeParse(await getJson(apiUrl("/me"), accessToken));
  if (!me.success) throw new ProviderUnavailableError("Spotify answered no profile");
  return me.data.display_name?.trim() || me.data.id;
}
