/** The find page's rules: which tab, what gets sent, how results are shaped and named. */
import type { InferResponseType } from "hono/client";
import { DEBOUNCE_MS, MIN_QUERY_LENGTH } from "@graph/core/modules/search/rules";
import type { client } from "../../lib/client.ts";

export type FindType = "posts" | "users";

export const FIND_TYPES: readonly FindType[] = ["posts", "users"];

/** Longest search the field takes (in characters); the server reads up to `MAX_QUERY_CHARS` of it. */
export const FIND_MAX_CHARS = 100;

export const SEARCH_ERROR_TEXT = "Error loading search results";
export const SEARCHING_TEXT = "searching…";

/** `GET /api/rss/search`: one page of articles, as the route answers it. */
export type ArticleSearchPage = InferResponseType<typeof client.api.rss.search.$get, 200>;
export type ArticleSearchResult = ArticleSearchPage["results"][number];
/** `GET /api/users/search`: one person found, as the route answers it. */
export type UserSearchResult = InferResponseType<typeof client.api.users.search.$get, 200>[number];

/** The tab named by `?type=`: users when it says so, posts otherwise. */
export function parseFindType(value: string | null | undefined): FindType {
  return value === "users" ? "users" : "posts";
}

/** How long the field waits before searching: the server's rules name the time per tab. */
export function debounceFor(type: FindType): number {
  return DEBOUNCE_MS[type];
}

/** Length in characters (code points), so an accented letter or an emoji counts once. */
function charCount(text: string): number {
  return Array.from(text).length;
}

/**
 * What would be sent for the text in the field: trimmed, inner runs of whitespace made one space,
 * at most {@link FIND_MAX_CHARS} characters; null when it is shorter than `MIN_QUERY_LENGTH` (the
 * server refuses those).
 */
export function searchTerm(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const chars = Array.from(raw.replace(/\s+/gu, " ").trim());
  const term = chars.slice(0, FIND_MAX_CHARS).join("").trimEnd();
  return charCount(term) >= MIN_QUERY_LENGTH ? term : null;
}

/** True when the field holds something, but too little to search for. */
export function isTooShort(raw: string): boolean {
  return raw.trim() !== "" && searchTerm(raw) === null;
}

export function noResultsText(term: string): string {
  return `no results found for "${term}"`;
}

/** The page to ask for after `last`, or undefined when the server said there are no more. */
export function nextPageParam(last: ArticleSearchPage | undefined): number | undefined {
  if (!last || !last.hasMore) return undefined;
  const page = Number.isInteger(last.page) && last.page > 0 ? last.page : 1;
  return page + 1;
}

/**
 * All loaded pages as one list, in order. An article seen on an earlier page is not repeated
 * (the index may have grown between two pages), and malformed rows are left out.
 */
export function flattenPages(pages: readonly ArticleSearchPage[] | undefined): ArticleSearchResult[] {
  if (!pages) return [];
  const seen = new Set<string>();
  const out: ArticleSearchResult[] = [];
  for (const page of pages) {
    for (const result of page?.results ?? []) {
      if (!result || typeof result.id !== "string" || seen.has(result.id)) continue;
      if (typeof result.link !== "string" || typeof result.title !== "string") continue;
      seen.add(result.id);
      out.push(result);
    }
  }
  return out;
}

const DATE_FORMATS = new Map<string, Intl.DateTimeFormat>();

function dateFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? "";
  let format = DATE_FORMATS.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone });
    DATE_FORMATS.set(key, format);
  }
  return format;
}

/** A publication date as `3 Jun 2025`; '' when it cannot be read. */
export function formatResultDate(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return "";
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return "";
  return dateFormat(timeZone).format(at);
}

/** The letter shown in place of a missing avatar: the first letter or digit of the name, upper-cased. */
export function userInitial(username: string | null | undefined): string {
  const name = (username ?? "").trim();
  const first = name.match(/[\p{L}\p{N}]/u)?.[0] ?? Array.from(name)[0];
  return first ? first.toLocaleUpperCase() : "?";
}

/** Where a person's profile lives. */
export function profilePath(username: string): string {
  return `/${encodeURIComponent(username)}`;
}

export interface TitlePart {
  text: string;
  match: boolean;
}

/** The words of a search, longest first, as the server reads them: letters and digits. */
function searchWords(term: string): string[] {
  const words = term.toLocaleLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].sort((a, b) => b.length - a.length);
}

/**
 * A title cut into plain and matching parts: each word of the search is marked where a word of
 * the title begins with it, ignoring case.
 */
export function highlightTitle(title: string, term: string | null): TitlePart[] {
  const words = term ? searchWords(term) : [];
  if (words.length === 0 || title === "") return title === "" ? [] : [{ text: title, match: false }];
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${escaped.join("|")})`, "giu");
  const parts: TitlePart[] = [];
  let at = 0;
  for (const found of title.matchAll(pattern)) {
    const start = found.index;
    if (found[0] === "") continue;
    if (start > at) parts.push({ text: title.slice(at, start), match: false });
    parts.push({ text: found[0], match: true });
    at = start + found[0].length;
  }
  if (at < title.length) parts.push({ text: title.slice(at), match: false });
  return parts;
}

/**
 * A username cut into plain and matching parts: people match anywhere in the name, so the first
 * place the whole search appears is marked, ignoring case.
 */
export function highlightName(username: string, term: string | null): TitlePart[] {
  if (username === "") return [];
  const q = term?.trim().toLocaleLowerCase() ?? "";
  const lower = username.toLocaleLowerCase();
  const at = q ? lower.indexOf(q) : -1;
  // Lower-casing can change a name's length; only mark when the positions still line up.
  if (at < 0 || lower.length !== username.length) return [{ text: username, match: false }];
  const parts: TitlePart[] = [];
  if (at > 0) parts.push({ text: username.slice(0, at), match: false });
  parts.push({ text: username.slice(at, at + q.length), match: true });
  if (at + q.length < username.length) parts.push({ text: username.slice(at + q.length), match: false });
  return parts;
}

/** What the results area shows. */
export type FindView =
  | { kind: "idle" }
  | { kind: "too-short" }
  | { kind: "searching" }
  | { kind: "error" }
  | { kind: "empty"; term: string }
  | { kind: "results" };

export interface FindViewInput {
  /** The settled search, or null when nothing is to be sent. */
  term: string | null;
  /** What is in the field right now. */
  text: string;
  /** The field holds a search that has not settled yet. */
  pending: boolean;
  /** The settled search failed. */
  isError: boolean;
  /** No answer for the settled search yet (rows of an earlier one may still be on screen). */
  isWaiting: boolean;
  /** Rows on screen. */
  count: number;
}

/**
 * Decides between the hint, 'searching…', the error, the no-results text and the list. Rows of an
 * earlier search stay on screen until the next answer replaces them; an error or an empty answer
 * for a search the person has already typed past is not shown.
 */
export function findView({ term, text, pending, isError, isWaiting, count }: FindViewInput): FindView {
  if (term === null && !pending) return isTooShort(text) ? { kind: "too-short" } : { kind: "idle" };
  if (isError && !pending) return { kind: "error" };
  if (count > 0) return { kind: "results" };
  if (term === null || pending || isWaiting) return { kind: "searching" };
  return { kind: "empty", term };
}
