import { log } from "../../lib/observability/index.ts";
import { MAX_ELEMENTS, MIN_ARTICLE_CHARS, readingMinutes, wordCount, type Reading } from "./rules.ts";
import { forbidsCopies, metaRobots } from "./robots.ts";
import { dropImages, sanitizeTree, type ImageHook } from "./sanitize.ts";

/** A fetched page: its HTML, the address it came from (after redirects) and its robots header. */
export interface FetchedPage {
  html: string;
  url: string;
  robotsTag?: string;
  /** The article's title as graph shows it above the text: a heading repeating it is dropped. */
  title?: string;
}

interface Heading {
  textContent: string | null;
  remove(): void;
}

const comparable = (text: string | null | undefined) =>
  (text ?? "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** Removes the text's first heading when it only repeats the title (the view shows the title above it). */
function dropRepeatedTitle(content: unknown, titles: Array<string | null | undefined>): void {
  const first = (content as { querySelector(selector: string): Heading | null }).querySelector("h1, h2");
  const heading = comparable(first?.textContent);
  if (first && heading && titles.some((title) => comparable(title) === heading)) first.remove();
}

/**
 * Readability and linkedom are imported when a page is first read, not when the API starts: most
 * of the API's cold starts never read a page (and the account sweep, which imports this module
 * for its settings, never does).
 *
 * An article's readable text from its page: Readability on a server-side DOM (linkedom: a fraction
 * of jsdom's size and start-up, and Readability needs no layout), then the sanitiser's allow-list.
 * A page whose header or robots meta tag asks not to be archived is not read at all; one with less
 * text than an article has is `too-small`; one Readability cannot read (or too large to try) is `failed`.
 */
export async function extract(page: FetchedPage, images: ImageHook = dropImages): Promise<Reading> {
  if (forbidsCopies(page.robotsTag)) return { kind: "not-archived" };
  const [readability, { parseHTML }] = await Promise.all([import("@mozilla/readability"), import("linkedom")]);
  // A CommonJS package: Node names its exports, but a split esbuild bundle (the API's, as deployed)
  // gives the chunk's `module.exports` only as `default`.
  const { Readability } =
    "Readability" in readability ? readability : (readability as unknown as { default: typeof readability }).default;
  let parsed: ReturnType<InstanceType<typeof Readability<unknown>>["parse"]>;
  try {
    const { document } = parseHTML(page.html);
    if (forbidsCopies(metaRobots(document))) return { kind: "not-archived" };
    // Readability's own cap counts with getElementsByTagName("*"), which linkedom answers empty: counted here.
    if (document.querySelectorAll("*").length > MAX_ELEMENTS) return { kind: "failed" };
    parsed = new Readability<unknown>(document, {
      charThreshold: MIN_ARTICLE_CHARS,
      // The tree itself: the sanitiser writes the output from it (no second parse).
      serializer: (node) => node,
    }).parse();
  } catch (error) {
    log.warn("reader: a page could not be read", { url: page.url, error });
    return { kind: "failed" };
  }
  const text = parsed?.textContent?.trim() ?? "";
  if (!parsed?.content || text.length < MIN_ARTICLE_CHARS) return { kind: "too-small" };
  dropRepeatedTitle(parsed.content, [page.title, parsed.title]);
  const html = await sanitizeTree(parsed.content, page.url, images);
  const words = wordCount(text);
  const byline = parsed.byline?.trim().slice(0, 200);
  return { kind: "article", html, words, minutes: readingMinutes(words), ...(byline ? { byline } : {}) };
}
