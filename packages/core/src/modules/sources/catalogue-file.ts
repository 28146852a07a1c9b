import { createHash } from "node:crypto";
import { canonicalUrl } from "../../lib/syndication/index.ts";
import type { SourceType } from "./rules.ts";

/**
 * The production catalogue's data file (`catalogue/feeds.json`) and how its entries are made:
 * pure code with no I/O, shared by the scripts that write the file and the code that loads it.
 */

/** One feed of the catalogue as the data file holds it. */
export interface CatalogueFeed {
  sourceId: string;
  name: string;
  feedUrl: string;
  siteUrl: string;
  type: SourceType;
  subject: string;
  country?: string;
  /** BCP 47 primary language, e.g. "en", "ja" (see `inferLanguage`). */
  language: string;
}

export interface CatalogueFile {
  /** Where the feeds come from, for the record. */
  origin: string;
  feeds: CatalogueFeed[];
}

/** Longest name kept for a feed (the lists carry some page titles of 100+ characters). */
export const MAX_NAME_LENGTH = 120;

/**
 * A source's id from its feed's canonical address: the same id a suggestion of that feed gets
 * (`src_` and 16 characters of its SHA-256), so one feed is one source however it arrives.
 */
export function sourceIdOf(feedUrl: string): string {
  return `src_${createHash("sha256").update(canonicalUrl(feedUrl)).digest("base64url").slice(0, 16)}`;
}

/** The address as a catalogue takes it: an absolute http(s) URL, canonical; else why not. */
export function feedAddress(raw: string): { url: string } | { error: string } {
  const text = raw.trim();
  if (!text) return { error: "no feed address" };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: `not an absolute address: ${text.slice(0, 200)}` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { error: `not http(s): ${url.protocol}` };
  if (!url.hostname) return { error: "no host" };
  return { url: canonicalUrl(text) };
}

/** The kind of feed an address names, as far as the address tells. */
export function typeOf(feedUrl: string): SourceType {
  const url = new URL(feedUrl);
  if (/(^|\.)youtube\.com$/.test(url.hostname) && url.pathname.startsWith("/feeds/")) return "youtube";
  return /atom/i.test(url.pathname + url.search) ? "atom" : "rss";
}

/** Official languages written in Latin script, by country as the lists name them. */
const LATIN_COUNTRY_LANGUAGES: Record<string, string> = {
  Brazil: "pt",
  Portugal: "pt",
  France: "fr",
  Germany: "de",
  Austria: "de",
  Italy: "it",
  Spain: "es",
  Mexico: "es",
  Argentina: "es",
  Colombia: "es",
  Chile: "es",
  Poland: "pl",
  Indonesia: "id",
  Netherlands: "nl",
  Turkey: "tr",
  Vietnam: "vi",
};

/** Words that mark a Latin-script name as English (an English-language title abroad). */
const ENGLISH_WORDS = /\b(the|news|daily|times|weekly|wire|star|english|today|headlines)\b/i;
/** Address tokens that name the edition's language (`/en/`, `rss-en-all`, `english.`, `_rus`). */
const URL_LANGUAGE_TOKENS: Record<string, string> = { en: "en", eng: "en", english: "en", ru: "ru", rus: "ru" };

/**
 * The language a feed is written in, inferred from what the list tells (no fetch), first rule that
 * applies wins:
 * 1. its address names an English or Russian edition (`/en/`, `rss-en-all`, `english.`, `news_rus`);
 * 2. its name is in a non-Latin script: kana → ja, Hangul → ko, Han → zh, Bengali → bn,
 *    Devanagari → hi, Tamil → ta, Myanmar → my, Thai → th, Greek → el, Hebrew → he, Arabic script
 *    → fa in Iran, ur in Pakistan, else ar; Cyrillic → uk with a letter only Ukrainian has
 *    (і ї є ґ), ru with one Ukrainian lacks (ы э ъ ё), else uk in Ukraine and ru elsewhere;
 * 3. a Latin-script name with an English word in it ("The", "News", "Daily", …) → en;
 * 4. the country's own language where it is written in Latin script (Brazil → pt, France → fr,
 *    Mexico → es, Poland → pl, Indonesia → id, …);
 * 5. otherwise "en" (the subject lists are English; so are most national lists' Latin names
 *    in India, Nigeria, Japan and the like).
 */
