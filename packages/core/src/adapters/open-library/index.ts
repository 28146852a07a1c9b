import { Resource } from "sst";
import * as z from "zod";
import { catalogueDown, getJson, parseEach } from "../catalogue-http/index.ts";
import {
  AUTHOR_MAX,
  AUTHORS_MAX,
  cleanIsbn,
  isIsbn,
  ISBNS_MAX,
  MEDIA_MESSAGES,
  sameTitle,
  SEARCH_RESULTS_MAX,
  SUBJECT_MAX,
  SUBJECTS_MAX,
  TITLE_MAX,
  shorten,
} from "../../modules/media/rules.ts";

/**
 * Open Library's search API (no key) and cover service. On AWS the addresses are Open Library's;
 * locally they are the stand-in's, which answers in the same shapes: this code runs unchanged.
 */

const FIELDS = "key,title,author_name,isbn,first_publish_year,cover_i,subject";

/** One work as search answers it; anything else in an answer is ignored. */
const Doc = z.object({
  key: z.string().regex(/^\/works\/OL[0-9]{1,12}W$/),
  title: z.string().min(1),
  author_name: z.array(z.string()).optional(),
  isbn: z.array(z.string()).optional(),
  first_publish_year: z.number().int().optional(),
  cover_i: z.number().int().positive().optional(),
  subject: z.array(z.string()).optional(),
});
const Answer = z.object({ docs: z.array(z.unknown()) });

/** A catalogue book: what search answers and what an import matches rows to. */
export interface CatalogueBook {
  id: string;
  title: string;
  authors: string[];
  isbn: string[];
  publicationDate: string | null;
  /** The cover's path under the cover service, or null. */
  coverRef: string | null;
  subjects: string[];
}

const settings = () => Resource.MediaCatalogues;
/** The cover service's address, without a trailing slash. */
export const coversUrl = () => settings().openLibraryCoversUrl.replace(/\/$/, "");

/** A stored cover path as an address the page can load. */
export const coverUrlOf = (coverRef: string | null | undefined) => (coverRef ? `${coversUrl()}${coverRef}` : null);

/** The cover paths graph stores: by cover id or ISBN, one of the service's three sizes. */
const COVER_PATH = /^\/b\/(id|isbn|olid)\/[A-Za-z0-9-]{1,40}-[SML]\.jpg(\?default=false)?$/;

/**
 * The path of a cover address a client sent, when it lies under the configured cover service
 * (anything else is dropped: graph never shows an image from an address a client chose).
 */
export function coverRefOf(url: string | null | undefined): string | null {
  if (!url) return null;
  const base = coversUrl();
  if (!url.startsWith(`${base}/`)) return null;
  const path = url.slice(base.length);
  return COVER_PATH.test(path) ? path : null;
}

function toBook(entry: unknown): CatalogueBook | undefined {
  const parsed = Doc.safeParse(entry);
  if (!parsed.success) return undefined;
  const doc = parsed.data;
  const isbn = [...new Set((doc.isbn ?? []).map((i) => cleanIsbn(i)).filter((i): i is string => !!i && isIsbn(i)))];
  return {
    id: doc.key.slice("/works/".length),
    title: shorten(doc.title.trim(), TITLE_MAX),
    authors: (doc.author_name ?? [])
      .map((a) => shorten(a.trim(), AUTHOR_MAX))
      .filter((a) => a !== "")
      .slice(0, AUTHORS_MAX),
    isbn: isbn.slice(0, ISBNS_MAX),
    publicationDate: doc.first_publish_year === undefined ? null : String(doc.first_publish_year),
    coverRef: doc.cover_i === undefined ? null : `/b/id/${doc.cover_i}-M.jpg`,
    subjects: [
      ...new Set((doc.subject ?? []).map((s) => s.trim()).filter((s) => s !== "" && s.length <= SUBJECT_MAX)),
    ].slice(0, SUBJECTS_MAX),
  };
}

async function search(params: Record<string, string>, limit: number, deadline?: number): Promise<CatalogueBook[]> {
  const url = new URL(`${settings().openLibraryUrl.replace(/\/$/, "")}/search.json`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  url.searchParams.set("limit", String(limit));
  url.searchParams.set("fields", FIELDS);
  let answer: unknown;
  try {
    answer = await getJson(url.toString(), { "user-agent": `graph (${Resource.Config.teamEmail})` }, deadline);
  } catch {
    throw catalogueDown(MEDIA_MESSAGES.bookCatalogueDown);
  }
  const parsed = Answer.safeParse(answer);
  if (!parsed.success) throw catalogueDown(MEDIA_MESSAGES.bookCatalogueDown);
  return parseEach(parsed.data.docs, toBook);
}

/** Books the catalogue finds for `query`, at most SEARCH_RESULTS_MAX. */
export async function searchCatalogue(query: string): Promise<CatalogueBook[]> {
  return (await search({ q: query }, SEARCH_RESULTS_MAX)).slice(0, SEARCH_RESULTS_MAX);
}

/**
 * The catalogue's entry for an imported row: by ISBN first, then by title and author (the first
 * answer whose title is the row's). Null when the catalogue knows no such book; a catalogue
 * failure throws (the row must not be stored under a made-up id the next import would not find).
 */
export async function matchBook(
  row: { isbn: string | null; title: string; author: string },
  /** When the look-ups must be done by (an import answers within the API's time). */
  deadline?: number,
): Promise<CatalogueBook | null> {
  if (row.isbn) {
    const [byIsbn] = await search({ q: `isbn:${row.isbn}` }, 1, deadline);
    if (byIsbn) return byIsbn;
  }
  const params: Record<string, string> = { title: row.title.replace(/\s*\([^)]*#\s*\d+[^)]*\)\s*$/, "") };
  if (row.author) params.author = row.author;
  const found = await search(params, 5, deadline);
  return found.find((book) => sameTitle(row.title, book.title)) ?? null;
}
