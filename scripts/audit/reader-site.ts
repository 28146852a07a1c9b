import { photoLike } from "@graph/local/demo/pictures";
import { newsPage } from "../../tests/support/article-pages.ts";
import { startFeedServer } from "../../tests/support/feeds.ts";

/** The article the reader view is audited on: a news report under a topic the audit person follows. */
const READER_TITLE = "Harbour jazz nights return to the rebuilt timber pier";

/**
 * A publisher's site on loopback for the reader view's audit (the demo sites' article pages do
 * not exist): a feed with one real-shaped news report (newsPage: scripts, frames, a cookie banner
 * and share buttons around the text) and its lead picture, a photo-sized JPEG both the card
 * (media:thumbnail) and the article name. Needs a runtime that allows private feeds.
 */
export async function startReaderSite() {
  const site = await startFeedServer();
  // A photo-like picture the size a news site's lead picture is.
  const picture = await photoLike(1200, 800, "harbour pier");
  for (const path of ["/images/pier.jpg", "/images/pier-2x.jpg"]) {
    site.set(path, { body: picture, contentType: "image/jpeg" });
  }
  const link = `${site.url}/news/2026/harbour-jazz-nights`;
  site.set("/news/2026/harbour-jazz-nights", { body: newsPage(), contentType: "text/html; charset=utf-8" });
  const published = new Date(Date.now() - 20 * 60_000).toUTCString();
  site.set("/feed.xml", {
    body: `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel>
<title>Harbour Gazette</title><link>${site.url}/</link><description>News from the harbour.</description>
<item><title>${READER_TITLE}</title><link>${link}</link><guid>${link}</guid><pubDate>${published}</pubDate>
<description>The council chose timber over steel, and the Friday jazz nights move back to the pier's far end this summer.</description>
<media:thumbnail url="${site.url}/images/pier.jpg" width="1200" height="800"/></item>
</channel></rss>`,
  });
  return { feedUrl: `${site.url}/feed.xml`, link, close: site.close };
}
