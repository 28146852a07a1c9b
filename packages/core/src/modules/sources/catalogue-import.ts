import { parseOpml } from "../../lib/syndication/index.ts";
import { catalogueFeed, feedAddress, sortFeeds, type CatalogueFeed, type CatalogueFile } from "./catalogue-file.ts";

/** Adding an OPML document's feeds to the catalogue's data file (see `npm run catalogue:import-opml`). */

export interface ImportReport {
  /** The data file with the feeds added (the one given is left as it was). */
  file: CatalogueFile;
  added: CatalogueFeed[];
  /** Feeds the catalogue (or the document, earlier) has already, by canonical address. */
  already: { name: string; feedUrl: string; sourceId: string }[];
  refused: { name: string; xmlUrl: string; reason: string }[];
}

export interface ImportOptions {
  /** The subject of every feed imported; without it, the category outline each sits in. */
  subject?: string;
  /** The country of every feed imported (a national list). */
  country?: string;
}

/**
 * The catalogue `file` with the feeds of the OPML `document` added: each named by its `text`,
 * else `title`, else its host; addresses that are not http(s) refused, as are feeds with no
 * subject; feeds already there (same canonical address) left as they are. Throws an `OpmlError`
 * for a document it will not read (too large, not OPML).
 */
export function importOpml(file: CatalogueFile, document: string, options: ImportOptions = {}): ImportReport {
  const byAddress = new Map(file.feeds.map((feed) => [feed.feedUrl, feed]));
  const report: Omit<ImportReport, "file"> = { added: [], already: [], refused: [] };
  for (const outline of parseOpml(document)) {
    const address = feedAddress(outline.xmlUrl);
    if ("error" in address) {
      report.refused.push({ name: outline.title, xmlUrl: outline.xmlUrl, reason: address.error });
      continue;
    }
    const known = byAddress.get(address.url);
    if (known) {
      report.already.push({ name: known.name, feedUrl: known.feedUrl, sourceId: known.sourceId });
      continue;
    }
    const subject = options.subject?.trim() || outline.category;
    if (!subject) {
      report.refused.push({
        name: outline.title,
        xmlUrl: outline.xmlUrl,
        reason: "no subject: give --subject, or list it inside an outline naming its category",
      });
      continue;
    }
    const feed = catalogueFeed({
      name: outline.title || new URL(address.url).hostname,
      feedUrl: address.url,
      ...(outline.htmlUrl ? { siteUrl: outline.htmlUrl } : {}),
      subject,
      ...(options.country ? { country: options.country } : {}),
    });
    if ("error" in feed) {
      report.refused.push({ name: outline.title, xmlUrl: outline.xmlUrl, reason: feed.error });
      continue;
    }
    byAddress.set(feed.feedUrl, feed);
    report.added.push(feed);
  }
  return { file: { ...file, feeds: sortFeeds([...file.feeds, ...report.added]) }, ...report };
}
