import { readFileSync } from "node:fs";
import { indexed, type Indexed } from "../catalogue-text.ts";
import { isbn10, isbn13 } from "./isbn.ts";

/** A work in the shipped catalogue (books.json). */
export interface ShippedBook {
  /** Open Library's work id, `OL…W`. */
  key: string;
  title: string;
  authors: string[];
  /** First publication year. */
  year: number;
  /** ISBN-13s of its editions; their ISBN-10 forms are added when loaded. */
  isbn: string[];
  subjects: string[];
  /** The cover's id on the cover service (`/b/id/<cover>-M.jpg`); absent for a book without one. */
  cover?: number;
}

export interface Book extends ShippedBook {
  /** Every ISBN, in both forms. */
  allIsbns: string[];
  /** Its place in the catalogue, which is ordered most read first: the tie-break in rankings. */
  rank: number;
  title$: Indexed;
  authors$: Indexed;
  subjects$: Indexed;
}

export interface BookCatalogue {
  books: Book[];
  byIsbn: Map<string, Book>;
  byCover: Map<number, Book>;
}

const FILE = new URL("./books.json", import.meta.url);

let loaded: BookCatalogue | undefined;

/** The shipped catalogue, read once. */
export function bookCatalogue(): BookCatalogue {
  loaded ??= catalogueOf((JSON.parse(readFileSync(FILE, "utf8")) as { books: ShippedBook[] }).books);
  return loaded;
}

export function catalogueOf(shipped: ShippedBook[]): BookCatalogue {
  const byIsbn = new Map<string, Book>();
  const byCover = new Map<number, Book>();
  const books = shipped.map((b, rank): Book => {
    const allIsbns = [...new Set(b.isbn.flatMap((i) => [isbn13(i), isbn10(i)]).filter((i): i is string => !!i))];
    const book: Book = {
      ...b,
      allIsbns,
      rank,
      title$: indexed(b.title),
      authors$: indexed(b.authors.join(" ")),
      subjects$: indexed(b.subjects.join(" ")),
    };
    for (const isbn of allIsbns) if (!byIsbn.has(isbn)) byIsbn.set(isbn, book);
    if (b.cover !== undefined) byCover.set(b.cover, book);
    return book;
  });
  return { books, byIsbn, byCover };
}
