/**
 * Reading syndication feeds, with nothing of graph's domain in it: fetching politely behind the
 * address guard, discovering a site's feed, parsing RSS/Atom (charset included), and recognising
 * the same article across fetches and sources (canonical links, title fingerprints).
 */
export { guardedFetch, type FetchOutcome, type GuardedFetchOptions, type ResolveHost } from "./http.ts";
export { parseFeed, FeedParseError, type ParsedFeed, type ParsedItem } from "./parse.ts";
export { discoverFeed } from "./discover.ts";
export { canonicalUrl, titleFingerprint, articleId, sameSite } from "./identity.ts";
export { isPrivateAddress } from "./address.ts";
export { parseOpml, OpmlError, MAX_OPML_BYTES, MAX_OPML_OUTLINES, type OpmlFeed } from "./opml.ts";
export { writeOpml, xmlAttribute, type OpmlOutline } from "./opml-write.ts";
