import type { ReactNode } from "react";
import type { UseInfiniteQueryResult } from "@tanstack/react-query";
import { LoadFailed } from "./LoadFailed.tsx";
import { type ListData, listCount } from "../lib/paged-list.ts";

interface ShelfStateProps<T> {
  shelf: Pick<
    UseInfiniteQueryResult<ListData<T>>,
    "data" | "isError" | "refetch" | "hasNextPage" | "fetchNextPage" | "isFetchingNextPage"
  >;
  what: string;
  empty: string;
  /** The "show more" button's test id. */
  moreTestId?: string;
  children: (items: T[]) => ReactNode;
}

/** A shelf read a page at a time: loading, a failure to retry, empty, or its items and a way to show more. */
export function ShelfState<T>({ shelf, what, empty, moreTestId = "media-more", children }: ShelfStateProps<T>) {
  const { data } = shelf;
  if (shelf.isError && !data) return <LoadFailed what={what} retry={() => void shelf.refetch()} />;
  if (!data)
    return (
      <p className="loading" role="status">
        loading {what}...
      </p>
    );
  const items = data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <p className="tune-section__empty">{empty}</p>;
  const count = listCount(data);
  return (
    <>
      {children(items)}
      {shelf.hasNextPage && (
        <button
          type="button"
          className="button button--outline media-more"
          disabled={shelf.isFetchingNextPage}
          onClick={() => void shelf.fetchNextPage()}
          data-testid={moreTestId}
        >
          {shelf.isFetchingNextPage
            ? "loading..."
            : `show more (${items.length.toLocaleString("en")} of ${count.toLocaleString("en")} shown)`}
        </button>
      )}
    </>
  );
}

/** What the last change came to: a problem (read out at once, until dismissed) or that it was done. */
export function Notice(props: { problem: string | null; done: string | null; onDismiss: () => void; testId: string }) {
  const { problem, done, onDismiss, testId } = props;
  return (
    <>
      <div role="alert" className="media-notice__alert" data-testid={`${testId}-problem`}>
        {problem && (
          <div className="media-notice media-notice--problem">
            <p>{problem}</p>
            <button type="button" className="button button--ghost media-notice__dismiss" onClick={onDismiss}>
              dismiss
            </button>
          </div>
        )}
      </div>
      <p role="status" className="media-notice__done" data-testid={`${testId}-done`}>
        {done}
      </p>
    </>
  );
}
