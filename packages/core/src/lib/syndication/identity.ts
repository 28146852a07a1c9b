import { createHash } from "node:crypto";
import { tokenize } from "../matching/index.ts";

/** Query parameters that only track where a click came from; matched case-insensitively. */
const TRACKING_PARAMS = new Set([
  "fbclid",
  "gclid",
  "dclid",
  "gbraid",
  "wbraid",
  "yclid",
  "msclkid",
  "twclid",
  "igshid",
  "mc_cid",
  "mc_eid",
  "_hsenc",
  "_hsmi",
  "mkt_tok",
  "ref",
  "ref_src",
]);

function isTrackingParam(rawKey: string): boolean {
  let key = rawKey;
  try {
    key = decodeURIComponent(rawKey.replace(/\+/g, " "));
  } catch {
    // a malformed escape: compare the raw text
  }
  key = key.toLowerCase();
  return key.startsWith("utm_") || TRACKING_PARAMS.has(key);
}

/**
 * The form of a URL used to recognise the same article across fetches and sources:
 * lowercase scheme and host (done by the URL parser, which also drops default ports),
 * no fragment, no tracking parameters, remaining parameters sorted by name (their
 * original encoding kept), no trailing slash except for the root. http and https stay
 * as given. Idempotent. Throws a TypeError for text that is not an absolute URL.
 */
export function canonicalUrl(url: string): string {
  const parsed = new URL(url.trim());
  parsed.hash = "";
  const kept = parsed.search
    .slice(1)
    .split("&")
    .filter((pair) => pair !== "")
    .map((pair) => ({ pair, key: pair.split("=", 1)[0] ?? "" }))
    .filter(({ key }) => !isTrackingParam(key));
  // A stable sort by name keeps repeated parameters (a=1&a=2) in their meaningful order.
  kept.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  parsed.search = kept.length ? `?${kept.map(({ pair }) => pair).join("&")}` : "";
  if (parsed.pathname.length > 1 && parsed.pathname.endsWith("/")) {
    parsed.pathname = parsed.pathname.replace(/\/+$/, "") || "/";
  }
  return parsed.href;
}

/** Words that carry no identity in a headline. */
const STOPWORDS = new Set(
  (
    "a an the and or but nor of to in on at by for from with without into onto over under about as " +
    "is are was were be been being it its this that these those there here than then so if " +
    "his her their our your my we you they he she i me us them what which who whom how why when"
  ).split(" "),
);

/** Separators a site name is appended with: "Headline - Site", "Headline | Site", "Headline — Site". */
const SUFFIX_SEPARATOR = /\s+[-|–—·•]\s+(?!.*\s[-|–—·•]\s)/u;

/** Words of a headline as matching reads them (one text normalisation), without stopwords. */
function foldedTokens(text: string): string[] {
  return tokenize(text).filter((token) => !STOPWORDS.has(token));
}

/**
 * A key shared by near-identical headlines of the same story across sources: diacritics
 * folded, lowercase, punctuation and stopwords dropped, a trailing " - Site Name" /
 * " | Site Name" removed, the remaining words de-duplicated and sorted, joined by one space.
 * 'Apple unveils new M5 chip', 'Apple Unveils New M5 Chip!' and
 * 'Apple unveils new M5 chip - The Verge' all give 'apple chip m5 new unveil'.
 * Very short titles give few tokens; callers should not match on fingerprints of one or
 * two words (they are too generic to identify a story).
 */
export function titleFingerprint(title: string): string {
  let text = title.replace(/\s+/g, " ").trim();
  const separator = SUFFIX_SEPARATOR.exec(text);
  if (separator) {
    const head = text.slice(0, separator.index);
    const suffix = text.slice(separator.index + separator[0].length);
    const suffixWords = suffix.split(" ").filter(Boolean).length;
    // Only a short tail after a substantial headline is taken for a site name.
    if (suffixWords <= 4 && suffix.length <= 40 && foldedTokens(head).length >= 3) text = head;
  }
  return [...new Set(foldedTokens(text))].sort().join(" ");
}

/** A stable article id for a GUID within a source: sha256, base64url, 22 characters. */
export function articleId(sourceId: string, guid: string): string {
  return createHash("sha256").update(`${sourceId}\u0000${guid}`).digest("base64url").slice(0, 22);
}

/** Whether `link` is on the same site as `siteUrl`: see `sameSiteRule`. */
export type SameSite = (link: string, siteUrl: string) => boolean;

let rule: Promise<SameSite> | undefined;

/**
 * Whether `link` is on the same site as `siteUrl` (subdomains of one registrable domain count
 * as one site): an item linking to its own source's site, which makes that source the
 * article's original publisher in de-duplication.
 *
 * A site is a host's registrable domain by the Public Suffix List, private suffixes included
 * (`www.nytimes.com` and `cooking.nytimes.com` are both `nytimes.com`, while `alice.github.io`
 * and `bob.github.io` are two sites); an IP address or a name with no registrable domain
 * (`localhost`) is its own site. The list (tldts, 0.1 MB of code and a trie built at import) is
 * imported when the rule is first asked for, by the code that stores articles.
 */
export function sameSiteRule(): Promise<SameSite> {
  return (rule ??= import("tldts").then(({ getDomain }) => {
    const siteOf = (url: string): string | undefined => {
      let hostname: string;
      try {
        hostname = new URL(url).hostname.toLowerCase();
      } catch {
        return undefined;
      }
      return getDomain(hostname, { allowPrivateDomains: true }) ?? hostname;
    };
    return (link, siteUrl) => {
      const a = siteOf(link);
      return a !== undefined && a !== "" && a === siteOf(siteUrl);
    };
  }));
}