export function inferLanguage(name: string, feedUrl: string, country?: string): string {
  try {
    const url = new URL(feedUrl);
    const tokens = `${url.hostname} ${url.pathname} ${url.search}`.toLowerCase().split(/[^a-z]+/);
    for (const token of tokens) {
      const language = URL_LANGUAGE_TOKENS[token];
      if (language) return language;
    }
  } catch {
    // not an address: the name and country decide
  }
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(name)) return "ja";
  if (/\p{Script=Hangul}/u.test(name)) return "ko";
  if (/\p{Script=Han}/u.test(name)) return "zh";
  if (/\p{Script=Bengali}/u.test(name)) return "bn";
  if (/\p{Script=Devanagari}/u.test(name)) return "hi";
  if (/\p{Script=Tamil}/u.test(name)) return "ta";
  if (/\p{Script=Myanmar}/u.test(name)) return "my";
  if (/\p{Script=Thai}/u.test(name)) return "th";
  if (/\p{Script=Greek}/u.test(name)) return "el";
  if (/\p{Script=Hebrew}/u.test(name)) return "he";
  if (/\p{Script=Arabic}/u.test(name)) return country === "Iran" ? "fa" : country === "Pakistan" ? "ur" : "ar";
  if (/\p{Script=Cyrillic}/u.test(name)) {
    if (/[іїєґ]/iu.test(name)) return "uk";
    if (/[ыэъё]/iu.test(name)) return "ru";
    return country === "Ukraine" ? "uk" : "ru";
  }
  if (ENGLISH_WORDS.test(name)) return "en";
  return (country && LATIN_COUNTRY_LANGUAGES[country]) || "en";
}

/** A feed's name as kept: whitespace folded, at most `MAX_NAME_LENGTH` characters. */
export function cleanName(name: string): string {
  const folded = name.replace(/\s+/g, " ").trim();
  return folded.length > MAX_NAME_LENGTH ? `${folded.slice(0, MAX_NAME_LENGTH - 1).trimEnd()}…` : folded;
}

export interface FeedFacts {
  name: string;
  feedUrl: string;
  siteUrl?: string;
  subject: string;
  country?: string;
  language?: string;
  /** An id to keep instead of the address-derived one (sources stored under it already). */
  sourceId?: string;
}

/**
 * A catalogue entry from what a list tells of a feed: canonical address and its id, the site's
 * origin when no site is given (or the given one is not http(s)), the name (else the host), the
 * language inferred when not given. Returns why not for an address a catalogue cannot take.
 */
export function catalogueFeed(facts: FeedFacts): CatalogueFeed | { error: string } {
  const address = feedAddress(facts.feedUrl);
  if ("error" in address) return address;
  const feedUrl = address.url;
  const site = facts.siteUrl ? feedAddress(facts.siteUrl) : undefined;
  const siteUrl = site && "url" in site ? site.url : new URL(feedUrl).origin;
  const subject = facts.subject.replace(/\s+/g, " ").trim();
  if (!subject) return { error: "no subject" };
  const name = cleanName(facts.name) || new URL(feedUrl).hostname;
  const country = facts.country?.trim() || undefined;
  return {
    sourceId: facts.sourceId ?? sourceIdOf(feedUrl),
    name,
    feedUrl,
    siteUrl,
    type: typeOf(feedUrl),
    subject,
    ...(country ? { country } : {}),
    language: facts.language ?? inferLanguage(name, feedUrl, country),
  };
}

/** Entries in a stable order (subject, then name, then address), so the file diffs well. */
export function sortFeeds(feeds: CatalogueFeed[]): CatalogueFeed[] {
  return [...feeds].sort(
    (a, b) =>
      a.subject.localeCompare(b.subject, "en") ||
      a.name.localeCompare(b.name, "en") ||
      (a.feedUrl < b.feedUrl ? -1 : a.feedUrl > b.feedUrl ? 1 : 0),
  );
}
