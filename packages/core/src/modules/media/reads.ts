import { BookEntity } from "./book.entity.ts";
import type { MediaKind } from "./rules.ts";
import { MovieEntity } from "./movie.entity.ts";

/** Every book or film id on the person's shelf with its title (all pages, only those attributes). */
export async function shelfIds(userId: string, kind: MediaKind): Promise<Array<{ id: string; title: string }>> {
  if (kind === "book") {
    const { data } = await BookEntity.query.byUser({ userId }).go({ pages: "all", attributes: ["bookId", "title"] });
    return data.map((b) => ({ id: b.bookId, title: b.title ?? "" }));
  }
  const { data } = await MovieEntity.query.byUser({ userId }).go({ pages: "all", attributes: ["movieId", "title"] });
  return data.map((m) => ({ id: m.movieId, title: m.title ?? "" }));
}
