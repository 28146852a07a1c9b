import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { guardedFetch } from "@graph/core/adapters/http";
import { pagePicture } from "@graph/core/lib/syndication";
import { checkPicture } from "../../packages/core/src/modules/pictures/checked-picture.ts";
import { fetchPicture } from "../../packages/core/src/modules/pictures/proxied.ts";
import { row, summary } from "./stats.ts";

const RUNS = 20;

/** Real-shaped pages: a news story, a blog post, a recipe, a paywalled stub; each names its picture by og:image. */
const PAGES = [
  { name: "news", width: 1600, height: 900, format: "jpeg", filler: 60_000 },
  { name: "blog", width: 1200, height: 800, format: "png", filler: 25_000 },
  { name: "recipe", width: 2400, height: 1600, format: "jpeg", filler: 120_000 },
  { name: "paywalled stub", width: 600, height: 315, format: "webp", filler: 3_000 },
] as const;

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

/**
 * Per article, on pages served on loopback: finding its picture (the page fetched through the
 * guard and its og:image read), fetching the picture, and checking and resizing it to the two
 * WebP widths; the bytes fetched and the bytes stored.
 */
export async function picturesBench() {
  const routes = new Map<string, { type: string; body: Buffer | string }>();
  for (const page of PAGES) {
    const slug = page.name.replace(/\W+/g, "-");
    routes.set(`/pic/${slug}`, {
      type: `image/${page.format}`,
      body: await photo(page.width, page.height, page.format),
    });
    routes.set(`/page/${slug}`, {
      type: "text/html; charset=utf-8",
      body: `<!doctype html><html><head><title>${page.name}</title><meta property="og:image" content="/pic/${slug}"></head><body><article>${"<p>Lorem ipsum dolor sit amet. </p>".repeat(page.filler / 32)}</article></body></html>`,
    });
  }
  const server = createServer((req, res) => {
    const route = routes.get(req.url ?? "");
    if (!route) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": route.type }).end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  console.log(`\n## pictures (per article, ${RUNS} runs each, loopback pages; machine shared)`);
  try {
    for (const page of PAGES) {
      const slug = page.name.replace(/\W+/g, "-");
      const find: number[] = [];
      const fetchTimes: number[] = [];
      const resize: number[] = [];
      let fetched = 0;
      let stored = 0;
      for (let i = 0; i < RUNS + 2; i++) {
        const t0 = performance.now();
        const html = await guardedFetch(`${base}/page/${slug}`, { allowPrivate: true });
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
      const label = `${page.name} (${page.width}×${page.height} ${page.format})`;
      console.log(row(`${label}: find (page + og:image)`, summary(find)));
      console.log(row(`${label}: fetch picture`, summary(fetchTimes)));
      console.log(row(`${label}: check + resize to 320/640`, summary(resize)));
      console.log(
        `${`${label}: bytes`.padEnd(44)} fetched ${(fetched / 1024).toFixed(0)} KB, stored ${(stored / 1024).toFixed(1)} KB (320 + 640 WebP)`,
      );
    }
  } finally {
    server.close();
  }
}
