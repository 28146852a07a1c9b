import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { mulberry32 } from "./random.ts";

export interface FarmOptions {
  /** Feeds with an index below this live on the one big host. */
  bigHostFeeds: number;
  /** Hosts the other feeds are spread over, round robin. */
  otherHosts: number;
  /** Milliseconds before each answer: a fixed number, or 50–500 at random. */
  latency: number | "random";
}

/** What a feed answers; fixed by its index, so every run sees the same farm. */
export type Behaviour = "ok" | "error" | "hang";

/** 5% of feeds answer 5xx, 1% never answer, the rest a small RSS document. */
export function behaviourOf(feed: number): Behaviour {
  const bucket = (Math.imul(feed + 1, 2654435761) >>> 0) % 100;
  return bucket < 5 ? "error" : bucket === 5 ? "hang" : "ok";
}

const ITEMS = 5;
const WORDS =
  "climate city budget election football transit housing energy science health market school water court art music".split(
    " ",
  );

/**
 * Many feed hosts on loopback, one HTTP server per address (127.0.1.x), for the ingest bench:
 * slow answers, 5xx errors, requests never answered (the socket held open), conditional GETs
 * answered 304 while a feed is unchanged. Counts, per host, the most requests ever open at once.
 */
export class FeedFarm {
  /** Requests answered, by outcome. */
  readonly answered = { ok: 0, notModified: 0, error: 0, hung: 0 };
  /** Requests received per feed. */
  readonly requestsPerFeed = new Map<number, number>();
  /** Feeds whose latest request has ended (answered, or given up by the client). */
  private readonly settled = new Set<number>();
  private readonly open: number[];
  private readonly peak: number[];
  private readonly versions = new Map<number, number>();
  private readonly sockets = new Set<Socket>();
  private readonly random = mulberry32(7);
  private readonly epoch = Date.now();

  private constructor(
    private readonly options: FarmOptions,
    private readonly servers: Server[],
    private readonly bases: string[],
  ) {
    this.open = servers.map(() => 0);
    this.peak = servers.map(() => 0);
  }

  static async start(options: FarmOptions): Promise<FeedFarm> {
    const count = 1 + options.otherHosts;
    const servers: Server[] = [];
    const bases: string[] = [];
    for (let host = 0; host < count; host++) {
      const address = `127.0.1.${host + 1}`;
      const server = createServer((req, res) => farm.answer(host, req, res));
      server.keepAliveTimeout = 30_000;
      server.on("connection", (socket) => {
        farm.sockets.add(socket);
        socket.on("close", () => farm.sockets.delete(socket));
      });
      await new Promise<void>((resolve, reject) => {
        server.once("error", (e) => reject(new Error(`the feed farm cannot listen on ${address}: ${e.message}`)));
        server.listen(0, address, 1024, resolve);
      });
      servers.push(server);
      bases.push(`http://${address}:${(server.address() as AddressInfo).port}`);
    }
    // The servers' callbacks run only once a request comes, after this.
    const farm = new FeedFarm(options, servers, bases);
    return farm;
  }

  get hostCount() {
    return this.servers.length;
  }

  hostOf(feed: number) {
    return feed < this.options.bigHostFeeds ? 0 : 1 + ((feed - this.options.bigHostFeeds) % this.options.otherHosts);
  }

  url(feed: number) {
    return `${this.bases[this.hostOf(feed)]}/feeds/${feed}.xml`;
  }

  /** Gives a feed a new item: its next conditional GET gets 200 and the document again. */
  publish(feed: number) {
    this.versions.set(feed, (this.versions.get(feed) ?? 0) + 1);
  }

  /** Starts a new measurement: settled feeds and peaks forgotten. */
  reset() {
    this.settled.clear();
    this.peak.fill(0);
    for (const [i, n] of this.open.entries()) this.peak[i] = n;
  }

  settledCount(feeds: Iterable<number>) {
    let n = 0;
    for (const feed of feeds) if (this.settled.has(feed)) n++;
    return n;
  }

  /** The most requests ever open at once, per host, since `reset`. */
  peaks(): number[] {
    return [...this.peak];
  }

  async stop() {
    for (const socket of this.sockets) socket.destroy();
    await Promise.all(this.servers.map((s) => new Promise((resolve) => s.close(resolve))));
  }

  private answer(host: number, req: IncomingMessage, res: ServerResponse) {
    this.open[host]!++;
    this.peak[host] = Math.max(this.peak[host]!, this.open[host]!);
    const match = /^\/feeds\/(\d+)\.xml$/.exec(req.url ?? "");
    const feed = match ? Number(match[1]) : -1;
    res.on("close", () => {
      this.open[host]!--;
      if (feed >= 0) this.settled.add(feed);
    });
    if (feed < 0 || this.hostOf(feed) !== host) {
      res.writeHead(404).end();
      return;
    }
    this.requestsPerFeed.set(feed, (this.requestsPerFeed.get(feed) ?? 0) + 1);
    this.settled.delete(feed);
    const behaviour = behaviourOf(feed);
    if (behaviour === "hang") {
      // Never answered: the socket stays open until the client gives up (or the farm stops).
      this.answered.hung++;
      return;
    }
    const latency = this.options.latency === "random" ? 50 + Math.floor(this.random() * 451) : this.options.latency;
    setTimeout(() => {
      if (res.destroyed) return;
      if (behaviour === "error") {
        this.answered.error++;
        res.writeHead([500, 502, 503][feed % 3]!, { "content-type": "text/plain" }).end("upstream trouble");
        return;
      }
      const version = this.versions.get(feed) ?? 0;
      const etag = `"f${feed}v${version}"`;
      if (req.headers["if-none-match"] === etag) {
        this.answered.notModified++;
        res.writeHead(304, { etag }).end();
        return;
      }
      this.answered.ok++;
      res
        .writeHead(200, { "content-type": "application/rss+xml; charset=utf-8", etag })
        .end(this.document(feed, version));
    }, latency);
  }

  /** A small valid RSS 2.0 document: the feed's five latest items, an hour apart (a day old and newer). */
  private document(feed: number, version: number): string {
    const items: string[] = [];
    for (let k = version + ITEMS - 1; k >= version; k--) {
      const published = new Date(this.epoch - (24 - k) * 3_600_000 - feed * 1000);
      const a = WORDS[(feed + k) % WORDS.length]!;
      const b = WORDS[(feed * 7 + k * 3) % WORDS.length]!;
      items.push(
        `<item><title>Feed ${feed} story ${k}: ${a} and ${b} news</title>` +
          `<link>${this.bases[this.hostOf(feed)]}/feeds/${feed}/stories/${k}</link>` +
          `<guid isPermaLink="false">farm-${feed}-${k}</guid>` +
          `<pubDate>${published.toUTCString()}</pubDate>` +
          `<description>Story ${k} of feed ${feed}, about ${a} in the ${b} pages.</description></item>`,
      );
    }
    return (
      `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel>` +
      `<title>Farm feed ${feed}</title><link>${this.bases[this.hostOf(feed)]}/feeds/${feed}</link>` +
      `<description>Feed ${feed} of the ingest bench</description>${items.join("")}</channel></rss>`
    );
  }
}
