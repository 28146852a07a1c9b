import { useId, useRef, useState } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Section } from "../../components/Section.tsx";
import {
  type ImportedMovieRow,
  type Movie,
  type MovieResult,
  type Review,
  addMovie,
  deleteMovie,
  editMovie,
  importMovies,
  movieShelfQuery,
} from "./api.ts";
import { CatalogueSearch } from "./CatalogueSearch.tsx";
import { Cover } from "./Cover.tsx";
import { type LetterboxdFilm, parseLetterboxd } from "./letterboxd.ts";
import { useMovieSearch, useShelfChanges } from "./hooks.ts";
import { ImportPanel } from "./ImportPanel.tsx";
import { DELETE_MOVIE_FAILED, MEDIA_TEXT, movieByline } from "./media.ts";
import { Notice, ShelfState } from "./ShelfState.tsx";
import { ReviewForm } from "./ReviewForm.tsx";
import { ShelfList } from "./ShelfList.tsx";
import { shelfCount } from "./shelf-cache.ts";
import { useExportImport } from "./use-import.ts";

interface PickedMovie {
  result: MovieResult;
  review: Review;
}

/** The film as the list shows it until the server has answered. */
function shownMovie({ result, review }: PickedMovie): Movie {
  return {
    id: String(result.tmdb_id),
    tmdb_id: result.tmdb_id,
    title: result.title,
    release_date: result.release_date,
    poster_path: result.poster_path,
    poster_url: result.poster_url,
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
  imageUrl: movie.poster_url,
  rating: movie.rating,
  notes: movie.notes,
});

/** The movies list: find a film and add it with a rating and notes, the list to edit, and a Letterboxd import. */
export function MoviesSection({ userId }: { userId: string }) {
  const headingId = useId();
  const shelfOptions = movieShelfQuery(userId);
  const shelf = useInfiniteQuery(shelfOptions);
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [text, setText] = useState("");
  const [picked, setPicked] = useState<MovieResult | null>(null);
  const searchBox = useRef<HTMLDivElement>(null);
  const { term, pending, search } = useMovieSearch(text);

  const changes = useShelfChanges<Movie, PickedMovie>({
    key: shelfOptions.queryKey,
    add: addPayload,
    shown: shownMovie,
    edit: editMovie,
    remove: deleteMovie,
    messages: {
      addFailed: (movie) => MEDIA_TEXT.addMovieFailed(movie.title),
      editFailed: (movie) => MEDIA_TEXT.editMovieFailed(movie.title),
      deleteFailed: DELETE_MOVIE_FAILED,
    },
    onProblem: (message) => {
      setAdded(null);
      setProblem(message);
    },
  });

  const letterboxd = useExportImport({
    parse: parseLetterboxd,
    toRow: importedMovieRow,
    titleOf: (film) => film.name,
    send: importMovies,
    shelfKey: shelfOptions.queryKey,
  });

  const onShelf = new Map((shelf.data?.pages ?? []).flatMap((p) => p.items).map((m) => [m.id, m] as const));
  const current = picked ? onShelf.get(String(picked.tmdb_id)) : undefined;
  const focusSearch = () => searchBox.current?.querySelector("input")?.focus();

  return (
    <Section
      title="movies"
      count={shelf.data ? shelfCount(shelf.data) : undefined}
      headingId={headingId}
      testId="movies"
    >
      <div ref={searchBox}>
        <CatalogueSearch<MovieResult>
          label="find a movie"
          placeholder="title"
          noun="movies"
          text={text}
          onText={(next) => {
            setText(next);
            setPicked(null);
          }}
          term={picked ? null : term}
          pending={pending}
          search={search}
          view={(result) => ({
            key: String(result.tmdb_id),
            title: result.title,
            byline: movieByline(result),
            imageUrl: result.poster_url,
            onShelf: onShelf.has(String(result.tmdb_id)),
          })}
          onPick={(result) => {
            setPicked(result);
            setProblem(null);
            setAdded(null);
          }}
          testId="movie-search"
        />
      </div>

      {picked && (
        <ReviewForm
          key={picked.tmdb_id}
          initial={current ? { rating: current.rating, notes: current.notes } : undefined}
          submitLabel={current ? "save to your movies" : "add to your movies"}
          onSubmit={(review) => {
            changes.add({ result: picked, review });
            setAdded(`added "${picked.title}" to your movies.`);
            setPicked(null);
            setText("");
            focusSearch();
          }}
          onCancel={() => {
            setPicked(null);
            focusSearch();
          }}
          testId="movie-add-form"
        >
          <div className="media-picked">
            <Cover url={picked.poster_url} size="medium" />
            <div className="media-item__main">
              <span className="media-item__title">{picked.title}</span>
              <span className="media-item__byline">{movieByline(picked)}</span>
              {current && (
                <span className="media-result__shelf">on your list: saving changes its rating and notes</span>
              )}
            </div>
          </div>
        </ReviewForm>
      )}

      <Notice problem={problem} done={added} onDismiss={() => setProblem(null)} testId="movies" />

      <ShelfState
        shelf={shelf}
        what="your movies"
        empty="no movies yet. find one above, or import from Letterboxd below."
      >
        {(movies) => (
          <ShelfList<Movie>
            items={movies}
            view={movieView}
            onEdit={changes.edit}
            onDelete={(movie) => {
              setProblem(null);
              setAdded(null);
              changes.remove(movie);
            }}
            labelledBy={headingId}
            testId="movie-shelf"
          />
        )}
      </ShelfState>

      <ImportPanel
        title="import from Letterboxd"
        noun="movie"
        state={letterboxd.state}
        onFile={(file, how) => void letterboxd.start(file, how)}
        testId="letterboxd"
      >
        <p>
          On Letterboxd, open Settings, then Import &amp; Export, and export your data. Choose or drop the ratings.csv
          (films with your ratings) or watched.csv (every film you logged) from it. Each film is matched to the film
          catalogue by title and year; a film already here is updated, never added twice.
        </p>
      </ImportPanel>
    </Section>
  );
}
