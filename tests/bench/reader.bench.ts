import * as Reader from "@graph/core/modules/reader";
import {
  blogPage,
  heavyNewsPage,
  hostileArticle,
  newsPage,
  paywallStub,
  recipePage,
} from "../support/article-pages.ts";
import { startFeedServer } from "../support/feeds.ts";
import { ratio, row, sample } from "./stats.ts";

const PAGES = {
  news: newsPage,
  "news, heavy": heavyNewsPage,
  blog: blogPage,
  recipe: recipePage,
  "paywalled stub": paywallStub,
  hostile: hostileArticle,
};
const COLD = 30;
const WARM = 100;

/**
 * The reader view's work for real-shaped pages served on loopback: a first read (fetch through
 * the address guard, Readability on linkedom, the sanitiser, the blob written) beside a second
 * reader's (the blob read back), extraction alone, and what the page and the kept reading weigh.
 */
export async function readerBench() {
  const server = await startFeedServer();
  try {
    console.log("\n## reader view (real-shaped pages on loopback)");
    for (const [name, page] of Object.entries(PAGES)) {
      const html = page();
      const path = `/${name.replace(/\W+/g, "-")}`;
      server.set(path, { body: html, contentType: "text/html; charset=utf-8" });
      const link = `${server.url}${path}`;
      // The page as the first read sees it (fetched): the same verdict as in process, or the bench is wrong.
      const fetched = await Reader.readingOf(`bench-reader-check-${Date.now()}`, link, { allowPrivate: true });
      const reading = await Reader.extract({ html, url: link });
      if (fetched.kind !== reading.kind)
        throw new Error(`${name}: fetched ${fetched.kind}, in process ${reading.kind}`);
      const kept = JSON.stringify(reading).length;
      const words = reading.kind === "article" ? `${reading.words} words, ${reading.minutes} min` : reading.kind;
      console.log(
        `${name}: page ${(html.length / 1024).toFixed(1)} KB -> kept ${kept.toLocaleString("en-US")} bytes (${words})`,
      );
      const extract = await sample(WARM, () => Reader.extract({ html, url: link }));
      const first = await sample(
        COLD,
        (i) => Reader.readingOf(`bench-reader-${name}-${Date.now()}-${i}`, link, { allowPrivate: true }),
        3,
      );
      const warmId = `bench-reader-${name}-warm-${Date.now()}`;
      await Reader.readingOf(warmId, link, { allowPrivate: true });
      const second = await sample(WARM, () => Reader.readingOf(warmId, link, { allowPrivate: true }));
      console.log(row(`  extract + sanitise (in process)`, extract));
      console.log(row(`  first read (fetch, extract, keep)`, first));
      console.log(row(`  second reader (from the blob store)`, second));
      console.log(`  first / second p50: ${ratio(first.p50, second.p50)}`);
    }
  } finally {
    await server.close();
  }
}
