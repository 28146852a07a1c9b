import pLimit, { type LimitFunction } from "p-limit";
import { guardedFetch, linkedFeeds, type FetchOutcome } from "../../adapters/http/index.ts";
import { parseFeed, type ParsedFeed } from "../../lib/syndication/index.ts";
import * as Sources from "../../modules/sources/index.ts";

/** A page or feed larger than this is not read (a search reads a few of each). */
const MAX_BYTES = 2 * 1024 * 1024;
const TOTAL_TIMEOUT_MS = 10_000;
const CONNECT_TIMEOUT_MS = 5_000;
/** Items of a discovered feed read at most. */
const FEED_ITEMS = 50;

/**
 * One request at a time to a host from this process's searches (ingestion keeps its own places
 * per host): a host named by many searches at once is asked one thing after another.
 */
const hostGates = new Map<string, LimitFunction>();
async function oneAtATime<T>(host: string, work: () => Promise<T>): Promise<T> {
  let gate = hostGates.get(host);
  if (!gate) hostGates.set(host, (gate = pLimit(1)));
  try {
    return await gate(work);
  } finally {
    if (gate.activeCount === 0 && gate.pendingCount === 0) hostGates.delete(host);
  }
}

/**
 * The outside requests of one search: each goes through the address guard with its size and
 * time caps, waits its turn at its host, is not made while the host asked graph to wait (its
 * `Retry-After`, which a refusal here records for ingestion too), and counts one of the search's
 * `cap`: once they are spent, nothing more is asked of anyone.
 */
export class OutsideRequests {
  made = 0;

  constructor(
    readonly cap: number,
    private readonly allowPrivate: boolean,
  ) {}

  get left(): number {
    return Math.max(0, this.cap - this.made);
  }

  /** Counts a request made by another client (an outside service's search): false when none is left. */
  spend(): boolean {
    if (this.made >= this.cap) return false;
    this.made++;
    return true;
  }

  async fetch(url: string): Promise<FetchOutcome> {
    let host: string;
    try {
      host = new URL(url).host.toLowerCase();
    } catch {
      return { kind: "error", error: `not a web address: ${url}`, retryable: false };
    }
    if (this.left === 0) return { kind: "error", error: "the search's outside requests are spent", retryable: false };
    const held = await Sources.hostHeldUntil(host);
    if (held !== undefined) return { kind: "error", error: `${host} asked graph to wait`, retryable: true };
    this.made++;
    const outcome = await oneAtATime(host, () =>
      guardedFetch(url, {
        allowPrivate: this.allowPrivate,
        maxBytes: MAX_BYTES,
        totalTimeoutMs: TOTAL_TIMEOUT_MS,
        connectTimeoutMs: CONNECT_TIMEOUT_MS,
      }),
    );
    if (outcome.kind === "error" && outcome.retryAfterSeconds !== undefined)
      await Sources.holdHost(host, Date.now() + outcome.retryAfterSeconds * 1000);
    return outcome;
  }
}

export type Discovered = { feedUrl: string; siteUrl: string; name: string; feed: ParsedFeed } | { error: string };

/**
 * A site's feed, by autodiscovery: the page is read, and the first feed it announces with
 * `<link rel="alternate" type="application/rss+xml">` (or Atom) is read and must parse as a feed.
 * Two requests at most, so a search's cap goes further than guessing the usual paths would.
 */
export async function discover(pageUrl: string, requests: OutsideRequests): Promise<Discovered> {
  const page = await requests.fetch(pageUrl);
  if (page.kind !== "ok") return { error: page.kind === "error" ? page.error : "unexpected 304" };
  const [candidate] = linkedFeeds(page.body, page.finalUrl);
  if (!candidate) return { error: `${new URL(page.finalUrl).host} announces no feed` };
  const answer = await requests.fetch(candidate);
  if (answer.kind !== "ok") return { error: answer.kind === "error" ? answer.error : "unexpected 304" };
  try {
    const feed = await parseFeed(answer.body, answer.finalUrl, { maxItems: FEED_ITEMS });
    const site = feed.siteUrl || new URL(page.finalUrl).origin;
    return {
      feedUrl: answer.finalUrl,
      siteUrl: site,
      name: (feed.title?.trim() || new URL(site).host).slice(0, 120),
      feed,
    };
  } catch (error) {
    return { error: `${candidate} is not a feed (${error instanceof Error ? error.message : String(error)})` };
  }
}
