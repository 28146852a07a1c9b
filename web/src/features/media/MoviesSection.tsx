import {
  type ImportedMovieRow,
  type Movie,
  type MovieResult,
  addMovie,
  deleteMovie,
  editMovie,
  importMovies,
  movieShelfQuery,
} from "./api.ts";
import { type LetterboxdFilm, parseLetterboxd } from "./letterboxd.ts";
import { useMovieSearch } from "./hooks.ts";
import { DELETE_MOVIE_FAILED, MEDIA_TEXT, movieByline } from "./media.ts";
import { type Picked, ShelfSection, shelfKind } from "./ShelfSection.tsx";

type PickedMovie = Picked<MovieResult>;

/** The film as the list shows it until the server has answered. */
function shownMovie({ result, review }: PickedMovie): Movie {
  return {
    id: String(result.tmdb_id),
    tmdb_id: result.tmdb_id,
    title: result.title,
    release_date: result.release_date,
    poster_path: result.poster_path,
    poster_url: result.poster_url,
    picture_url: result.picture_url,
    rating: review.rating,
    notes: review.notes,
    updated_at: new Date().toISOString(),
  };
}

function addPayload({ result, review }: PickedMovie) {
  return addMovie({
    tmdb_id: result.tmdb_id,
    rating: review.rating,
    notes: review.notes,
    poster_path: result.poster_path,
    release_date: result.release_date,
    title: result.title,
  });
}

/** A Letterboxd row as `add_from_csv` takes it. */
export function importedMovieRow(film: LetterboxdFilm): ImportedMovieRow {
  return {
    name: film.name,
    year: film.year === null ? "" : String(film.year),
    letterboxdUri: film.letterboxdUri ?? "",
    rating: film.rating,
    date: film.date,
  };
}

const movieView = (movie: Movie) => ({
  id: movie.id,
  title: movie.title,
  byline: movieByline(movie),
  imageUrl: movie.picture_url,
  rating: movie.rating,
  notes: movie.notes,
});

const MOVIES = shelfKind({
  noun: { one: "movie", many: "movies" },
  placeholder: "title",
  empty: "no movies yet. find one above, or import from Letterboxd below.",
  testIds: {
    section: "movies",
    search: "movie-search",
    addForm: "movie-add-form",
    shelf: "movie-shelf",
    import: "letterboxd",
  },
  shelfQuery: movieShelfQuery,
  useSearch: useMovieSearch,
  // A film is on the shelf under its catalogue (TMDB) id, written as text.
  viewResult: (result) => ({
    key: String(result.tmdb_id),
    title: result.title,
    byline: movieByline(result),
    imageUrl: result.picture_url,
  }),
  viewItem: movieView,
  shown: shownMovie,
  add: addPayload,
  edit: editMovie,
  remove: deleteMovie,
  messages: {
    addFailed: (movie) => MEDIA_TEXT.addMovieFailed(movie.title),
    editFailed: (movie) => MEDIA_TEXT.editMovieFailed(movie.title),
    deleteFailed: DELETE_MOVIE_FAILED,
  },
  exportImport: {
    title: "import from Letterboxd",
    help: (
      <p>
        On Letterboxd, open Settings, then Import &amp; Export, and export your data. Choose or drop the ratings.csv
        (films with your ratings) or watched.csv (every film you logged) from it. Each film is matched to the film
        catalogue by title and year; a film already here is updated, never added twice.
      </p>
    ),
    parse: parseLetterboxd,
    toRow: importedMovieRow,
    titleOf: (film) => film.name,
    send: importMovies,
  },
});

/** The movies list: find a film and add it with a rating and notes, the list to edit, and a Letterboxd import. */
export function MoviesSection({ userId }: { userId: string }) {
  return <ShelfSection kind={MOVIES} userId={userId} />;
}
