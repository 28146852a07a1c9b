import { createHash } from "node:crypto";
import { bookCatalogue, type Book } from "@graph/local/open-library/catalogue";
import { isbn10, isbn13 } from "@graph/local/open-library/isbn";
import { filmCatalogue } from "@graph/local/tmdb/catalogue";
import { mulberry32 } from "../bench/random.ts";

/**
 * Goodreads and Letterboxd exports as those services write them, for tests and benches. Titles
 * come from the stand-ins' shipped catalogues (so matches, covers and posters line up) plus
 * some that no catalogue holds. The same options always give the same file.
 */

/** Goodreads' library export today ("Export Library" in My Books → Import and export). */
export const GOODREADS_COLUMNS = [
  "Book Id",
  "Title",
  "Author",
  "Author l-f",
  "Additional Authors",
  "ISBN",
  "ISBN13",
  "My Rating",
  "Average Rating",
  "Publisher",
  "Binding",
  "Number of Pages",
  "Year Published",
  "Original Publication Year",
  "Date Read",
  "Date Added",
  "Bookshelves",
  "Bookshelves with positions",
  "Exclusive Shelf",
  "My Review",
  "Spoiler",
  "Private Notes",
  "Read Count",
  "Owned Copies",
] as const;

/** The older, longer export (still in many people's files): recommendations and the owned-copy details. */
export const GOODREADS_LEGACY_COLUMNS = [
  ...GOODREADS_COLUMNS.slice(0, GOODREADS_COLUMNS.indexOf("Read Count") + 1),
  "Recommended For",
  "Recommended By",
  "Owned Copies",
  "Original Purchase Date",
  "Original Purchase Location",
  "Condition",
  "Condition Description",
  "BCID",
] as const;

export type GoodreadsShelf = "read" | "to-read" | "currently-reading";

/** What a row says, as a correct parser reads it back (no `="…"`, the review with its HTML and line breaks). */
export interface GoodreadsRow {
  bookId: string;
  title: string;
  author: string;
  additionalAuthors: string;
  /** The ISBN-10 and ISBN-13 cells without Goodreads' `="…"` wrapping; empty when the cell is `=""`. */
  isbn: string;
  isbn13: string;
  /** 0 means not rated. */
  myRating: number;
  yearPublished: string;
  originalPublicationYear: string;
  /** `yyyy/mm/dd`, or empty. */
  dateRead: string;
  dateAdded: string;
  exclusiveShelf: GoodreadsShelf;
  review: string;
  /** The catalogue work this row is drawn from (its `OL…W` key); undefined for a book no catalogue holds. */
  catalogueKey?: string;
}

export interface GoodreadsExportOptions {
  /** Rows in the file, every shelf included. */
  rows: number;
  /** How many of them are on the `to-read` shelf (spread through the file); the rest are read. */
  toRead?: number;
  /** "current" (24 columns, the default) or "legacy" (the older 31). */
  columns?: "current" | "legacy";
  /**
   * Every quirk of real exports (the default): `=""` for a missing ISBN, ratings of 0, reviews
   * holding commas, quotes, line breaks and `<br/>`, titles with series in brackets, commas and
   * quotes, additional authors, a `currently-reading` row, books no catalogue holds. Off: plain
   * rows from the catalogue, every read book rated.
   */
  quirks?: boolean;
  /** Share of rows drawn from the shipped catalogue while it lasts (default 0.8 with quirks, 1 without). */
  fromCatalogue?: number;
  seed?: number;
}

export interface GoodreadsExport {
  csv: string;
  rows: GoodreadsRow[];
}

const REVIEWS = [
  "Loved it.",
  "Slow start, but the last third is wonderful, and the ending, well, you'll see.",
  'She calls it "the best book of the year", and I agree.',
  "Read it twice.<br/><br/>The second time, on holiday, it was even better.",
  'Three things: pacing, voice, and the "twist".\nI saw the twist coming.',
  "<b>Favourite</b> of the year; would recommend to anyone, twice over.",
  "Not for me.\r\nToo long, too sad.",
  "A classic for a reason — tense, funny, humane.",
];

