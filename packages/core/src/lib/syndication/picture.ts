import { Parser as HtmlParser } from "htmlparser2";

/**
 * Finding an item's picture: in the feed first (no request), else on its page (`og:image`).
 * Only the address is found here; fetching and checking it is the pictures module's.
 */

type XmlNode = Record<string, unknown>;

/** The parser's ways of reading its tree (parse.ts owns the tree's shape). */
export interface XmlReader {
  child(element: XmlNode, name: string): XmlNode | undefined;
  children(element: XmlNode, name?: string): XmlNode[];
  attribute(element: XmlNode, name: string): string | undefined;
  textOf(element: XmlNode | undefined): string | undefined;
}

const IMAGE_EXTENSION = /\.(?:jpe?g|png|gif|webp|avif)(?:$|[?#])/i;
/** YouTube's video ids: 11 characters of base64url. */
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The item's own picture, in the order feeds mean them: a YouTube video's thumbnail, then
 * `media:thumbnail`, `media:content` that is an image (also inside `media:group`), an image
 * `enclosure`, `itunes:image`, and the first `<img>` of its content that is not a tracking
 * pixel. Only http(s) addresses, made absolute against the item's link.
 */
export function pictureOf(entry: XmlNode, link: string, xml: XmlReader): string | undefined {
  const videoId = xml.textOf(xml.child(entry, "yt:videoId"))?.trim();
  if (videoId && YOUTUBE_ID.test(videoId)) return `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`;
  const group = xml.child(entry, "media:group");
  const holders = group ? [entry, group] : [entry];
  const url = (node: XmlNode | undefined, name = "url") =>
    node ? absolute(xml.attribute(node, name), link) : undefined;
  for (const holder of holders) {
    for (const thumb of xml.children(holder, "media:thumbnail")) {
      const found = url(thumb);
      if (found) return found;
    }
  }
  for (const holder of holders) {
    for (const content of xml.children(holder, "media:content")) {
      const type = xml.attribute(content, "type") ?? "";
      const medium = xml.attribute(content, "medium") ?? "";
      const address = xml.attribute(content, "url") ?? "";
      const image =
        medium === "image" || type.startsWith("image/") || (!medium && !type && IMAGE_EXTENSION.test(address));
      const found = image ? url(content) : undefined;
      if (found) return found;
      // A video's own thumbnail, nested in its media:content.
      const nested = url(xml.child(content, "media:thumbnail"));
      if (nested) return nested;
    }
  }
  for (const enclosure of xml.children(entry, "enclosure")) {
    const type = xml.attribute(enclosure, "type") ?? "";
    const address = xml.attribute(enclosure, "url") ?? xml.attribute(enclosure, "href") ?? "";
    const found = type.startsWith("image/") || (!type && IMAGE_EXTENSION.test(address)) ? url(enclosure) : undefined;
    if (found) return found;
  }
  // Atom's enclosure is a <link rel="enclosure">.
  for (const linked of xml.children(entry, "link")) {
    if (xml.attribute(linked, "rel") !== "enclosure") continue;
    if (!(xml.attribute(linked, "type") ?? "").startsWith("image/")) continue;
    const found = url(linked, "href");
    if (found) return found;
  }
  const itunes = url(xml.child(entry, "itunes:image"), "href");
  if (itunes) return itunes;
  for (const name of ["content:encoded", "content", "description", "summary"]) {
    const html = xml.textOf(xml.child(entry, name));
    const found = html && firstImage(html, link);
    if (found) return found;
  }
  return undefined;
}

/** The first `<img>` of some HTML that is not a 1×1 tracking pixel (nor a data: address). */
export function firstImage(html: string, base: string): string | undefined {
  if (!/<img\b/i.test(html)) return undefined;
  let found: string | undefined;
  const parser = new HtmlParser(
    {
      onopentag(name, attributes) {
        if (found || name !== "img") return;
        const tiny = (value: string | undefined) => value !== undefined && Number(value) > 0 && Number(value) <= 2;
        if (tiny(attributes.width) || tiny(attributes.height)) return;
        found = absolute(attributes.src, base);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

/** The most HTML read of a page for its picture: its head (where og:image lives) is within it. */
export const PAGE_HEAD_BYTES = 512 * 1024;

/**
 * A page's own picture: `og:image` (its `:secure_url` or `:url` too), else `twitter:image`,
 * else `<link rel="image_src">`. Read from the head; the body's images are not guessed at.
 */
export function pagePicture(html: string, pageUrl: string): string | undefined {
  const found: Record<string, string> = {};
  let body = false;
  const parser = new HtmlParser(
    {
      onopentag(name, attributes) {
        if (body) return;
        if (name === "meta") {
          const key = (attributes.property ?? attributes.name ?? "").trim().toLowerCase();
          const value = attributes.content;
          if (value && !(key in found)) found[key] = value;
        } else if (name === "link" && (attributes.rel ?? "").toLowerCase().split(/\s+/).includes("image_src")) {
          if (attributes.href && !("image_src" in found)) found.image_src = attributes.href;
        } else if (name === "body") body = true;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html.slice(0, PAGE_HEAD_BYTES));
  parser.end();
  for (const key of [
    "og:image:secure_url",
    "og:image",
    "og:image:url",
    "twitter:image",
    "twitter:image:src",
    "image_src",
  ]) {
    const address = absolute(found[key], pageUrl);
    if (address) return address;
  }
  return undefined;
}

function absolute(text: string | undefined, base: string): string | undefined {
  const trimmed = text?.trim();
  if (!trimmed) return undefined;
  try {
    const url = new URL(trimmed, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}
