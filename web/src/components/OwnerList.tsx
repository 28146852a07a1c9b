import { type ReactNode, useState } from "react";
import type { UseInfiniteQueryResult } from "@tanstack/react-query";
import { type ListData, listCount } from "../lib/paged-list.ts";
import { LoadFailed } from "./LoadFailed.tsx";
import "./owner-list.css";

/** One item as the list shows it. */
export interface OwnerListRow {
  /** The item's id on the list (`data-id`). */
  id: string;
  /** Its name (`data-title`), which the edit and delete buttons say ("delete Dune"). */
  title: string;
  /** Shown before the text: a cover, a channel's picture. */
  picture?: ReactNode;
  /** The item's text: its title, byline, rating. */
  text: ReactNode;
  /** Shown under the text while the item is not being edited (its notes, which the form then holds). */
  detail?: ReactNode;
  /** A one-line item: its picture and buttons centred on the text. */
  short?: boolean;
}

/** A list read a page at a time, as `useInfiniteQuery` holds it. */
export type PagedList<T> = Pick<
  UseInfiniteQueryResult<ListData<T>>,
  "data" | "isError" | "refetch" | "hasNextPage" | "fetchNextPage" | "isFetchingNextPage"
>;

interface OwnerListProps<T> {
  list: PagedList<T>;
  /** What the list is, as its loading and failure texts say it ("your channels"). */
  what: string;
  /** What it says while it holds nothing. */
  empty: string;
  row: (item: T) => OwnerListRow;
  onDelete: (item: T) => void;
  /** An item's form to edit it in place (a shelf's rating and notes); `done` closes it. */
  edit?: (item: T, done: () => void) => ReactNode;
  /** The list's name for assistive technology (its section's heading). */
  labelledBy: string;
  testIds: { list: string; item: string; delete: string; more: string; edit?: string };
}

/**
 * One of the person's own lists on the settings pages — books, films, YouTube channels and
 * videos: newest first, a page at a time with a "show more", each item with its delete (and its
 * edit, where items can be edited in place); loading, a failure to retry, or empty.
 */
export function OwnerList<T>({ list, what, empty, row, onDelete, edit, labelledBy, testIds }: OwnerListProps<T>) {
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <ListState list={list} what={what} empty={empty} moreTestId={testIds.more}>
      {(items) => (
        <ul className="media-shelf" aria-labelledby={labelledBy} data-testid={testIds.list}>
          {items.map((item) => {
            const { id, title, picture, text, detail, short } = row(item);
            const isEditing = edit !== undefined && editing === id;
            const editId = `media-edit-${testIds.list}-${id}`;
            return (
              <li key={id} className="media-item" data-testid={testIds.item} data-id={id} data-title={title}>
                <div className={short ? "media-item__row media-item__row--center" : "media-item__row"}>
                  {picture}
                  <div className="media-item__main">
                    {text}
                    {!isEditing && detail}
                  </div>
                  <div className="media-item__actions">
                    {edit && (
                      <button
                        type="button"
                        className="button button--ghost media-item__action"
                        aria-expanded={isEditing}
                        aria-controls={isEditing ? editId : undefined}
                        aria-label={`edit ${title}`}
                        onClick={() => setEditing(isEditing ? null : id)}
                        data-testid={testIds.edit}
                      >
                        edit
                      </button>
                    )}
                    <button
                      type="button"
                      className="button button--ghost media-item__action tune-row__delete"
                      aria-label={`delete ${title}`}
                      onClick={() => onDelete(item)}
                      data-testid={testIds.delete}
                    >
                      delete
                    </button>
                  </div>
                </div>
                {isEditing && edit && (
                  <div id={editId} className="media-item__edit">
                    {edit(item, () => setEditing(null))}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </ListState>
  );
}

interface ListStateProps<T> {
  list: PagedList<T>;
  what: string;
  empty: string;
  /** The "show more" button's test id. */
  moreTestId: string;
  children: (items: T[]) => ReactNode;
}

/** A list read a page at a time: loading, a failure to retry, empty, or its items and a way to show more. */
function ListState<T>({ list, what, empty, moreTestId, children }: ListStateProps<T>) {
  const { data } = list;
  if (list.isError && !data) return <LoadFailed what={what} retry={() => void list.refetch()} />;
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
      {list.hasNextPage && (
        <button
          type="button"
          className="button button--outline media-more"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
          data-testid={moreTestId}
        >
          {list.isFetchingNextPage
            ? "loading..."
            : `show more (${items.length.toLocaleString("en")} of ${count.toLocaleString("en")} shown)`}
        </button>
      )}
    </>
  );
}

/** What the last change to a list came to: a problem (read out at once, until dismissed) or that it was done. */
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
