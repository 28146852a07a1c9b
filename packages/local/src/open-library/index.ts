import { Hono } from "hono";
import { allOccur, occursIn, titleScore, tokens, type Indexed } from "../catalogue-text.ts";
import { coverJpeg, IMAGE_CACHE_CONTROL } from "../cover-image.ts";
import { bookCatalogue, type Book, type BookCatalogue } from "./catalogue.ts";
import { cleanIsbn, isbn13 } from "./isbn.ts";

/** Where the stand-ins are mounted on the runtime's port. */
export const SEARCH_PATH = "/_openlibrary";
export const COVERS_PATH = "/_openlibrary-covers";

/** Open Library's own default and ceiling for `limit`. */
const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;

/** Every field a doc carries; `fields=` picks some (`*` is all), as on Open Library. */
type DocField =
  "key" | "type" | "title" | "author_name" | "first_publish_year" | "edition_count" | "isbn" | "cover_i" | "subject";

/** What a query asks for: free text and the fields Open Library's syntax names (`isbn:`, `title:`, `author:`). */
export interface BookQuery {
  text: string[];
  title: string[];
  author: string[];
  subject: string[];
  isbn: string[];
}

/** Reads `q` (with `field:value` parts, quoted or not) and the `title=`, `author=`, `subject=` parameters. */
export function parseQuery(params: { q?: string; title?: string; author?: string; subject?: string }): BookQuery {
  const query: BookQuery = { text: [], title: [], author: [], subject: [], isbn: [] };
  let rest = params.q ?? "";
  rest = rest.replace(
    /\b(isbn|title|author|subject):\s*(?:"([^"]*)"|(\S+))/gi,
    (_, field: string, quoted?: string, bare?: string) => {
      const value = quoted ?? bare ?? "";
      const name = field.toLowerCase() as "isbn" | "title" | "author" | "subject";
      if (name === "isbn") query.isbn.push(cleanIsbn(value));
      else query[name].push(...tokens(value));
      return " ";
    },
  );
  query.text.push(...tokens(rest));
  query.title.push(...tokens(params.title ?? ""));
  query.author.push(...tokens(params.author ?? ""));
  query.subject.push(...tokens(params.subject ?? ""));
  return query;
}

const isEmpty = (q: BookQuery) => Object.values(q).every((parts: string[]) => parts.length === 0);

/** The catalogue's works answering the query, best first. */
export function searchBooks(catalogue: BookCatalogue, query: BookQuery): Book[] {
  if (isEmpty(query)) return [];
  let candidates = catalogue.books;
  if (query.isbn.length > 0) {
    const wanted = query.isbn.map((i) => isbn13(i) ?? i);
    candidates = candidates.filter((b) => wanted.every((i) => b.allIsbns.includes(i)));
  }
  const all = (b: Book): Indexed[] => [b.title$, b.authors$, b.subjects$];
  const matches = candidates.filter(
    (b) =>
      (query.text.length === 0 || allOccur(query.text, all(b))) &&
      (query.title.length === 0 || allOccur(query.title, [b.title$])) &&
      (query.author.length === 0 || allOccur(query.author, [b.authors$])) &&
      (query.subject.length === 0 || allOccur(query.subject, [b.subjects$])),
  );
  const score = (b: Book) => {
    const titleWords = query.title.length > 0 ? query.title : query.text;
    let s = titleScore(titleWords, b.title$);
    for (const w of query.text) if (occursIn(w, b.authors$)) s += 10;
    return s;
  };
  const scored = matches.map((b) => ({ b, s: score(b) }));
  scored.sort((x, y) => y.s - x.s || x.b.rank - y.b.rank);
  return scored.map(({ b }) => b);
}

/** A work as `search.json` lists it. */
export function docOf(book: Book): Record<DocField, unknown> {
  return {
    key: `/works/${book.key}`,
    type: "work",
    title: book.title,
    author_name: book.authors,
    first_publish_year: book.year,
    edition_count: Math.max(1, book.isbn.length),
    isbn: book.allIsbns,
    cover_i: book.cover,
    subject: book.subjects,
  };
}

