import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { indexed, type Indexed } from "../catalogue-text.ts";

/** A film in the shipped catalogue (films.json). */
export interface ShippedFilm {
  /** TMDB's id. */
  id: number;
  title: string;
  original_title: string;
  original_language: string;
  /** `yyyy-mm-dd`. */
  release_date: string;
  overview: string;
  genre_ids: number[];
  /** false for a film TMDB has no poster for (its poster_path is null). */
  poster?: false;
}

export interface Film extends ShippedFilm {
  poster_path: string | null;
  popularity: number;
  rank: number;
  title$: Indexed;
  original$: Indexed;
}

export interface FilmCatalogue {
  films: Film[];
  byPoster: Map<string, Film>;
  byId: Map<number, Film>;
}

const FILE = new URL("./films.json", import.meta.url);
let loaded: FilmCatalogue | undefined;

export function filmCatalogue(): FilmCatalogue {
  loaded ??= filmCatalogueOf((JSON.parse(readFileSync(FILE, "utf8")) as { films: ShippedFilm[] }).films);
  return loaded;
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A poster file name shaped like TMDB's (`/` + 27 letters and digits + `.jpg`), the same every run. */
export function posterPathOf(id: number): string {
  const bytes = createHash("sha256").update(`poster:${id}`).digest();
  let name = "";
  for (let i = 0; i < 27; i++) name += BASE62[bytes[i]! % 62];
  return `/${name}.jpg`;
}

export function filmCatalogueOf(shipped: ShippedFilm[]): FilmCatalogue {
  const byPoster = new Map<string, Film>();
  const films = shipped.map((f, rank): Film => {
    const film: Film = {
      ...f,
      poster_path: f.poster === false ? null : posterPathOf(f.id),
      // The catalogue is ordered most watched first; TMDB's popularity falls the same way.
      popularity: Math.round((120 - (rank * 100) / Math.max(1, shipped.length)) * 1000) / 1000,
      rank,
      title$: indexed(f.title),
      original$: indexed(f.original_title),
    };
    if (film.poster_path) byPoster.set(film.poster_path.slice(1), film);
    return film;
  });
  return { films, byPoster, byId: new Map(films.map((f) => [f.id, f])) };
}
