/**
 * Reading syndication feeds, with nothing of graph's domain in it and no I/O: parsing RSS/Atom
 * (charset included), OPML in and out, the address rules of the guard, and recognising the same
 * article across fetches and sources (canonical links, title fingerprints). Fetching is the
 * `http` adapter's.
 */
export { parseFeed, FeedParseError, type ParsedFeed, type ParsedItem } from "./parse.ts";
export { canonicalUrl, titleFingerprint, articleId, sameSiteRule, type SameSite } from "./identity.ts";
export { isPrivateAddress } from "./address.ts";
export { parseOpml, OpmlError, MAX_OPML_BYTES, MAX_OPML_OUTLINES, type OpmlFeed } from "./opml.ts";
export { writeOpml, xmlAttribute, type OpmlOutline } from "./opml-write.ts";
export { pagePicture, PAGE_HEAD_BYTES } from "./picture.ts";
export { MAX_EXCERPT_LENGTH, MIN_READING_WORDS } from "./excerpt.ts";
