import { useEffect, useLayoutEffect, useRef } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { cardTitle, TITLE_MAX, TITLE_MAX_MOBILE, truncateTitle } from "../../lib/titles.ts";
import { postsSearchQuery } from "./api.ts";
import { type ArticleSearchResult, findView, flattenPages, formatResultDate, highlightTitle } from "./find.ts";
import { PHONE_SCREEN, useMediaQuery } from "../../hooks/use-media-query.ts";
import { FindEmpty, FindError, FindStatus, Highlighted } from "./FindStatus.tsx";
import "./find.css";

/** Start on the next page while the end of the list is still this far below the screen. */
const LOAD_AHEAD = "0px 0px 600px 0px";

interface PostsResultsProps {
  term: string | null;
  text: string;
  pending: boolean;
}

export function PostsResults({ term, text, pending }: PostsResultsProps) {
  const query = useInfiniteQuery(postsSearchQuery(term));

  const isMobile = useMediaQuery(PHONE_SCREEN);
  const results = term === null ? [] : flattenPages(query.data?.pages);
  const stale = query.isPlaceholderData;
  const firstPageError = query.isError && !query.isFetchNextPageError;
  const view = findView({
    term,
    text,
    pending,
    isError: firstPageError,
    isWaiting: query.isPending || stale,
    count: results.length,
  });
  const busy = term !== null && (pending || (query.isFetching && !query.isFetchingNextPage));
  const canLoadMore = view.kind === "results" && !stale && !pending && query.hasNextPage && !query.isFetchNextPageError;

  return (
    <>
      <FindStatus type="posts" view={view} busy={busy} />
      {view.kind === "error" && <FindError onRetry={() => void query.refetch()} />}
      {view.kind === "empty" && <FindEmpty term={view.term} coverage />}
      {view.kind === "results" && (
        <>
          <ol
            className={`find-results${busy ? " is-stale" : ""}`}
            data-testid="find-results"
            aria-busy={busy}
            aria-label="articles found"
          >
            {results.map((result) => (
              <PostResult key={result.id} result={result} term={stale ? null : term} isMobile={isMobile} />
            ))}
          </ol>
          {canLoadMore && (
            <MoreSentinel
              loading={query.isFetchingNextPage}
              pageCount={query.data?.pages.length ?? 0}
              onVisible={() => {
                if (!query.isFetchingNextPage) void query.fetchNextPage();
              }}
            />
          )}
          {query.isFetchNextPageError && <FindError onRetry={() => void query.fetchNextPage()} />}
          {!stale && !pending && !query.hasNextPage && !query.isFetchNextPageError && results.length > 0 && (
            <p className="find-end" data-testid="find-end">
              end of results
            </p>
          )}
        </>
      )}
    </>
  );
}

interface PostResultProps {
  result: ArticleSearchResult;
  /** The search to mark in the title; null while the rows belong to an earlier one. */
  term: string | null;
  isMobile: boolean;
}

function PostResult({ result, term, isMobile }: PostResultProps) {
  const whole = cardTitle(result.title, result.source);
  const title = truncateTitle(whole, isMobile ? TITLE_MAX_MOBILE : TITLE_MAX) || result.link;
  const cut = title !== whole;
  const date = formatResultDate(result.publication_date);
  return (
    <li className="find-result" data-testid="find-result" data-article-id={result.id}>
      <a
        className="find-result__title"
        href={result.link}
        target="_blank"
        rel="noopener noreferrer"
        title={cut ? whole : undefined}
      >
        <Highlighted parts={highlightTitle(title, term)} />
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      <p className="find-result__meta">
        {result.source && <span className="find-result__source">{result.source}</span>}
        {date && (
          <time className="find-result__date" dateTime={result.publication_date}>
            {date}
          </time>
        )}
      </p>
    </li>
  );
}

interface MoreSentinelProps {
  loading: boolean;
  /** Pages loaded so far: each new page re-checks whether the end is still in reach. */
  pageCount: number;
  onVisible: () => void;
}

/**
 * Sits after the last result and asks for the next page when it comes near the screen. It is
 * observed afresh after every page, so a screen tall enough to show a whole page keeps loading.
 */
function MoreSentinel({ loading, pageCount, onVisible }: MoreSentinelProps) {
  const ref = useRef<HTMLDivElement>(null);
  const onVisibleRef = useRef(onVisible);
  useLayoutEffect(() => {
    onVisibleRef.current = onVisible;
  });

  useEffect(() => {
    const element = ref.current;
    if (!element || loading || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          onVisibleRef.current();
        }
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [loading, pageCount]);

  return (
    <div ref={ref} className="find-more" data-testid="find-more" aria-hidden={!loading}>
      {loading ? "loading more…" : ""}
    </div>
  );
}
