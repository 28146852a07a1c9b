/** Changes to a list of items with ids, for optimistic updates and their rollback. */

interface WithId {
  id: string;
}

/** The list without the item of that id (the same list when it is not there). */
export function withoutId<T extends WithId>(items: readonly T[], id: string): T[] {
  return items.filter((item) => item.id !== id);
}

/**
 * The list with `item` put back at `index` (clamped to the list), unless an item with its id is
 * in it already: a rollback must not duplicate an item a refetch has brought back meanwhile.
 */
export function withIdAt<T extends WithId>(items: readonly T[], item: T, index: number): T[] {
  if (items.some((other) => other.id === item.id)) return [...items];
  const at = Math.max(0, Math.min(index, items.length));
  return [...items.slice(0, at), item, ...items.slice(at)];
}
