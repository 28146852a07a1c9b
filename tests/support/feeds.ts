import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface FeedItem {
  title: string;
  summary?: string;
  link: string;
  guid?: string;
  /** Hours before now. */
  ageHours?: number;
}

export function rss(title: string, items: FeedItem[], now = Date.now()): string {
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${escape(title)}</title><link>https://${escape(title.toLowerCase().replace(/\W+/g, "-"))}.example</link><description>test feed</description>${items
    .map(
      (item) =>
        `<item><title>${escape(item.title)}</title><link>${escape(item.link)}</link><guid>${escape(item.guid ?? item.link)}</guid><description>${escape(item.summary ?? "")}</description><pubDate>${new Date(now - (item.ageHours ?? 1) * 3_600_000).toUTCString()}</pubDate></item>`,
    )
    .join("")}</channel></rss>`;
}

interface Route {
  status?: number;
  body: string;
  contentType?: string;
  etag?: string;
  headers?: Record<string, string>;
}

/** A local HTTP server that serves test feeds and counts requests, honouring ETags. */
export async function startFeedServer() {
  const routes = new Map<string, Route>();
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes.get(path);
    if (!route) {
      res.writeHead(404).end("not found");
      return;
    }
    if (route.etag && req.headers["if-none-match"] === route.etag) {
      res.writeHead(304, { etag: route.etag }).end();
      return;
    }
    res.writeHead(route.status ?? 200, {
      "content-type": route.contentType ?? "application/rss+xml; charset=utf-8",
      ...(route.etag ? { etag: route.etag } : {}),
      ...route.headers,
    });
    res.end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    set(path: string, route: Route) {
      routes.set(path, route);
    },
    hits: (path: string) => hits.get(path) ?? 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
