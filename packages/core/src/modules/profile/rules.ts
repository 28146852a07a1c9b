/** Limits, messages and the sections of the public profile: the server enforces them, the pages show them. */

export const CONTACT_MAX = 120;
export const THOUGHT_TITLE_MAX = 50;
export const THOUGHT_CONTENT_MAX = 3000;
/** Thoughts and websites a person keeps at most (their public page reads only the newest). */
export const THOUGHTS_MAX = 500;
export const WEBSITES_MAX = 20;
export const WEBSITE_URL_MAX = 300;

export const PROFILE_MESSAGES = {
  contactTooLong: `Contact links are at most ${CONTACT_MAX} characters.`,
  thoughtMissing: "title or content missing!",
  thoughtTitleTooLong: `Titles are at most ${THOUGHT_TITLE_MAX} characters.`,
  thoughtContentTooLong: `Thoughts are at most ${THOUGHT_CONTENT_MAX} characters.`,
  tooManyThoughts: `You can keep at most ${THOUGHTS_MAX} thoughts.`,
  noSuchThought: "No such thought.",
  websiteMissing: "url is required",
  websiteTooLong: `Website addresses are at most ${WEBSITE_URL_MAX} characters.`,
  websiteInvalid: "That is not a web address.",
  tooManyWebsites: `You can list at most ${WEBSITES_MAX} websites.`,
  noSuchWebsite: "No such website.",
  unknownSection: "sectionOrder names a section that does not exist.",
  notYours: "You can only change your own profile.",
} as const;

/** The sections of the public profile, in the default order (all visible but websites). */
export const PROFILE_SECTIONS = [
  "aboutMe",
  "articles",
  "books",
  "topics",
  "movies",
  "youtubeChannels",
  "youtubeVideos",
  "thoughts",
  "tracks",
  "artists",
  "websites",
] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

export interface SectionOrderItem {
  id: ProfileSection;
  order: number;
  visible: boolean;
}

export const DEFAULT_SECTION_ORDER: readonly SectionOrderItem[] = PROFILE_SECTIONS.map((id, order) => ({
  id,
  order,
  visible: id !== "websites",
}));

/** Items each section shows on the public page at a time (the spec's counts). */
export const SECTION_COUNTS: Record<ProfileSection, number> = {
  aboutMe: 1,
  articles: 3,
  books: 4,
  topics: 16,
  movies: 3,
  youtubeChannels: 3,
  youtubeVideos: 3,
  thoughts: 1,
  tracks: 9,
  artists: 9,
  websites: 3,
};

/** Profile article titles are cut here; overlap titles at OVERLAP_TITLE_MAX. */
export const PROFILE_ARTICLE_TITLE_MAX = 40;
export const OVERLAP_TITLE_MAX = 80;
/** On narrow screens: titles 20, channel names 15; article titles 36 on wide screens. */
export const MOBILE_TITLE_MAX = 20;
export const MOBILE_CHANNEL_MAX = 15;
export const DESKTOP_ARTICLE_TITLE_MAX = 36;

/**
 * Puts a saved (or sent) order in shape: known sections only, each once, sorted by `order` and
 * numbered 0.. again; sections it leaves out come after, with their default visibility.
 */
export function normaliseSectionOrder(items: ReadonlyArray<{ id: string; order: number; visible: boolean }>) {
  const known = new Set<string>(PROFILE_SECTIONS);
  const seen = new Set<string>();
  const kept = [...items]
    .filter((i) => known.has(i.id) && !seen.has(i.id) && seen.add(i.id))
    .sort((a, b) => a.order - b.order)
    .map((i) => ({ id: i.id as ProfileSection, visible: i.visible }));
  const rest = DEFAULT_SECTION_ORDER.filter((d) => !seen.has(d.id)).map((d) => ({ id: d.id, visible: d.visible }));
  return [...kept, ...rest].map((i, order) => ({ ...i, order }));
}

/**
 * A link as typed ('example.com') made followable: 'https://' when no scheme is given. Only
 * http and https are kept as they are: anything else ('javascript:...') gets the prefix too, so
 * a profile link can never run script.
 */
export function withScheme(link: string): string {
  const trimmed = link.trim();
  if (trimmed === "") return "";
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** A host name: dot-separated labels of letters, digits and hyphens (any script: `bücher.de`). */
const HOST = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u;

/**
 * Whether a website a person lists is a web address: `http://` or `https://` with a host, or a
 * bare host (`example.com`, `example.com/about`), which the page opens over https. Any other
 * scheme (`javascript:`, `data:`, `mailto:`), a name and password before the host, spaces and a
 * host that is no host name are not web addresses.
 */
export function isWebAddress(raw: string): boolean {
  if (/[\s\\]/.test(raw)) return false;
  const explicit = /^https?:\/\//i.test(raw);
  // A bare host: the host (and port) runs up to the first /, ? or #; a scheme's colon is no port.
  if (!explicit && !/^[\p{L}\p{N}.-]+(?::\d{1,5})?(?:[/?#]|$)/u.test(raw)) return false;
  let url: URL;
  try {
    url = new URL(explicit ? raw : `https://${raw}`);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (url.username !== "" || url.password !== "") return false;
  const authority = /^(?:https?:\/\/)?([^/?#]*)/i.exec(raw)![1]!.replace(/:\d{1,5}$/, "");
  return HOST.test(authority) || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(authority);
}

/** Cuts `text` to `max` characters, with an ellipsis when it was longer. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, Math.max(0, max - 1)).trimEnd()}…` : text;
}
