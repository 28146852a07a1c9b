/** The public page's sections as lists of plain items: what each shows, links to and says in the footer. */
import {
  MOBILE_CHANNEL_MAX,
  MOBILE_TITLE_MAX,
  PROFILE_ARTICLE_TITLE_MAX,
  truncate,
  withScheme,
  type ProfileSection,
} from "@graph/core/modules/profile/rules";
import type { PublicProfile } from "../api.ts";
import { markdownToText } from "../../../lib/markdown-text.ts";

export interface ProfileItem {
  key: string;
  /** The text shown in the section (already cut to the section's length). */
  label: string;
  /** The whole text, for the footer and for screen readers. */
  full: string;
  /** A second line in the footer (a source, an author, a date). */
  detail?: string;
  href?: string;
  image?: string;
  /** A short line under the label in the section (a book's authors, a film's year). */
  byline?: string;
  /** The owner's rating, 1 to 5 in half steps: stars in the section and the footer. */
  rating?: number;
  /** The owner's note on it: in the footer only, where there is room. */
  note?: string;
}

/** Items of one section, in order: the page shows a few and swaps in the rest. */
export function sectionItems(profile: PublicProfile, section: ProfileSection, narrow: boolean): ProfileItem[] {
  const cut = (text: string, wide?: number, mobile = MOBILE_TITLE_MAX) =>
    narrow ? truncate(text, mobile) : wide ? truncate(text, wide) : text;
  switch (section) {
    case "aboutMe":
      return [];
    case "articles":
      return profile.articles.map((a) => ({
        key: a.id,
        label: cut(a.title, PROFILE_ARTICLE_TITLE_MAX),
        full: a.title,
        detail: a.source_name,
        href: withScheme(a.link),
      }));
    case "topics":
      return profile.topics.map((t) => ({ key: t.id, label: cut(t.topic), full: t.topic }));
    case "thoughts":
      return profile.thoughts.map((t) => ({
        key: t.id,
        label: cut(t.title),
        full: t.title,
        // Shown inside the item's button (which may hold no link) and in the footer: as text.
        detail: markdownToText(t.content),
      }));
    case "websites":
      return profile.websites.map((w) => ({ key: w.id, label: cut(w.url), full: w.url, href: withScheme(w.url) }));
    case "books":
      return profile.books.map((b) => {
        const authors = b.authors.join(", ");
        return {
          key: b.id,
          label: cut(b.title),
          full: b.title,
          ...(authors ? { detail: authors, byline: narrow ? truncate(authors, MOBILE_TITLE_MAX) : authors } : {}),
          ...(b.picture_url ? { image: b.picture_url } : {}),
          ...(b.rating !== null ? { rating: b.rating } : {}),
          ...(b.notes.trim() ? { note: b.notes } : {}),
        };
      });
    case "movies":
      return profile.movies.map((m) => {
        const year = yearOf(m.release_date);
        return {
          key: m.id,
          label: cut(m.title),
          full: m.title,
          ...(year ? { detail: year, byline: year } : {}),
          ...(m.picture_url ? { image: m.picture_url } : {}),
          ...(m.rating !== null ? { rating: m.rating } : {}),
          ...(m.notes.trim() ? { note: m.notes } : {}),
        };
      });
    case "youtubeChannels":
      return profile.youtubeChannels.map((c) => ({
        key: c.id,
        label: cut(c.name, undefined, MOBILE_CHANNEL_MAX),
        full: c.name,
        href: withScheme(`youtube.com/channel/${c.id_youtube}`),
        ...(c.picture_url ? { image: c.picture_url } : {}),
      }));
    case "youtubeVideos":
      return profile.youtubeVideos.map((v) => ({
        key: v.id,
        label: cut(v.title),
        full: v.title,
        detail: v.channel_name,
        href: withScheme(v.title_url),
      }));
    case "tracks":
      return profile.tracks.map((t) => ({
        key: t.id,
        label: cut(t.name),
        full: t.name,
        detail: t.artist_name,
        href: withScheme(t.url),
        ...(t.picture_url ? { image: t.picture_url } : {}),
      }));
    case "artists":
      return profile.artists.map((a) => ({
        key: a.id,
        label: cut(a.name),
        full: a.name,
        href: withScheme(a.url),
        ...(a.picture_url ? { image: a.picture_url } : {}),
      }));
  }
}

/** The year of a date written `yyyy-mm-dd` (or `yyyy`), or undefined for none. */
export function yearOf(date: string | null): string | undefined {
  return /^\d{4}/.exec(date ?? "")?.[0];
}
