/**
 * Changes to a shelf as the page holds it (pages of items read newest first, and the shelf's
 * count), for optimistic adds, edits and deletes and their rollback. Pure: data in, data out.
 */
import type { InfiniteData } from "@tanstack/react-query";

interface WithId {
  id: string;
}

/** One page of a shelf: its items, where the next page starts (null at the end) and the shelf's count. */
export interface ShelfPage<T> {
  items: T[];
  cursor: string | null;
  count: number;
}

export type ShelfData<T> = InfiniteData<ShelfPage<T>, unknown>;

/** Where an item was, for putting it back. */
export interface ShelfPlace {
  page: number;
  index: number;
}

function withCount<T>(data: ShelfData<T>, count: number): ShelfData<T> {
  return { ...data, pages: data.pages.map((p) => ({ ...p, count: Math.max(0, count) })) };
}

export function shelfCount<T>(data: ShelfData<T> | undefined): number {
  return data?.pages[0]?.count ?? 0;
}

export function placeOf<T extends WithId>(data: ShelfData<T> | undefined, id: string): ShelfPlace | null {
  for (const [page, p] of (data?.pages ?? []).entries()) {
    const index = p.items.findIndex((item) => item.id === id);
    if (index >= 0) return { page, index };
  }
  return null;
}

/**
 * The shelf with `item` first (newest), counted once: an item already there (adding a book twice
 * keeps one) moves to the front and the count stays.
 */
export function withAdded<T extends WithId>(data: ShelfData<T>, item: T): ShelfData<T> {
  const had = placeOf(data, item.id) !== null;
  const pages = data.pages.map((p, i) => {
    const rest = p.items.filter((other) => other.id !== item.id);
    return { ...p, items: i === 0 ? [item, ...rest] : rest };
  });
  return withCount({ ...data, pages }, shelfCount(data) + (had ? 0 : 1));
}

/** The shelf with the item of that id replaced where it is (unchanged when it is not there). */
export function withReplaced<T extends WithId>(data: ShelfData<T>, item: T): ShelfData<T> {
  return {
    ...data,
    pages: data.pages.map((p) => ({ ...p, items: p.items.map((o) => (o.id === item.id ? item : o)) })),
  };
}

/** The shelf without the item of that id, counted one less (unchanged when it is not there). */
export function withoutItem<T extends WithId>(data: ShelfData<T>, id: string): ShelfData<T> {
  if (placeOf(data, id) === null) return data;
  const pages = data.pages.map((p) => ({ ...p, items: p.items.filter((item) => item.id !== id) }));
  return withCount({ ...data, pages }, shelfCount(data) - 1);
}

/**
 * The shelf with `item` back at its place (clamped to its page), counted again; unchanged when
 * it is there already (a read in between brought it back).
 */
export function withItemAt<T extends WithId>(data: ShelfData<T>, item: T, place: ShelfPlace): ShelfData<T> {
  if (placeOf(data, item.id) !== null || data.pages.length === 0) return data;
  const pageIndex = Math.min(place.page, data.pages.length - 1);
  const pages = data.pages.map((p, i) => {
    if (i !== pageIndex) return p;
    const at = Math.max(0, Math.min(place.index, p.items.length));
    return { ...p, items: [...p.items.slice(0, at), item, ...p.items.slice(at)] };
  });
  return withCount({ ...data, pages }, shelfCount(data) + 1);
}
