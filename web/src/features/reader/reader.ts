/** The reader view's pure rules. */
import type { FeedArticle, FeedResponse } from "../feed/index.ts";

/** The feed's card of an article, wherever the feed shows it (the current session or an earlier one). */
export function cardIn(feed: FeedResponse | undefined, articleId: string): FeedArticle | undefined {
  if (!feed) return undefined;
  for (const articles of Object.values(feed.groups)) {
    const found = articles.find((a) => a.id === articleId);
    if (found) return found;
  }
  for (const session of feed.earlier) {
    const found = session.articles.find((a) => a.id === articleId);
    if (found) return found;
  }
  return undefined;
}

/** The feed with an article marked seen (the server marked it when the reader view opened it). */
export function withSeen(feed: FeedResponse, articleId: string): FeedResponse {
  if (cardIn(feed, articleId)?.seen !== false) return feed;
  const mark = (articles: FeedArticle[]) => articles.map((a) => (a.id === articleId ? { ...a, seen: true } : a));
  return {
    ...feed,
    groups: Object.fromEntries(Object.entries(feed.groups).map(([name, articles]) => [name, mark(articles)])),
    earlier: feed.earlier.map((session) => ({ ...session, articles: mark(session.articles) })),
  };
}

/** "12 min read". */
export const readingTimeText = (minutes: number) => `${minutes} min read`;

/** The publisher's site as the link names it: its host without `www.`. */
export function publisherName(link: string): string {
  try {
    return new URL(link).hostname.replace(/^www\./, "");
  } catch {
    return "the publisher's site";
  }
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * A date as the reader view shows it, in the app's English ("27 November 2026", the reader's own
 * time zone); empty when it cannot be read. Written out here rather than with `Intl`: the first
 * date formatted in a page loads the locale's data, tens of milliseconds on a phone before the
 * article could paint.
 */
export function dateText(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  return `${at.getDate()} ${MONTHS[at.getMonth()]} ${at.getFullYear()}`;
}

/** How far into an article its first picture may start and still be shown at once (above the fold on a phone). */
const LEAD_PICTURE_WITHIN = 2_000;
/** A picture as the server writes it into a reading: `<img src="..." ... loading="lazy" ...>`. */
const PICTURE_TAG = /<img\s[^>]*>/;

/** The source of an article's opening picture (the reader view's largest paint), if it has one near the top. */
export function leadPictureSrc(html: string): string | undefined {
  const tag = PICTURE_TAG.exec(html);
  if (!tag || tag.index > LEAD_PICTURE_WITHIN) return undefined;
  return /\ssrc="([^"]*)"/.exec(tag[0])?.[1]?.replaceAll("&amp;", "&");
}

/** The reading with its opening picture fetched at once and first, instead of lazily after layout. */
export function withLeadPictureEager(html: string): string {
  const tag = PICTURE_TAG.exec(html);
  if (!tag || tag.index > LEAD_PICTURE_WITHIN) return html;
  const eager = tag[0].replace(' loading="lazy"', ' loading="eager" fetchpriority="high"');
  return html.slice(0, tag.index) + eager + html.slice(tag.index + tag[0].length);
}
