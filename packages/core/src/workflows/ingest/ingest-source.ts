import * as Articles from "../../modules/articles/index.ts";
import * as Search from "../../modules/search/index.ts";
import * as Sources from "../../modules/sources/index.ts";
import * as Topics from "../../modules/topics/index.ts";
import * as Vocabulary from "../../modules/vocabulary/index.ts";
import { FETCH_POLICY } from "../../modules/sources/index.ts";
import { guardedFetch, type FetchOutcome } from "../../adapters/http/index.ts";
import { withoutSourceSuffix } from "../../lib/text/rules.ts";
import { articleId as articleIdOf, FeedParseError, parseFeed, type ParsedItem } from "../../lib/syndication/index.ts";
import type { PhraseMatcher } from "../../lib/matching/index.ts";
import { utcDay } from "../../adapters/dynamo/index.ts";
import { testSettings } from "../../adapters/test-settings/index.ts";
import { count, log } from "../../lib/observability/index.ts";
import { queuePictures, type PictureWanted } from "./pictures.ts";

export interface IngestReport {
  sourceId: string;
  /** `held`: its host asked to wait (`Retry-After` to another of its feeds) before this one was asked. */
  status: "ok" | "not-modified" | "failed" | "skipped" | "missing" | "held";
  added: number;
  duplicates: number;
  matched: number;
  error?: string;
  /** The server's `Retry-After` (on 429 or 503): its host is asked nothing more until then. */
  retryAfterSeconds?: number;
}

/**
 * Runs a source's request when its host may be asked (e.g. within the host's limit of open
 * requests), or answers "held" without asking. Only the request goes through it: storing what
 * came back does not keep the host waiting.
 */
export type FetchGate = (request: () => Promise<FetchOutcome>) => Promise<FetchOutcome | "held">;

const ungated: FetchGate = (request) => request();

export interface IngestOptions {
  allowPrivateFeeds: boolean;
  gate?: FetchGate;
}

/**
 * Fetches one source politely and stores what is new: conditional GET, failures backed off
 * (never given up: health and last error are stored), the interval adapted to how often the
 * source publishes, every new article matched once against the dictionary.
 */
