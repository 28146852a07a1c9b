import { BookEntity } from "./book.entity.ts";
import type { MediaKind } from "./rules.ts";
import { MovieEntity } from "./movie.entity.ts";
import { CREATES_PER_TRANSACTION, dropCounts, removeItems } from "./shelf.ts";
import type { WriteOp } from "../../adapters/dynamo/index.ts";

async function removeAll(userId: string, kind: MediaKind, items: Array<{ itemId: string; remove: () => WriteOp }>) {
  for (let i = 0; i < items.length; i += CREATES_PER_TRANSACTION) {
    const chunk = items.slice(i, i + CREATES_PER_TRANSACTION);
    const removed = await removeItems(
      userId,
      kind,
      chunk.map((item) => ({ itemId: item.itemId, remove: item.remove() })),
    );
    // One of them was gone already (a delete, or a purge cut short): each alone, so each holder goes down once.
    if (!removed) {
      for (const item of chunk) await removeItems(userId, kind, [{ itemId: item.itemId, remove: item.remove() }]);
    }
  }
}

/**
 * Removes every book and film of a deleted account, the person's share of their holder counts,
 * and the shelf counts. Idempotent: each item goes in a transaction with its holder's decrement,
 * conditioned on the item still being there, so a purge cut short and run again takes each
 * holder down exactly once.
 */
export async function purgeAccount(userId: string): Promise<void> {
  const [books, movies] = await Promise.all([
    BookEntity.query.byUser({ userId }).go({ pages: "all", attributes: ["bookId"] }),
    MovieEntity.query.byUser({ userId }).go({ pages: "all", attributes: ["movieId"] }),
  ]);
  await Promise.all([
    removeAll(
      userId,
      "book",
      books.data.map(({ bookId }) => ({
        itemId: bookId,
        remove: () => BookEntity.delete({ userId, bookId }).where((attr, op) => op.exists(attr.addedAt)),
      })),
    ),
    removeAll(
      userId,
      "movie",
      movies.data.map(({ movieId }) => ({
        itemId: movieId,
        remove: () => MovieEntity.delete({ userId, movieId }).where((attr, op) => op.exists(attr.addedAt)),
      })),
    ),
  ]);
  // The counts go last: a purge cut short before here still finds what it counts.
  await dropCounts(userId);
}
