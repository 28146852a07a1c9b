/**
 * What the sanitiser asks for each image: a picture served from graph's own origin (a path such
 * as `/media/p/…`), with its size when known, or nothing to drop the image.
 */
export type ImageHook = (src: string) => Promise<{ src: string; width?: number; height?: number } | undefined>;

/** Drops every image: the reader view shows none until pictures are proxied through graph's origin. */
export const dropImages: ImageHook = async () => undefined;

/** Elements kept as they are (their allowed attributes only). */
const KEPT = new Set([
  "p",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "div",
  "blockquote",
  "ul",
  "ol",
  "li",
  "dl",
  "dt",
  "dd",
  "pre",
  "code",
  "em",
  "strong",
  "b",
  "i",
  "u",
  "s",
  "sub",
  "sup",
  "small",
  "mark",
  "abbr",
  "q",
  "cite",
  "del",
  "ins",
  "kbd",
  "samp",
  "var",
  "time",
  "br",
  "hr",
  "figure",
  "figcaption",
  "table",
  "caption",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
  "a",
  "img",
]);
/** Elements renamed: the page's own heading is the view's h1, so the article's start at h2. */
const RENAMED: Record<string, string> = {
  h1: "h2",
  section: "div",
  article: "div",
  main: "div",
  header: "div",
  footer: "div",
};
/** Elements dropped with everything inside them: active content, forms, embedded documents, SVG and MathML. */
const DROPPED = new Set([
  "script",
  "style",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "form",
  "input",
  "button",
  "select",
  "textarea",
  "option",
  "optgroup",
  "label",
  "fieldset",
  "svg",
  "math",
  "template",
  "noscript",
  "link",
  "meta",
  "base",
  "canvas",
  "video",
  "audio",
  "source",
  "track",
  "head",
  "title",
  "dialog",
  "map",
  "area",
  "param",
  "portal",
  "slot",
  "nav",
  "aside",
  "menu",
  "xml",
]);
const VOID = new Set(["br", "hr", "img"]);
/** Attributes kept, by element (every other attribute — events, styles, classes, ids — is dropped). */
const ATTRIBUTES: Record<string, readonly string[]> = {
  td: ["colspan", "rowspan"],
  th: ["colspan", "rowspan", "scope"],
  ol: ["start"],
  abbr: ["title"],
  time: ["datetime"],
};
const ATTRIBUTE_VALUE: Record<string, RegExp> = {
  colspan: /^\d{1,3}$/,
  rowspan: /^\d{1,3}$/,
  start: /^-?\d{1,6}$/,
  scope: /^(row|col|rowgroup|colgroup)$/,
  title: /^[^\n]{0,300}$/,
  datetime: /^[\d\-:T.+Z ]{1,40}$/,
};
/** Deeper than this, what is left is kept as plain text (a hostile page cannot exhaust the stack). */
const MAX_DEPTH = 64;

interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
  getAttribute?(name: string): string | null;
}

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, "&quot;");

/** An http(s) address resolved against the page's, or undefined (`javascript:`, `data:`, malformed…). */
export function safeUrl(raw: string | null | undefined, base: string): string | undefined {
  if (!raw) return undefined;
  try {
    // Browsers ignore tabs and newlines inside a URL ("java\nscript:"): so does this check.
    const url = new URL(raw.replace(/[\t\n\r]/g, "").trim(), base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A picture's address from the hook is used only when it is a path on graph's own origin. */
const isOwnPath = (src: string) => /^\/(?![/\\])/.test(src);

/**
 * Sanitises an article's HTML (Readability's output) to a small allow-list: the elements in KEPT
 * with only the attributes ATTRIBUTES names; scripts, styles, frames, forms, SVG and MathML dropped
 * with their contents; other elements unwrapped to their contents. Links are http(s) only, made
 * absolute against the page, and open the publisher's page in a new tab without telling it who
 * sent the reader; images pass through `images` and are dropped when it gives nothing. The output
 * is written here from the tree, never re-serialised from the parsed input.
 */
export async function sanitize(html: string, baseUrl: string, images: ImageHook = dropImages): Promise<string> {
  // Imported when first used (see extract.ts).
  const { parseHTML } = await import("linkedom");
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  return sanitizeTree(document.body, baseUrl, images);
}

/** `sanitize` of a parsed tree's contents (Readability's, without writing it out and parsing it again). */
export function sanitizeTree(root: unknown, baseUrl: string, images: ImageHook = dropImages): Promise<string> {
  return children(root as DomNode, baseUrl, images, 0);
}

async function children(node: DomNode, base: string, images: ImageHook, depth: number): Promise<string> {
  const parts: string[] = [];
  for (const child of Array.from(node.childNodes)) parts.push(await write(child, base, images, depth));
  return parts.join("");
}

async function write(node: DomNode, base: string, images: ImageHook, depth: number): Promise<string> {
  if (node.nodeType === 3) return escapeText(node.textContent ?? "");
  if (node.nodeType !== 1) return "";
  const name = node.nodeName.toLowerCase();
  if (DROPPED.has(name) || name.includes(":")) return "";
  if (depth >= MAX_DEPTH) return escapeText(node.textContent ?? "");
  const tag = RENAMED[name] ?? name;
  if (!KEPT.has(tag)) return children(node, base, images, depth + 1);
  const attribute = (attr: string) => node.getAttribute?.(attr) ?? null;

  if (tag === "img") {
    const src = safeUrl(attribute("src") ?? attribute("data-src"), base);
    const picture = src ? await images(src) : undefined;
    if (!picture || !isOwnPath(picture.src)) return "";
    const alt = attribute("alt") ?? "";
    const size = [
      picture.width ? ` width="${Math.round(picture.width)}"` : "",
      picture.height ? ` height="${Math.round(picture.height)}"` : "",
    ].join("");
    return `<img src="${escapeAttribute(picture.src)}" alt="${escapeAttribute(alt.slice(0, 300))}"${size} loading="lazy" decoding="async">`;
  }

  const inner = VOID.has(tag) ? "" : await children(node, base, images, depth + 1);
  if (tag === "a") {
    const href = safeUrl(attribute("href"), base);
    // A link that is not to a web page keeps its words, not its target.
    if (!href) return inner;
    return `<a href="${escapeAttribute(href)}" target="_blank" rel="noopener noreferrer">${inner}</a>`;
  }
  const kept = (ATTRIBUTES[tag] ?? []).flatMap((attr) => {
    const value = attribute(attr)?.trim();
    return value !== undefined && ATTRIBUTE_VALUE[attr]!.test(value) ? [` ${attr}="${escapeAttribute(value)}"`] : [];
  });
  const open = `<${tag}${kept.join("")}>`;
  return VOID.has(tag) ? open : `${open}${inner}</${tag}>`;
}
