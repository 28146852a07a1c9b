/**
 * One of the person's own lists as the page holds it — a shelf of books or films, their YouTube
 * channels or videos: pages of items read newest first, and the list's count. Changes to it for
 * optimistic adds, edits and deletes and their rollback. Pure: data in, data out.
 */
import type { InfiniteData } from "@tanstack/react-query";

interface WithId {
  id: string;
}

/** One page of a list: its items, where the next page starts (null at the end) and the list's count. */
export interface ListPage<T> {
  items: T[];
  cursor: string | null;
  count: number;
}

export type ListData<T> = InfiniteData<ListPage<T>, unknown>;

/** Where an item was, for putting it back. */
export interface ListPlace {
  page: number;
  index: number;
}

function withCount<T>(data: ListData<T>, count: number): ListData<T> {
  return { ...data, pages: data.pages.map((p) => ({ ...p, count: Math.max(0, count) })) };
}

export function listCount<T>(data: ListData<T> | undefined): number {
  return data?.pages[0]?.count ?? 0;
}

export function placeOf<T extends WithId>(data: ListData<T> | undefined, id: string): ListPlace | null {
  for (const [page, p] of (data?.pages ?? []).entries()) {
    const index = p.items.findIndex((item) => item.id === id);
    if (index >= 0) return { page, index };
  }
  return null;
}

/**
 * The list with `item` first (newest), counted once: an item already there (adding a book twice
 * keeps one) moves to the front and the count stays.
 */
export function withAdded<T extends WithId>(data: ListData<T>, item: T): ListData<T> {
  const had = placeOf(data, item.id) !== null;
  const pages = data.pages.map((p, i) => {
    const rest = p.items.filter((other) => other.id !== item.id);
    return { ...p, items: i === 0 ? [item, ...rest] : rest };
  });
  return withCount({ ...data, pages }, listCount(data) + (had ? 0 : 1));
}

/** The list with the item of that id replaced where it is (unchanged when it is not there). */
export function withReplaced<T extends WithId>(data: ListData<T>, item: T): ListData<T> {
  return {
    ...data,
    pages: data.pages.map((p) => ({ ...p, items: p.items.map((o) => (o.id === item.id ? item : o)) })),
  };
}

/** The list without the item of that id, counted one less (unchanged when it is not there). */
export function withoutItem<T extends WithId>(data: ListData<T>, id: string): ListData<T> {
  if (placeOf(data, id) === null) return data;
  const pages = data.pages.map((p) => ({ ...p, items: p.items.filter((item) => item.id !== id) }));
  return withCount({ ...data, pages }, listCount(data) - 1);
}

/**
 * The list with `item` back at its place (clamped to its page), counted again; unchanged when
 * it is there already (a read in between brought it back).
 */
export function withItemAt<T extends WithId>(data: ListData<T>, item: T, place: ListPlace): ListData<T> {
  if (placeOf(data, item.id) !== null || data.pages.length === 0) return data;
  const pageIndex = Math.min(place.page, data.pages.length - 1);
  const pages = data.pages.map((p, i) => {
    if (i !== pageIndex) return p;
    const at = Math.max(0, Math.min(place.index, p.items.length));
    return { ...p, items: [...p.items.slice(0, at), item, ...p.items.slice(at)] };
  });
  return withCount({ ...data, pages }, listCount(data) + 1);
}
