import { Parser } from "htmlparser2";

/** Elements that are one item of a feed: RSS and RDF `<item>`, Atom `<entry>` (any prefix). */
const ITEM_ELEMENTS = new Set(["item", "entry"]);
/** Children of an item that date it, for choosing the newest. */
const DATE_ELEMENTS = new Set(["pubdate", "published", "updated", "dc:date", "date"]);
/** Items sit right under the root (RDF, Atom) or under `<channel>` (RSS 2.0). */
const MAX_ITEM_DEPTH = 3;

interface Span {
  start: number;
  /** One past the item's closing `>`. */
  end: number;
  order: number;
  time?: number;
}

const localName = (name: string) => name.slice(name.lastIndexOf(":") + 1).toLowerCase();

/**
 * The feed document with only its `maxItems` newest items (by their date; undated items after
 * dated ones, in document order), everything else kept as written. The XML parser validates
 * and builds a tree of the whole document before answering, so a feed of 10,000 items would be
 * held whole: this cheap pass (a streaming tokenizer that keeps only each item's position and
 * date) lets the parser see at most `maxItems`. A document whose items cannot be located cleanly is returned
 * as is; the caller still keeps only the newest `maxItems` of what the parser answers.
 */
export function keepNewestItems(text: string, maxItems: number): string {
  // Most feeds are far below the cap: a count by pattern spares them the pass.
  const rough = text.match(/<(?:[\w.-]+:)?(?:item|entry)[\s>/]/gi)?.length ?? 0;
  if (rough <= maxItems) return text;

  const spans: Span[] = [];
  let depth = 0;
  let open: { start: number; depth: number; time?: number } | undefined;
  let dateText: string | undefined;
  let clean = true;
  const parser = new Parser(
    {
      onopentag(name) {
        depth++;
        const local = localName(name);
        if (!open && ITEM_ELEMENTS.has(local) && depth <= MAX_ITEM_DEPTH) {
          open = { start: parser.startIndex, depth };
        } else if (
          open &&
          depth === open.depth + 1 &&
          open.time === undefined &&
          DATE_ELEMENTS.has(name.toLowerCase())
        ) {
          dateText = "";
        }
      },
      ontext(data) {
        if (dateText !== undefined) dateText += data;
      },
      onclosetag() {
        if (open && dateText !== undefined && depth === open.depth + 1) {
          const time = Date.parse(dateText.trim());
          if (Number.isFinite(time)) open.time = time;
          dateText = undefined;
        }
        if (open && depth === open.depth) {
          const span: Span = { start: open.start, end: parser.endIndex + 1, order: spans.length };
          if (open.time !== undefined) span.time = open.time;
          if (spans.length > 0 && span.start < spans[spans.length - 1]!.end) clean = false;
          spans.push(span);
          open = undefined;
        }
        depth--;
      },
    },
    { xmlMode: true },
  );
  parser.write(text);
  parser.end();
  if (!clean || open || spans.length <= maxItems) return text;

  const kept = [...spans]
    .sort((a, b) => (b.time ?? -Infinity) - (a.time ?? -Infinity) || a.order - b.order)
    .slice(0, maxItems)
    .sort((a, b) => a.order - b.order);
  const first = spans[0]!;
  const last = spans[spans.length - 1]!;
  return text.slice(0, first.start) + kept.map((s) => text.slice(s.start, s.end)).join("\n") + text.slice(last.end);
}

/** The newest `max` of `items` (undated ones last), in their original order. */
export function newestOf<T extends { publishedAt?: number }>(items: T[], max: number): T[] {
  if (items.length <= max) return items;
  const ranked = items.map((item, order) => ({ item, order }));
  ranked.sort((a, b) => (b.item.publishedAt ?? -Infinity) - (a.item.publishedAt ?? -Infinity) || a.order - b.order);
  return ranked
    .slice(0, max)
    .sort((a, b) => a.order - b.order)
    .map((r) => r.item);
}