export async function ingestSource(sourceId: string, options: IngestOptions): Promise<IngestReport> {
  const report: IngestReport = { sourceId, status: "ok", added: 0, duplicates: 0, matched: 0 };
  const source = await Sources.get(sourceId);
  if (!source) return { ...report, status: "missing" };
  // Retired from the catalogue after its job was queued: it is no longer read.
  if (source.retiredAt !== undefined) return { ...report, status: "skipped" };
  const now = Date.now();
  if (source.lastFetchedAt && now - source.lastFetchedAt < FETCH_POLICY.refetchGuardMs && source.nextFetchAt > now) {
    return { ...report, status: "skipped" };
  }

  // Before any of its articles is stored: a suggested source from before trust was recorded
  // joins the untrusted list, so its articles do not reach everyone.
  await Sources.recordLegacyOrigin(source);
  // Articles an earlier ingest stored and died before matching: matched first, whatever this fetch brings.
  if (source.unindexed && source.unindexed.length > 0) await matchLeftovers(source, [...source.unindexed]);
  const outcome = await (options.gate ?? ungated)(() =>
    guardedFetch(source.feedUrl, {
      etag: source.etag,
      lastModified: source.lastModified,
      allowPrivate: Sources.mayUsePrivateAddress(source) || options.allowPrivateFeeds,
      // guardedFetch's own (15 s) unless a test runtime shortened it.
      totalTimeoutMs: testSettings().feedFetchTimeoutMs,
    }),
  );
  if (outcome === "held") return { ...report, status: "held" };

  if (outcome.kind === "not-modified") {
    count("FeedsFetched");
    await Sources.recordFetched(source, now, source.intervalSeconds);
    return { ...report, status: "not-modified" };
  }
  if (outcome.kind === "error") {
    count("FeedsFailed");
    await Sources.recordFailure(source, now, outcome.error, outcome.retryAfterSeconds);
    return {
      ...report,
      status: "failed",
      error: outcome.error,
      ...(outcome.retryAfterSeconds !== undefined ? { retryAfterSeconds: outcome.retryAfterSeconds } : {}),
    };
  }

  let items: ParsedItem[];
  try {
    items = (await parseFeed(outcome.body, outcome.finalUrl, { maxItems: FETCH_POLICY.maxItemsPerFetch })).items.map(
      // " - Harbor Ledger" on every title repeats what the card shows beside it.
      (item) => ({ ...item, title: withoutSourceSuffix(item.title, source.name) }),
    );
  } catch (error) {
    const message =
      error instanceof FeedParseError ? error.message : `could not parse the feed: ${(error as Error).message}`;
    count("FeedsFailed");
    await Sources.recordFailure(source, now, message);
    return { ...report, status: "failed", error: message };
  }

  const [matcher, related, known] = await Promise.all([
    Topics.currentMatcher(),
    Vocabulary.currentRelated(),
    // One read for the whole feed: an item already stored (most of a refetched feed) costs nothing more.
    Articles.storedIds(items.map((item) => articleIdOf(source.sourceId, item.guid))),
  ]);
  const fresh = items.filter((item) => !known.has(articleIdOf(source.sourceId, item.guid)));
  const days = new Set<string>();
  // A trusted source's new articles teach the phrases they name their vocabulary.
  const naming: Vocabulary.NamingArticle[] = [];
  // Each article's day is marked for re-indexing before the article is written: a crash
  // mid-batch (kill -9) then leaves no stored article that search does not know to index.
  // The days of the feed's new items are marked once, up front; a store asks again only for
  // days not marked yet (an earlier original's it displaces).
  const marked = new Set(fresh.map((item) => utcDay(Math.min(item.publishedAt ?? now, now))));
  const markedAt = Date.now();
  if (marked.size > 0) await Search.markDirty(marked, markedAt);
  const beforeWrite = async (articleDays: string[]) => {
    const unmarked = articleDays.filter((day) => !marked.has(day));
    if (unmarked.length === 0) return;
    await Search.markDirty(unmarked);
    for (const day of unmarked) marked.add(day);
  };
  // The stored articles matched here, taken off the source's list of those not matched yet.
  const matchedIds: string[] = [];
  // Each new article's picture is found after the batch, in a job of its own (pictures.ts).
  const pictures: PictureWanted[] = [];
  const added = async (article: Articles.Article, item: ParsedItem) => {
    report.added++;
    pictures.push({
      articleId: article.articleId,
      link: article.link,
      ...(item.picture ? { picture: item.picture } : {}),
    });
    days.add(article.day);
    // Copies this article displaced as the original keep their postings: a feed skips
    // copies when it reads the articles it picked, and search re-indexes their days.
    if ((await matchStored(source, article, matcher, related, naming)) > 0) report.matched++;
  };
  // New stories first, all in one write; the items that repeat or displace one stored before
  // (or share a story within the feed) then one by one.
  // Each transaction of new stories also notes them on the source as not matched yet, so a
  // crash before they are matched leaves them for the next ingest instead of unmatched for good.
  const batch = await Articles.storeNew(source, fresh, now, {
    beforeWrite,
    alsoWrite: (articleIds) => Sources.noteUnmatched(sourceId, articleIds),
  });
  for (const { item, article } of batch.stored) {
    try {
      await added(article, item);
      matchedIds.push(article.articleId);
    } catch (error) {
      log.error("ingest: an item failed", { sourceId, guid: item.guid, error });
    }
  }
  for (const item of batch.rest) {
    try {
      const stored = await Articles.store(source, item, now, { beforeWrite, unseen: true });
      if (stored.status === "new") await added(stored.article, item);
      else if (stored.status === "duplicate") report.duplicates++;
    } catch (error) {
      // One bad item never costs the others; it is tried again with the next fetch.
      log.error("ingest: an item failed", { sourceId, guid: item.guid, error });
    }
  }
  // After the postings are written; an article counted before counts nothing again.
  await Vocabulary.learn(naming).catch((error: unknown) => log.error("ingest: learning failed", { sourceId, error }));
  // Marked again once the batch is written when it took long: a build that read a day while a
  // slow write was still on its way (longer than the build's settle time) must not be that
  // day's last. A build keeps a day dirty whose mark is within the settle time of its read, so
  // a batch written within half of it after the mark is covered by that mark, with half the
  // settle time left for the day index to show the last write.
  if (days.size > 0 && Date.now() - markedAt >= Search.SETTLE_MS / 2) await Search.markDirty(days);

  await queuePictures(pictures, Sources.mayUsePrivateAddress(source) || options.allowPrivateFeeds);
  await Sources.recordFetched(source, now, adaptedInterval(source.intervalSeconds, items), {
    etag: outcome.etag,
    lastModified: outcome.lastModified,
    added: report.added,
    matched: matchedIds,
  });
  count("FeedsFetched");
  count("ArticlesStored", report.added);
  return report;
}

