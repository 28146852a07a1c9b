/**
 * What a page asks of those who keep copies of it, from its `X-Robots-Tag` header and its robots
 * meta tags. Either may name a crawler ("googlebot: noarchive"): graph honours a directive
 * whoever it names, since a site that asks one reader not to keep a copy would not want another to.
 */

/** Directives that mean "do not keep or show a copy of this page". */
const FORBIDDING = new Set(["noarchive", "noindex", "none"]);

/** Whether robots directives (a header's value or a meta tag's content) forbid keeping a copy. */
export function forbidsCopies(directives: string | undefined | null): boolean {
  if (!directives) return false;
  return directives
    .toLowerCase()
    .split(/[\s,:;]+/)
    .some((token) => FORBIDDING.has(token));
}

/** The content of a document's robots meta tags (`<meta name="robots" content="…">`), joined. */
export function metaRobots(document: { querySelectorAll(selector: string): ArrayLike<unknown> }): string {
  const metas = Array.from(document.querySelectorAll("meta[name]")) as Array<{
    getAttribute(name: string): string | null;
  }>;
  return metas
    .filter((meta) => (meta.getAttribute("name") ?? "").trim().toLowerCase() === "robots")
    .map((meta) => meta.getAttribute("content") ?? "")
    .join(", ");
}
