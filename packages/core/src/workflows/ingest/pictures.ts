import * as Articles from "../../modules/articles/index.ts";
import * as Pictures from "../../modules/pictures/index.ts";
import { enqueue, IngestQueue, PICTURES_PER_JOB, type IngestJob } from "../../adapters/queues/index.ts";
import { guardedFetch } from "../../adapters/http/index.ts";
import { pagePicture } from "../../lib/syndication/index.ts";
import { count, log } from "../../lib/observability/index.ts";

type PicturesJob = Extract<IngestJob, { kind: "pictures" }>;
export type PictureWanted = PicturesJob["articles"][number];

/** A page read for its `og:image`: its head is within the first bytes, and a page larger than this is no page of ours to read. */
const PAGE_MAX_BYTES = 2 * 1024 * 1024;
const PAGE_TIMEOUT_MS = 10_000;

/**
 * Queues the picture step for a source's new articles, after they are stored: the step fetches
 * (a page, then a picture) and must never hold up the feed's ingestion. A queue that refuses
 * loses only the pictures (the cards look intentional without one); the ingest goes on.
 */
export async function queuePictures(wanted: PictureWanted[], allowPrivate: boolean): Promise<void> {
  if (wanted.length === 0) return;
  const jobs: PicturesJob[] = [];
  for (let i = 0; i < wanted.length; i += PICTURES_PER_JOB) {
    jobs.push({
      kind: "pictures",
      articles: wanted.slice(i, i + PICTURES_PER_JOB),
      ...(allowPrivate ? { allowPrivate } : {}),
    });
  }
  await enqueue(IngestQueue, jobs).catch((error: unknown) => log.error("ingest: pictures not queued", { error }));
}

/**
 * The picture step: for each article, one after another (a source's pages are mostly on one
 * host, which is asked one thing at a time), the feed's own picture, else the page's `og:image`
 * (one fetch of the page, at most once: the job runs once per stored article), kept through
 * the images module's proxy and recorded on the article. A failure leaves that card without a
 * picture; the job never fails for one article.
 */
export async function findPictures(job: PicturesJob): Promise<{ found: number }> {
  const allowPrivate = job.allowPrivate === true;
  let found = 0;
  for (const article of job.articles) {
    try {
      const url = article.picture ?? (await pageImage(article.link, allowPrivate));
      if (!url) continue;
      const picture = await Pictures.storedPicture(url, { referer: article.link, allowPrivate });
      if (!picture) continue;
      await Articles.setPicture(article.articleId, picture);
      found++;
    } catch (error) {
      log.error("ingest: an article's picture failed", { articleId: article.articleId, error });
    }
  }
  count("PicturesStored", found);
  return { found };
}

async function pageImage(link: string, allowPrivate: boolean): Promise<string | undefined> {
  const page = await guardedFetch(link, {
    allowPrivate,
    maxBytes: PAGE_MAX_BYTES,
    totalTimeoutMs: PAGE_TIMEOUT_MS,
    accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1",
  });
  if (page.kind !== "ok" || !/html/i.test(page.contentType ?? "text/html")) return undefined;
  return pagePicture(page.body, page.finalUrl);
}
