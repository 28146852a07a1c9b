import { useId } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { SearchField } from "../../components/SearchField.tsx";
import { errorText } from "../../lib/api.ts";
import { MEDIA_TEXT } from "./media.ts";
import { Cover } from "./Cover.tsx";

export interface ResultView {
  key: string;
  title: string;
  byline: string;
  imageUrl: string | null;
  /** Said after the title when the result is on the shelf already. */
  onShelf?: boolean;
}

interface CatalogueSearchProps<R> {
  label: string;
  placeholder: string;
  /** What the results are ("books", "movies"), for the status line. */
  noun: string;
  text: string;
  onText: (text: string) => void;
  term: string | null;
  pending: boolean;
  search: Pick<UseQueryResult<{ results: R[] }>, "data" | "isFetching" | "error">;
  view: (result: R) => ResultView;
  onPick: (result: R) => void;
  testId: string;
}

/**
 * A catalogue search: the field, a status line that says what is happening (read out as it
 * changes), and the results, each a button that picks it.
 */
export function CatalogueSearch<R>(props: CatalogueSearchProps<R>) {
  const { label, placeholder, noun, text, onText, term, pending, search, view, onPick, testId } = props;
  const inputId = useId();
  const listId = useId();
  // At most 10, as the spec caps book search (the API does too).
  const results = term === null ? undefined : search.data?.results.slice(0, 10);
  const waiting = term !== null && (pending || search.isFetching);

  const status =
    term === null
      ? ""
      : waiting
        ? "searching..."
        : search.error
          ? errorText(search.error, MEDIA_TEXT.searchFailed)
          : results
            ? results.length === 0
              ? `no ${noun} match "${term}".`
              : `${results.length} ${results.length === 1 ? noun.replace(/s$/, "") : noun} found`
            : "";

  return (
    <div className="media-search" role="search" aria-label={label} data-testid={testId}>
      <label htmlFor={inputId} className="tune-form__label">
        {label}
      </label>
      <SearchField
        id={inputId}
        placeholder={placeholder}
        value={text}
        maxLength={200}
        onChange={(event) => onText(event.target.value)}
        aria-controls={listId}
        data-testid={`${testId}-input`}
      />
      <p
        className="media-search__status"
        role="status"
        data-testid={`${testId}-status`}
        data-error={!!search.error || undefined}
      >
        {status}
      </p>
      <ul
        id={listId}
        className="media-results"
        aria-label={`${noun} found`}
        aria-busy={waiting || undefined}
        data-testid={`${testId}-results`}
      >
        {results?.map((result) => {
          const shown = view(result);
          return (
            <li key={shown.key}>
              <button
                type="button"
                className="media-result"
                onClick={() => onPick(result)}
                data-testid={`${testId}-result`}
                data-id={shown.key}
              >
                <Cover url={shown.imageUrl} size="small" />
                <span className="media-result__text">
                  <span className="media-result__title">{shown.title}</span>
                  {shown.byline && <span className="media-result__byline">{shown.byline}</span>}
                  {shown.onShelf && <span className="media-result__shelf">on your list</span>}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
