import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { guardedFetch } from "@graph/core/adapters/http";
import { ImagesBucket, SearchBucket, type BlobStore } from "@graph/core/adapters/blobs";
import { pagePicture } from "@graph/core/lib/syndication";
import * as Reader from "@graph/core/modules/reader";
import { runIngestJob } from "@graph/core/workflows/ingest";
import { checkPicture } from "../../packages/core/src/modules/pictures/checked-picture.ts";
import { fetchPicture } from "../../packages/core/src/modules/pictures/proxied.ts";
import { blogPage, newsPage, paywallStub, recipePage } from "../support/article-pages.ts";
import { storedArticle } from "../support/articles.ts";
import { measure, type Cost } from "../support/dynamo-costs.ts";
import { row, sample, summary } from "./stats.ts";

const RUNS = 20;
const READER_RUNS = 30;

/**
 * Real-shaped pages (tests/support/article-pages.ts: the chrome real sites wrap an article in)
 * naming their lead picture by og:image: a news story, a blog post, a recipe, a paywalled stub.
 */
const PAGES = [
  { name: "news", html: newsPage, width: 1600, height: 900, format: "jpeg" },
  { name: "blog", html: blogPage, width: 1200, height: 800, format: "png" },
  { name: "recipe", html: recipePage, width: 2400, height: 1600, format: "jpeg" },
  { name: "paywalled stub", html: paywallStub, width: 600, height: 315, format: "webp" },
] as const;

const slugOf = (name: string) => name.replace(/\W+/g, "-");

/**
 * A photo-like picture: gradients with some grain, not a flat colour (which encoders squeeze to
 * nothing) nor pure noise (which no photo is).
 */