function pick(doc: Record<string, unknown>, fields: string | undefined): Record<string, unknown> {
  const wanted = fields
    ?.split(",")
    .map((f) => f.trim())
    .filter(Boolean);
  const names = !wanted || wanted.includes("*") ? Object.keys(doc) : wanted;
  // Open Library leaves out fields a work has no value for (a book without a cover has no cover_i).
  return Object.fromEntries(names.filter((n) => doc[n] !== undefined).map((n) => [n, doc[n]]));
}

const whole = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isInteger(n) && n >= 0 ? n : fallback;
};

/**
 * Open Library's search API over the shipped catalogue: `GET /search.json` with `q` (free
 * text, `isbn:…`, `title:…`, `author:…`), `title=`, `author=`, `subject=`, `limit`, `offset` or
 * `page`, and `fields`, answering `{ numFound, start, numFoundExact, docs, … }` as Open Library does.
 */
export function openLibraryApp(catalogue: BookCatalogue = bookCatalogue()) {
  return new Hono().get("/search.json", (c) => {
    const q = c.req.query("q");
    const query = parseQuery({
      q,
      title: c.req.query("title"),
      author: c.req.query("author"),
      subject: c.req.query("subject"),
    });
    const limit = Math.min(whole(c.req.query("limit"), DEFAULT_LIMIT), MAX_LIMIT);
    const page = whole(c.req.query("page"), 1);
    const offset =
      c.req.query("offset") !== undefined ? whole(c.req.query("offset"), 0) : Math.max(0, page - 1) * limit;
    const found = searchBooks(catalogue, query);
    const docs = found.slice(offset, offset + limit).map((b) => pick(docOf(b), c.req.query("fields")));
    return c.json({
      numFound: found.length,
      start: offset,
      numFoundExact: true,
      num_found: found.length,
      documentation_url: "https://openlibrary.org/dev/docs/api/search",
      q: q ?? "",
      offset: c.req.query("offset") !== undefined ? offset : null,
      docs,
    });
  });
}

/** Cover widths by size letter, about those of Open Library's covers. */
const WIDTHS = { S: 60, M: 180, L: 500 } as const;

/** The 1×1 transparent GIF Open Library answers for a cover it does not have (unless `default=false`). */
const BLANK_GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/**
 * Open Library's cover service: `/b/id/<cover_i>-S|M|L.jpg` and `/b/isbn/<isbn>-S|M|L.jpg`.
 * A cover it lacks is a blank image, or 404 with `?default=false`, as on covers.openlibrary.org.
 */
export function openLibraryCoversApp(catalogue: BookCatalogue = bookCatalogue()) {
  return new Hono().get("/b/:kind/:file", async (c) => {
    const match = /^(.+)-([SML])\.jpg$/i.exec(c.req.param("file"));
    const kind = c.req.param("kind");
    let book: Book | undefined;
    if (match && kind === "id" && /^\d+$/.test(match[1]!)) book = catalogue.byCover.get(Number(match[1]));
    if (match && kind === "isbn") {
      const found = catalogue.byIsbn.get(isbn13(match[1]!) ?? cleanIsbn(match[1]!));
      book = found?.cover !== undefined ? found : undefined;
    }
    if (!match || !book) {
      if (c.req.query("default") === "false") return c.text("Not Found", 404);
      return c.body(BLANK_GIF, 200, { "Content-Type": "image/gif", "Cache-Control": "public, max-age=86400" });
    }
    const width = WIDTHS[match[2]!.toUpperCase() as keyof typeof WIDTHS];
    const jpeg = await coverJpeg({ title: book.title, byline: book.authors.join(", "), seed: book.key }, width);
    return c.body(new Uint8Array(jpeg), 200, { "Content-Type": "image/jpeg", "Cache-Control": IMAGE_CACHE_CONTROL });
  });
}
