import { guardedFetch } from "../../adapters/http/index.ts";
import { testSettings } from "../../adapters/test-settings/index.ts";
import { notFound } from "../../lib/errors/index.ts";
import { log } from "../../lib/observability/index.ts";
import * as Articles from "../articles/index.ts";
import * as Sources from "../sources/index.ts";
import { cached, keep } from "./cache.ts";
import { extract } from "./extract.ts";
import type { Reading } from "./rules.ts";
import { proxiedImages } from "./pictures.ts";
import type { ImageHook } from "./sanitize.ts";

/** What the reader view shows: the article as graph stores it, and its page's readable text (or why not). */
export interface ArticleReading {
  article: {
    id: string;
    title: string;
    link: string;
    sourceName: string;
    sourceId: string;
    publishedAt: string;
    language?: string;
  };
  reading: Reading;
}

export interface ReadOptions {
  /** Whether private addresses may be fetched (a local runtime's own test pages; never on AWS). */
  allowPrivate: boolean;
  /** Each image's picture on graph's origin (by default through the cards' picture proxy). */
  images?: ImageHook;
}

const NOT_FOUND = "No such article.";

/**
 * An article's reading for a signed-in person. Any signed-in person may read an article graph
 * stores — what the feed, the following feed and search show anyone — except one from a source not
 * trusted yet that the person did not suggest: such articles reach only their suggesters, so to
 * everyone else the article does not exist (404). The page is fetched once per article and kept
 * (see cache.ts): a second reader, whoever they are, is answered from the blob store.
 */
export async function read(userId: string, articleId: string, options: ReadOptions): Promise<ArticleReading> {
  const article = (await Articles.byIds([articleId])).get(articleId);
  if (!article) throw notFound(NOT_FOUND);
  const untrusted = await Sources.untrustedIds();
  if (untrusted.has(article.sourceId) && (await Sources.untrustedNotSuggestedBy(userId)).has(article.sourceId)) {
    throw notFound(NOT_FOUND);
  }
  return {
    article: {
      id: article.articleId,
      title: article.title,
      link: article.link,
      sourceName: article.sourceName,
      sourceId: article.sourceId,
      publishedAt: new Date(article.publishedAt).toISOString(),
      ...(article.language ? { language: article.language } : {}),
    },
    reading: await readingOf(articleId, article.link, options, article.title),
  };
}

/** The page's reading: kept while fresh, else fetched through the address guard with the feeds' caps and extracted. */
export async function readingOf(
  articleId: string,
  link: string,
  options: ReadOptions,
  title?: string,
): Promise<Reading> {
  const kept = await cached(articleId);
  if (kept) return kept;
  const page = await guardedFetch(link, {
    allowPrivate: options.allowPrivate,
    accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1",
    // The feeds' caps: guardedFetch's 5 MB and 15 s (shortened only by a test runtime).
    totalTimeoutMs: testSettings().feedFetchTimeoutMs,
  });
  let reading: Reading;
  if (page.kind !== "ok") {
    log.info("reader fetch failed", { articleId, error: page.kind === "error" ? page.error : page.kind });
    reading = { kind: "failed" };
  } else if (page.contentType && !/^\s*(text\/html|application\/xhtml\+xml)/i.test(page.contentType)) {
    reading = { kind: "failed" };
  } else {
    reading = await extract(
      {
        html: page.body,
        url: page.finalUrl,
        ...(page.robotsTag ? { robotsTag: page.robotsTag } : {}),
        ...(title ? { title } : {}),
      },
      options.images ?? proxiedImages({ allowPrivate: options.allowPrivate, referer: page.finalUrl }),
    );
  }
  await keep(articleId, reading);
  return reading;
}