const NOT_IN_CATALOGUE = {
  first: [
    "Quiet",
    "Lantern",
    "Paper",
    "Salt",
    "Northern",
    "Glass",
    "Winter",
    "Hollow",
    "Amber",
    "Seventh",
    "Borrowed",
    "Small",
  ],
  second: [
    "Orchard",
    "Harbour",
    "Cartographer",
    "Season",
    "Letters",
    "Kingdom",
    "Garden",
    "Tide",
    "Archive",
    "Rooms",
    "Hours",
  ],
  authors: [
    "Mara Ellison",
    "Tomás Ruiz",
    "Ada Brennan",
    "Kenji Okafor",
    "Lena Halvorsen",
    "Priya Natarajan",
    "Owen Marsh",
  ],
  publishers: ["Vintage", "Penguin Books", "Scribner", "Riverhead Books", "Tor Books", "Knopf", "Picador"],
};

const pad = (n: number) => String(n).padStart(2, "0");
const slashDate = (d: Date) => `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}`;
const isoDate = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** A cell as Goodreads writes it: quoted when it holds a comma, a quote or a line break. */
function cell(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Goodreads wraps ISBNs in a spreadsheet formula so leading zeros survive: `="0525509283"`, or `=""`. */
const formula = (isbn: string) => `="${isbn}"`;

/** A stable Goodreads book id for a catalogue work, so two exports agree on it. */
function goodreadsIdOf(key: string): string {
  return String(1_000 + (createHash("sha256").update(`goodreads:${key}`).digest().readUInt32BE(0) % 60_000_000));
}

/** "Ursula K. Le Guin" → "Le Guin, Ursula K.", as Goodreads' "Author l-f" column writes names. */
const lastFirst = (name: string) => {
  const parts = name.split(" ");
  if (parts.length < 2) return name;
  let at = parts.length - 1;
  while (at > 1 && /^(le|de|da|di|du|del|van|von|la)$/i.test(parts[at - 1]!)) at--;
  return `${parts.slice(at).join(" ")}, ${parts.slice(0, at).join(" ")}`;
};

/** A Goodreads library export with `rows` rows. */
export function goodreadsExport(options: GoodreadsExportOptions): GoodreadsExport {
  const { rows: count, toRead = 0, columns = "current", quirks = true, seed = 1 } = options;
  const random = mulberry32(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const share = options.fromCatalogue ?? (quirks ? 0.8 : 1);

  // Catalogue books in a seeded order, each used once; books made up after that (a bench's
  // 5,000 rows are 5,000 different books, as on a real shelf).
  const books: Book[] = [...bookCatalogue().books];
  for (let i = books.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [books[i], books[j]] = [books[j]!, books[i]!];
  }
  const toReadAt = new Set<number>();
  for (let i = 0; i < Math.min(toRead, count); i++) toReadAt.add(Math.floor((i * count) / Math.min(toRead, count)));
  const start = Date.UTC(2014, 0, 1);
  const made = new Set<string>();

  const rows: GoodreadsRow[] = [];
  for (let i = 0; i < count; i++) {
    const shelf: GoodreadsShelf = toReadAt.has(i)
      ? "to-read"
      : quirks && i === 3 && !toReadAt.has(i)
        ? "currently-reading"
        : "read";
    const added = new Date(start + Math.floor(random() * 10 * 365) * 86_400_000);
    const read = new Date(added.getTime() + Math.floor(random() * 200) * 86_400_000);
    const book = books.length > 0 && random() < share ? books.pop() : undefined;
    let row: GoodreadsRow;
    if (book) {
      const i13 = book.allIsbns.map((x) => isbn13(x)).find(Boolean) ?? "";
      const missingIsbn = quirks && random() < 0.1;
      row = {
        bookId: goodreadsIdOf(book.key),
        title: book.title,
        author: book.authors[0] ?? "",
        additionalAuthors: book.authors.slice(1).join(", "),
        isbn: missingIsbn ? "" : (isbn10(i13) ?? ""),
        isbn13: missingIsbn ? "" : i13,
        myRating: 0,
        // An edition of the work, published in its first year or up to ten years later (never after 2024).
        yearPublished: String(Math.min(book.year + Math.floor(random() * 10), Math.max(book.year, 2024))),
        originalPublicationYear: String(book.year),
        dateRead: "",
        dateAdded: slashDate(added),
        exclusiveShelf: shelf,
        review: "",
        catalogueKey: book.key,
      };
    } else {
      let title: string;
      do {
        title = `The ${pick(NOT_IN_CATALOGUE.first)} ${pick(NOT_IN_CATALOGUE.second)}`;
        if (made.has(title)) title = `${title} ${made.size + 1}`;
        if (quirks && random() < 0.3)
          title = `${title} (${pick(NOT_IN_CATALOGUE.second)} Cycle, #${1 + Math.floor(random() * 5)})`;
      } while (made.has(title));
      made.add(title);
      const author = pick(NOT_IN_CATALOGUE.authors);
      const selfPublished = random() < 0.5;
      const year = 1990 + Math.floor(random() * 34);
      row = {
        bookId: String(70_000_000 + rows.length + seed * 100_000),
        title,
        author,
        additionalAuthors:
          quirks && random() < 0.2 ? `${pick(NOT_IN_CATALOGUE.authors)}, ${pick(NOT_IN_CATALOGUE.authors)}` : "",
        // Self-published books carry a 979 ISBN-13, which has no ISBN-10 form.
        isbn: "",
        isbn13: selfPublished ? made979(random) : "",
        myRating: 0,
        yearPublished: String(year),
        originalPublicationYear: quirks && random() < 0.3 ? "" : String(year),
        dateRead: "",
        dateAdded: slashDate(added),
        exclusiveShelf: shelf,
        review: "",
      };
    }
    if (shelf === "read") {
      // With quirks, some read books are unrated (0) and some lack a date read, as in real exports.
      row.myRating = quirks && random() < 0.15 ? 0 : 1 + Math.floor(random() * 5);
      row.dateRead = quirks && random() < 0.1 ? "" : slashDate(read);
      if (quirks && random() < 0.35) row.review = pick(REVIEWS);
    }
    rows.push(row);
  }
  if (quirks && rows.length > 0) {
    // At least one of each: an unrated read book, a review with every hard character, a made-up title with a comma and quotes.
    const readRows = rows.filter((r) => r.exclusiveShelf === "read");
    if (readRows[0]) readRows[0].myRating = 0;
    if (readRows[1]) readRows[1].review = 'Commas, "quotes", a\nline break and <br/>HTML<br/> — all in one.';
  }

  const header = columns === "legacy" ? GOODREADS_LEGACY_COLUMNS : GOODREADS_COLUMNS;
  const lines = [header.join(",")];
  for (const r of rows) {
    const values: Record<string, string | number> = {
      "Book Id": r.bookId,
      Title: r.title,
      Author: r.author,
      "Author l-f": lastFirst(r.author),
      "Additional Authors": r.additionalAuthors,
      ISBN: formula(r.isbn),
      ISBN13: formula(r.isbn13),
      "My Rating": r.myRating,
      "Average Rating": (3 + random() * 1.8).toFixed(2),
      Publisher: pick(NOT_IN_CATALOGUE.publishers),
      Binding: pick(["Paperback", "Hardcover", "Kindle Edition", "Mass Market Paperback"]),
      "Number of Pages": 150 + Math.floor(random() * 700),
      "Year Published": r.yearPublished,
      "Original Publication Year": r.originalPublicationYear,
      "Date Read": r.dateRead,
      "Date Added": r.dateAdded,
      Bookshelves: r.exclusiveShelf === "read" ? "" : r.exclusiveShelf,
      "Bookshelves with positions":
        r.exclusiveShelf === "read" ? "" : `${r.exclusiveShelf} (#${1 + (Number(r.bookId) % 300)})`,
      "Exclusive Shelf": r.exclusiveShelf,
      "My Review": r.review,
      Spoiler: "",
      "Private Notes": "",
      "Read Count": r.exclusiveShelf === "read" ? 1 : 0,
      "Owned Copies": 0,
    };
    lines.push(header.map((name) => cell(values[name] ?? "")).join(","));
  }
  return { csv: `${lines.join("\n")}\n`, rows };
}

/** A valid 979-8 ISBN-13 (the self-published range), made from the seed. */
function made979(random: () => number): string {
  const body = `9798${String(Math.floor(random() * 1e8)).padStart(8, "0")}`;
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

export interface LetterboxdRow {
  date: string;
  name: string;
  year: string;
  letterboxdUri: string;
  /** 0.5 to 5 in halves (ratings.csv only). */
  rating?: number;
  /** The catalogue film (its TMDB id); undefined for a film the catalogue lacks. */
  tmdbId?: number;
}

export interface LetterboxdExportOptions {
  rows: number;
  /** `ratings.csv` (with a Rating column) or `watched.csv`. */
  kind: "ratings" | "watched";
  /** Films the catalogue lacks, among the rows (default 1 in 10). */
  notInCatalogue?: number;
  seed?: number;
}

export interface LetterboxdExport {
  csv: string;
  rows: LetterboxdRow[];
}

/** A Letterboxd `ratings.csv` or `watched.csv` (Settings → Import & export → Export your data). */
export function letterboxdExport(options: LetterboxdExportOptions): LetterboxdExport {
  const { rows: count, kind, seed = 1 } = options;
  const random = mulberry32(seed);
  const missing = options.notInCatalogue ?? Math.floor(count / 10);
  const films = [...filmCatalogue().films];
  for (let i = films.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [films[i], films[j]] = [films[j]!, films[i]!];
  }
  const start = Date.UTC(2016, 0, 1);
  const rows: LetterboxdRow[] = [];
  for (let i = 0; i < count; i++) {
    const film =
      i % Math.max(1, Math.round(count / Math.max(1, missing))) === 0 && missing > 0 ? undefined : films.pop();
    // Watched after its release (and from 2016 on, when the diary begins).
    const from = Math.max(start, film ? Date.parse(film.release_date) : start);
    const date = isoDate(new Date(from + Math.floor(random() * 2 * 365) * 86_400_000));
    const uri = `https://boxd.it/${shortCode(seed, i)}`;
    const row: LetterboxdRow = film
      ? { date, name: film.title, year: film.release_date.slice(0, 4), letterboxdUri: uri, tmdbId: film.id }
      : {
          date,
          name: `A Film Nobody Catalogued, Part ${i + 1}`,
          // Not drawn: ratings.csv draws a rating a row, and the same film has the same year in both files.
          year: String(1970 + ((seed * 31 + i * 17) % 55)),
          letterboxdUri: uri,
        };
    if (kind === "ratings") row.rating = (1 + Math.floor(random() * 10)) / 2;
    rows.push(row);
  }
  const header = kind === "ratings" ? "Date,Name,Year,Letterboxd URI,Rating" : "Date,Name,Year,Letterboxd URI";
  const lines = rows.map((r) =>
    [r.date, r.name, r.year, r.letterboxdUri, ...(kind === "ratings" ? [r.rating!] : [])].map(cell).join(","),
  );
  return { csv: `${[header, ...lines].join("\n")}\n`, rows };
}

/** Letterboxd's short links: a few letters and digits, unique per row. */
function shortCode(seed: number, i: number): string {
  return (
    createHash("sha256").update(`boxd:${seed}:${i}`).digest("base64url").replace(/[-_]/g, "").slice(0, 4) +
    i.toString(36)
  );
}
