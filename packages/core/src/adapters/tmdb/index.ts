import { Resource } from "sst";
import * as z from "zod";
import { VisibleError } from "../../lib/errors/index.ts";
import { CatalogueAnswer, catalogueDown, getJson, parseEach } from "../catalogue-http/index.ts";
import { looseText, MEDIA_MESSAGES, SEARCH_RESULTS_MAX, shorten, TITLE_MAX } from "../../modules/media/rules.ts";

/**
 * TMDB's film search and image service. The key comes from the `TmdbToken` secret: a read
 * access token (a JWT, starting `eyJ`) goes in the Authorization header, an API key in the query.
 * Locally, without a key, the stand-in answers in TMDB's shapes and requires its own token.
 */

const Result = z.object({
  id: z.number().int().positive(),
  title: z.string().min(1),
  original_title: z.string().optional(),
  release_date: z.string().optional().nullable(),
  poster_path: z
    .string()
    .regex(/^\/[A-Za-z0-9_.-]{1,100}$/)
    .nullable()
    .optional(),
  overview: z.string().optional().nullable(),
});
const Answer = z.object({ results: z.array(z.unknown()) });

export interface CatalogueMovie {
  tmdbId: number;
  title: string;
  originalTitle: string;
  releaseDate: string | null;
  posterPath: string | null;
  overview: string;
}

const settings = () => Resource.MediaCatalogues;

/** A poster path as an address at TMDB's image service (185 px wide: the lists' size). */
export const posterUrlOf = (posterPath: string | null | undefined) =>
  posterPath ? `${settings().tmdbImageUrl.replace(/\/$/, "")}/w185${posterPath}` : null;

/** A poster path a client sent: kept only in TMDB's relative form. */
export const isPosterPath = (path: string) => /^\/[A-Za-z0-9_.-]{1,100}$/.test(path);

function toMovie(entry: unknown): CatalogueMovie | undefined {
  const parsed = Result.safeParse(entry);
  if (!parsed.success) return undefined;
  const r = parsed.data;
  return {
    tmdbId: r.id,
    title: shorten(r.title.trim(), TITLE_MAX),
    originalTitle: r.original_title ?? r.title,
    releaseDate: r.release_date && /^\d{4}-\d{2}-\d{2}$/.test(r.release_date) ? r.release_date : null,
    posterPath: r.poster_path ?? null,
    overview: shorten(r.overview ?? "", 1000),
  };
}

/**
 * GETs `path` of TMDB's API with the configured key; `null` when TMDB answers 404 (no such
 * film). Throws 503s a person can read when the key is missing or refused, or TMDB is down.
 */
async function getTmdb(path: string, query: Record<string, string>, deadline?: number): Promise<unknown> {
  const token = Resource.TmdbToken.value.trim();
  if (token === "") throw new VisibleError(503, "not_configured", MEDIA_MESSAGES.movieSearchUnconfigured);
  const url = new URL(`${settings().tmdbApiUrl.replace(/\/$/, "")}${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const headers: Record<string, string> = {};
  if (token.startsWith("eyJ")) headers.authorization = `Bearer ${token}`;
  else url.searchParams.set("api_key", token);
  try {
    return await getJson(url.toString(), headers, deadline);
  } catch (error) {
    if (error instanceof CatalogueAnswer && error.status === 404) return null;
    if (error instanceof CatalogueAnswer && error.status === 401) {
      throw new VisibleError(503, "not_configured", MEDIA_MESSAGES.movieCatalogueRefused);
    }
    throw catalogueDown(MEDIA_MESSAGES.movieCatalogueDown);
  }
}

/** Films TMDB finds for `query` (in `year` when given), at most SEARCH_RESULTS_MAX. */
export async function searchFilms(query: string, year?: number, deadline?: number): Promise<CatalogueMovie[]> {
  const answer = await getTmdb(
    "/3/search/movie",
    {
      query,
      page: "1",
      include_adult: "false",
      ...(year !== undefined ? { year: String(year) } : {}),
    },
    deadline,
  );
  const parsed = Answer.safeParse(answer);
  if (!parsed.success) throw catalogueDown(MEDIA_MESSAGES.movieCatalogueDown);
  return parseEach(parsed.data.results, toMovie).slice(0, SEARCH_RESULTS_MAX);
}

/** The film TMDB has under `tmdbId` (`GET /3/movie/{id}`), or null when it has none. */
export async function filmById(tmdbId: number, deadline?: number): Promise<CatalogueMovie | null> {
  const answer = await getTmdb(`/3/movie/${tmdbId}`, {}, deadline);
  if (answer === null) return null;
  const film = toMovie(answer);
  if (!film) throw catalogueDown(MEDIA_MESSAGES.movieCatalogueDown);
  return film;
}

/**
 * TMDB's entry for a Letterboxd row: searched by title in its year; the first whose title (or
 * original title) is the row's, else the one film of that year when the search found only one.
 * Null when none.
 */
export async function matchFilm(name: string, year: number | null, deadline?: number): Promise<CatalogueMovie | null> {
  const found = await searchFilms(name, year ?? undefined, deadline);
  const wanted = looseText(name);
  const sameYear = (m: CatalogueMovie) => year === null || m.releaseDate?.startsWith(String(year)) === true;
  const named = found.find(
    (m) => sameYear(m) && (looseText(m.title) === wanted || looseText(m.originalTitle) === wanted),
  );
  if (named) return named;
  const ofYear = found.filter(sameYear);
  return year !== null && ofYear.length === 1 ? ofYear[0]! : null;
}
