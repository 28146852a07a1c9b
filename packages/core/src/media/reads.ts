import { getMany } from "../db.ts";
import { BookEntity } from "./book.entity.ts";
import { HoldersEntity, type MediaKind } from "./holders.entity.ts";
import { MovieEntity } from "./movie.entity.ts";

/** Every book or film id on the person's shelf with its title (all pages, only those attributes). */
export async function shelfIds(userId: string, kind: MediaKind): Promise<Array<{ id: string; title: string }>> {
  if (kind === "book") {
    const { data } = await BookEntity.query.byUser({ userId }).go({ pages: "all", attributes: ["bookId", "title"] });
    return data.map((b) => ({ id: b.bookId!, title: b.title ?? "" }));
  }
  const { data } = await MovieEntity.query.byUser({ userId }).go({ pages: "all", attributes: ["movieId", "title"] });
  return data.map((m) => ({ id: m.movieId!, title: m.title ?? "" }));
}

/** How many people hold each of `ids` (ids nobody holds are left out). */
export async function holderCounts(kind: MediaKind, ids: string[]): Promise<Map<string, number>> {
  const unique = [...new Set(ids)];
  const items = await getMany<{ itemId: string; holders?: number }>(
    HoldersEntity,
    unique.map((itemId) => ({ kind, itemId })),
    ["itemId", "holders"],
  );
  return new Map(items.filter((i) => (i.holders ?? 0) > 0).map((i) => [i.itemId, i.holders!]));
}