async function photo(width: number, height: number, format: "jpeg" | "png" | "webp") {
  const raw = Buffer.alloc(width * height * 3);
  let seed = width * 31 + height;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const x = Math.floor(i / 3) % width;
    const y = Math.floor(i / 3 / width);
    const channel = i % 3;
    raw[i] = (Math.sin((x + channel * 40) / 90) * 60 + Math.cos(y / 70) * 60 + 128 + ((seed >> 16) & 0x0f)) & 0xff;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

/** Blob store requests (S3 GetObject, PutObject) by the buckets the picture step and the reader use. */
function countBlobs() {
  const counts = { get: 0, put: 0 };
  for (const bucket of [ImagesBucket, SearchBucket] as BlobStore[]) {
    const { get, put } = bucket;
    bucket.get = (...args) => (counts.get++, get(...args));
    bucket.put = (...args) => (counts.put++, put(...args));
  }
  return {
    snapshot: () => ({ ...counts }),
    since: (before: { get: number; put: number }) => ({ get: counts.get - before.get, put: counts.put - before.put }),
  };
}

/** The site: each page at `/page/<slug>?run=<n>` names `/pic/<slug>?run=<n>`, so every run's picture is a new address. */
async function startSite(pictures: Map<string, { type: string; body: Buffer }>) {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const [, kind, slug] = url.pathname.split("/");
    const page = PAGES.find((p) => slugOf(p.name) === slug);
    if (kind === "page" && page) {
      const og = `<meta property="og:image" content="/pic/${slug}?run=${url.searchParams.get("run") ?? ""}">`;
      res
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end(page.html().replace("</head>", `${og}\n</head>`));
      return;
    }
    // The news page's own lead picture (its <img>), which the reader view proxies.
    const picture = kind === "pic" ? pictures.get(slug ?? "") : kind === "images" ? pictures.get("news") : undefined;
    if (!picture) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": picture.type }).end(picture.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

interface Step {
  times: number[];
  dynamo: Cost[];
  blobs: { get: number; put: number }[];
}

const per = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const [min, max] = [sorted[0]!, sorted.at(-1)!];
  return min === max ? `${min}` : `${min}–${max}`;
};
const costLine = (step: Step) =>
  `DynamoDB ${per(step.dynamo.map((c) => c.requests))} requests (${per(step.dynamo.map((c) => c.written))} written), blobs ${per(step.blobs.map((b) => b.get))} GET + ${per(step.blobs.map((b) => b.put))} PUT`;

/**
 * Per article, on real-shaped pages served on loopback: the picture step's parts (finding the
 * picture: the page fetched through the guard and its og:image read; fetching it; checking and
 * resizing it to the two WebP widths), then the whole step as the ingest queue's worker runs it
 * (a `pictures` job for a stored article: page, picture, resize, the blobs kept, the address
 * noted, the article updated) with its DynamoDB and blob store requests, and again for a second
 * article naming the same picture; the bytes fetched and stored. Then the reader view on the same
 * pages: extraction alone (Readability and the sanitiser, in process), what it keeps, and a first
 * read (fetch, extract, the article's pictures proxied, kept).
 */
export async function picturesBench() {
  const pictures = new Map<string, { type: string; body: Buffer }>();
  for (const page of PAGES) {
    pictures.set(slugOf(page.name), {
      type: `image/${page.format}`,
      body: await photo(page.width, page.height, page.format),
    });
  }
  const site = await startSite(pictures);
  const blobs = countBlobs();
  const stamp = Date.now().toString(36);
  console.log(`\n## pictures (per article, ${RUNS} runs each, real-shaped pages on loopback; machine shared)`);
  try {
    for (const page of PAGES) {
      const slug = slugOf(page.name);
      const label = `${page.name} (${page.width}×${page.height} ${page.format})`;
      const find: number[] = [];
      const fetchTimes: number[] = [];
      const resize: number[] = [];
      let fetched = 0;
      let stored = 0;
      for (let i = 0; i < RUNS + 2; i++) {
        const t0 = performance.now();
        const html = await guardedFetch(`${site.url}/page/${slug}?run=parts-${i}`, { allowPrivate: true });
        const url = html.kind === "ok" ? pagePicture(html.body, html.finalUrl) : undefined;
        const t1 = performance.now();
        const bytes = url ? await fetchPicture(url, { allowPrivate: true }) : undefined;
        const t2 = performance.now();
        if (!bytes || !("bytes" in bytes)) throw new Error(`no picture for ${page.name}`);
        const checked = await checkPicture(bytes.bytes);
        const t3 = performance.now();
        if (!("ok" in checked)) throw new Error(checked.refused);
        if (i < 2) continue; // warm-up
        find.push(t1 - t0);
        fetchTimes.push(t2 - t1);
        resize.push(t3 - t2);
        fetched = bytes.bytes.length;
        stored = checked.ok.small.length + checked.ok.large.length;
      }
      console.log(row(`${label}: find (page + og:image)`, summary(find)));
      console.log(row(`${label}: fetch picture`, summary(fetchTimes)));
      console.log(row(`${label}: check + resize to 320/640`, summary(resize)));

      // The whole step, as the worker runs it, for a new picture and for one already kept.
      const first: Step = { times: [], dynamo: [], blobs: [] };
      const again: Step = { times: [], dynamo: [], blobs: [] };
      for (let i = 0; i < RUNS + 2; i++) {
        for (const [step, link] of [
          [first, `${site.url}/page/${slug}?run=${stamp}-${i}`],
          [again, `${site.url}/page/${slug}?run=${stamp}-${i}&second`],
        ] as const) {
          const articleId = await storedArticle("bench-pictures", `${page.name} ${i}`, { link });
          const blobsBefore = blobs.snapshot();
          const start = performance.now();
          const { result, cost } = await measure(() =>
            runIngestJob(
              { kind: "pictures", articles: [{ articleId, link }], allowPrivate: true },
              { allowPrivateFeeds: true },
            ),
          );
          const ms = performance.now() - start;
          if ((result as { found: number }).found !== 1) throw new Error(`the picture step found none for ${link}`);
          if (i < 2) continue; // warm-up
          step.times.push(ms);
          step.dynamo.push(cost);
          step.blobs.push(blobs.since(blobsBefore));
        }
      }
      console.log(`${row(`${label}: picture job, new picture`, summary(first.times))}  ${costLine(first)}`);
      console.log(`${row(`${label}: picture job, picture kept`, summary(again.times))}  ${costLine(again)}`);
      console.log(
        `${`${label}: bytes`.padEnd(44)} fetched ${(fetched / 1024).toFixed(0)} KB, stored ${(stored / 1024).toFixed(1)} KB (320 + 640 WebP)`,
      );
    }

    console.log(`\n## reader view on the same pages (${READER_RUNS} runs each)`);
    for (const page of PAGES) {
      const html = page.html();
      const link = `${site.url}/page/${slugOf(page.name)}?run=reader`;
      const reading = await Reader.extract({ html, url: link });
      const kept = JSON.stringify(reading).length;
      const what = reading.kind === "article" ? `${reading.words} words, ${reading.minutes} min` : reading.kind;
      console.log(
        `${page.name}: page ${(html.length / 1024).toFixed(1)} KB -> kept ${kept.toLocaleString("en-US")} bytes (${what})`,
      );
      const extract = await sample(READER_RUNS, () => Reader.extract({ html, url: link }), 5);
      console.log(row("  extract + sanitise (in process)", extract));
      const firstRead: Step = { times: [], dynamo: [], blobs: [] };
      for (let i = 0; i < READER_RUNS + 3; i++) {
        const blobsBefore = blobs.snapshot();
        const start = performance.now();
        const { cost } = await measure(() =>
          Reader.readingOf(`bench-pictures-reader-${stamp}-${slugOf(page.name)}-${i}`, link, { allowPrivate: true }),
        );
        const ms = performance.now() - start;
        if (i < 3) continue;
        firstRead.times.push(ms);
        firstRead.dynamo.push(cost);
        firstRead.blobs.push(blobs.since(blobsBefore));
      }
      // The page's own pictures are kept from the first run on (warm-up): later runs read their notes.
      console.log(`${row("  first read (fetch, extract, keep)", summary(firstRead.times))}  ${costLine(firstRead)}`);
    }
  } finally {
    site.close();
  }
}
