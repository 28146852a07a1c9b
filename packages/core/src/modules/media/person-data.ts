import { declarePersonData } from "../../lib/person-data/index.ts";
import { countedEntries } from "../holders/index.ts";
import { listBooks } from "./books.ts";
import { listMovies } from "./movies.ts";
import { purgeAccount } from "./purge.ts";
import { shelfIds } from "./reads.ts";
import type { MediaKind } from "./rules.ts";

const shelf = (kind: MediaKind) => async (userId: string) =>
  (await shelfIds(userId, kind)).map((i) => ({ id: i.id, label: i.title }));

/** Books and films on the person's shelves: each an interest (weighed by its holders) and a profile section. */
export const personData = /* @__PURE__ */ declarePersonData({
  deletion: { name: "media", run: (a) => purgeAccount(a.userId) },
  interests: [
    { kind: "book", section: "books", build: countedEntries("book", shelf("book")) },
    { kind: "movie", section: "movies", build: countedEntries("movie", shelf("movie")) },
  ],
  sections: {
    books: (userId: string, limit: number) => listBooks(userId, limit),
    movies: (userId: string, limit: number) => listMovies(userId, limit),
  },
});
