import { Parser } from "htmlparser2";

/**
 * Reading OPML subscription lists as the hostile input they are: real ones are often not
 * well-formed XML (bare ampersands, HTML entities such as `&eacute;`, a byte-order mark, tags
 * left open), so they are read with a forgiving parser rather than refused, but only up to a size.
 */

/** Largest OPML document read (a list of thousands of feeds is well under it). */
export const MAX_OPML_BYTES = 2 * 1024 * 1024;
/** Most outlines read from one document. */
export const MAX_OPML_OUTLINES = 20_000;

export class OpmlError extends Error {
  override name = "OpmlError";
}

/** A feed an OPML document lists: its attributes as written (entities decoded), and its category. */
export interface OpmlFeed {
  /** `text`, else `title`; empty when it has neither. */
  title: string;
  /** `xmlUrl` as written (not checked here). */
  xmlUrl: string;
  htmlUrl?: string;
  /** The `text` (else `title`) of the nearest enclosing outline that is not a feed. */
  category?: string;
}

/** The feeds an OPML document lists, in order. Throws an `OpmlError` for a document it will not read. */
export function parseOpml(document: string): OpmlFeed[] {
  if (Buffer.byteLength(document, "utf8") > MAX_OPML_BYTES) {
    throw new OpmlError(`the OPML document is larger than ${MAX_OPML_BYTES / 1024 / 1024} MB`);
  }
  const feeds: OpmlFeed[] = [];
  // Open outlines, innermost last: a category's label, or undefined for a feed outline.
  const open: (string | undefined)[] = [];
  let outlines = 0;
  let sawOpml = false;
  let failure: OpmlError | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (failure) return;
        if (name === "opml") sawOpml = true;
        if (name !== "outline") return;
        if (++outlines > MAX_OPML_OUTLINES) {
          failure = new OpmlError(`the OPML document has more than ${MAX_OPML_OUTLINES} outlines`);
          parser.pause();
          return;
        }
        const label =
          (attributes.text ?? "").replace(/\s+/g, " ").trim() || (attributes.title ?? "").replace(/\s+/g, " ").trim();
        const xmlUrl = attributes.xmlurl?.trim();
        if (xmlUrl === undefined || xmlUrl === "") {
          open.push(label || undefined);
          return;
        }
        const category = open.findLast((l) => l !== undefined);
        const htmlUrl = attributes.htmlurl?.trim();
        feeds.push({ title: label, xmlUrl, ...(htmlUrl ? { htmlUrl } : {}), ...(category ? { category } : {}) });
        open.push(undefined);
      },
      onclosetag(name) {
        if (name === "outline") open.pop();
      },
    },
    // HTML mode: HTML entities decoded, bare ampersands kept as text, `<outline/>` closes itself,
    // attribute names lowercased (`xmlUrl`, `xmlurl` and `XMLURL` are one).
    { xmlMode: false, recognizeSelfClosing: true, decodeEntities: true, lowerCaseAttributeNames: true },
  );
  parser.end(document.replace(/^\uFEFF/, ""));
  if (failure) throw failure;
  if (!sawOpml && outlines === 0) throw new OpmlError("not an OPML document (no <opml> and no <outline>)");
  return feeds;
}
