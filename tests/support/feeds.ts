import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
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

export interface Route {
  status?: number;
  body: string | Buffer;
  contentType?: string;
  /** Sent as ETag; a request whose If-None-Match equals it is answered 304. */
  etag?: string;
  /** Sent as Last-Modified; a request whose If-Modified-Since equals it is answered 304. */
  lastModified?: string;
  headers?: Record<string, string>;
  /** Waits this long before answering at all (a slow server). */
  delayMs?: number;
  /** Streams the body in 64 KB pieces without a Content-Length. */
  chunked?: boolean;
}

export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
}

/**
 * A local HTTP server that serves test feeds and counts requests, honouring ETags and
 * Last-Modified; it can also answer slowly, stream large bodies and record request headers.
 */
export async function startFeedServer() {
  const routes = new Map<string, Route>();
  const hits = new Map<string, number>();
  const received: RecordedRequest[] = [];
  const pending = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    received.push({ path, headers: req.headers });
    const route = routes.get(path);
    if (!route) {
      res.writeHead(404).end("not found");
      return;
    }
    const answer = () => {
      if (res.destroyed) return;
      const validators = {
        ...(route.etag ? { etag: route.etag } : {}),
        ...(route.lastModified ? { "last-modified": route.lastModified } : {}),
      };
      if (
        (route.etag && req.headers["if-none-match"] === route.etag) ||
        (route.lastModified && req.headers["if-modified-since"] === route.lastModified)
      ) {
        res.writeHead(304, validators).end();
        return;
      }
      res.writeHead(route.status ?? 200, {
        "content-type": route.contentType ?? "application/rss+xml; charset=utf-8",
        ...validators,
        ...route.headers,
      });
      if (!route.chunked) {
        res.end(route.body);
        return;
      }
      const bytes = Buffer.from(route.body);
      let offset = 0;
      const pump = () => {
        while (offset < bytes.length && !res.destroyed) {
          const piece = bytes.subarray(offset, offset + 65_536);
          offset += piece.length;
          if (!res.write(piece)) {
            res.once("drain", pump);
            return;
          }
        }
        if (!res.destroyed) res.end();
      };
      res.on("error", () => undefined);
      pump();
    };
    if (!route.delayMs) return answer();
    const timer = setTimeout(() => {
      pending.delete(timer);
      answer();
    }, route.delayMs);
    pending.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    set(path: string, route: Route) {
      routes.set(path, route);
    },
    hits: (path: string) => hits.get(path) ?? 0,
    /** Requests received for `path`, oldest first. */
    requests: (path: string) => received.filter((r) => r.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of pending) clearTimeout(timer);
        pending.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