/**
 * Matches articles stored by an ingest that died before matching them (see `noteUnmatched`):
 * their postings and, from a trusted source, what they teach the vocabulary. Matching again
 * what was matched adds nothing; an article that fails stays listed for the next ingest.
 */
async function matchLeftovers(source: Sources.Source, ids: string[]) {
  const [matcher, related, articles] = await Promise.all([
    Topics.currentMatcher(),
    Vocabulary.currentRelated(),
    Articles.byIds(ids),
  ]);
  // One no longer stored (deleted since) has nothing left to match.
  const done = ids.filter((id) => !articles.has(id));
  const naming: Vocabulary.NamingArticle[] = [];
  for (const article of articles.values()) {
    try {
      await matchStored(source, article, matcher, related, naming);
      done.push(article.articleId);
    } catch (error) {
      log.error("ingest: an article could not be matched", {
        sourceId: source.sourceId,
        articleId: article.articleId,
        error,
      });
    }
  }
  await Vocabulary.learn(naming).catch((error: unknown) =>
    log.error("ingest: learning failed", { sourceId: source.sourceId, error }),
  );
  await Sources.clearUnmatched(source.sourceId, done);
}

/**
 * Half the typical gap between recent items, within bounds: a source posting hourly is read
 * every half hour, one posting weekly once a day.
 */
export function adaptedInterval(current: number, items: ParsedItem[]): number {
  const times = items
    .map((i) => i.publishedAt)
    .filter((t): t is number => typeof t === "number")
    .sort((a, b) => b - a)
    .slice(0, 10);
  if (times.length < 2) return current;
  const gaps = times
    .slice(1)
    .map((t, i) => (times[i]! - t) / 1000)
    .sort((a, b) => a - b);
  const median = gaps[Math.floor(gaps.length / 2)]!;
  return Math.round(Math.min(FETCH_POLICY.maxIntervalSeconds, Math.max(FETCH_POLICY.minIntervalSeconds, median / 2)));
}

/**
 * Matches a stored article once against the dictionary (its postings) and, from a trusted
 * source, adds what it teaches the vocabulary to `naming`. Answers how many phrases it named.
 */
async function matchStored(
  source: Pick<Sources.Source, "trusted">,
  article: Articles.Article,
  matcher: PhraseMatcher,
  related: Articles.IndexOptions["related"],
  naming: Vocabulary.NamingArticle[],
): Promise<number> {
  const named = await Articles.index(article, matcher, { related });
  if (named.length > 0 && source.trusted) {
    naming.push({ articleId: article.articleId, terms: Vocabulary.termsOf(article), phrases: named });
  }
  return named.length;
}
