import type { Hono } from "hono";
import { allDemoArticles, sourceArticles, sourceData } from "./items.ts";
import { DEMO_PICTURES_PREFIX, demoPicture } from "./pictures.ts";
import { renderFeed, type RenderedFeed } from "./render.ts";
import { hourOf } from "./schedule.ts";
import { SOURCE_DATA } from "./sources/index.ts";
import type { DemoSourceType } from "./types.ts";

export type { DemoArticle } from "./items.ts";
export type { DemoSourceType } from "./types.ts";

/** A demo feed in the source catalogue: served by the local runtime at `path`. */
export interface DemoSource {
  id: string;
  name: string;
  siteUrl: string;
  type: DemoSourceType;
  /** Where the local runtime serves the feed, e.g. '/demo/feeds/northwind-ml.xml'. */
  path: string;
  /** The catalogue subject it is listed under, when its data gives one. */
  subject?: string;
  /** The country of its national list, when its data gives one. */
  country?: string;
}

export const DEMO_FEEDS_PREFIX = "/demo/feeds/";

export const DEMO_SOURCES: readonly DemoSource[] = Object.freeze(
  SOURCE_DATA.map(({ id, name, siteUrl, type, subject, country }) =>
    Object.freeze({
      id,
      name,
      siteUrl,
      type,
      subject,
      ...(country ? { country } : {}),
      path: `${DEMO_FEEDS_PREFIX}${id}.xml`,
    }),
  ),
);

/**
 * A demo source's feed as published at `now`. Dates are relative to `now` but the document only
 * changes when the hour does, so its ETag is stable within an hour. `baseUrl` is where the local
 * runtime is reachable (used for the feed's self link).
 */
export function renderDemoFeed(sourceId: string, now: number, baseUrl: string): RenderedFeed | undefined {
  const source = sourceData(sourceId);
  if (!source) return undefined;
  const base = baseUrl.replace(/\/+$/, "");
  const self = `${base}${DEMO_FEEDS_PREFIX}${source.id}.xml`;
  return renderFeed(source, sourceArticles(source.id, now), self, hourOf(now), `${base}${DEMO_PICTURES_PREFIX}`);
}

/** Every item in every demo feed at `now` (what ingesting all demo sources would see). */
export function demoArticles(now: number) {
  return allDemoArticles(now);
}

/**
 * Serves the demo feeds at GET /demo/feeds/:file, answering conditional requests with 304, and
 * their items' pictures at GET /demo/pictures/:file (on loopback, as the sites' own servers would:
 * the picture step fetches them through the address guard like any other).
 */
export function mountDemoFeeds(app: Hono, now: () => number = Date.now): void {
  const sourceIds = new Set(SOURCE_DATA.map((s) => s.id));
  app.get(`${DEMO_PICTURES_PREFIX}:file`, async (c) => {
    const picture = demoPicture(c.req.param("file") ?? "", sourceIds);
    if (!picture) return c.json({ error: "Not found" }, 404);
    return c.body(new Uint8Array(await picture), 200, {
      "Content-Type": "image/jpeg",
      "Cache-Control": "public, max-age=86400",
    });
  });
  app.get(`${DEMO_FEEDS_PREFIX}:file`, (c) => {
    const file = c.req.param("file") ?? "";
    const id = file.endsWith(".xml") ? file.slice(0, -4) : "";
    const feed = id ? renderDemoFeed(id, now(), new URL(c.req.url).origin) : undefined;
    if (!feed) return c.json({ error: "Not found" }, 404);

    const headers = { ETag: feed.etag, "Last-Modified": feed.lastModified, "Cache-Control": "no-cache" };
    const ifNoneMatch = c.req.header("if-none-match");
    const ifModifiedSince = c.req.header("if-modified-since");
    const notModified = ifNoneMatch
      ? etagMatches(ifNoneMatch, feed.etag)
      : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= Date.parse(feed.lastModified);
    if (notModified) return c.body(null, 304, headers);
    return c.body(feed.body, 200, { ...headers, "Content-Type": feed.contentType });
  });
}

function etagMatches(header: string, etag: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}
