import { conditionally } from "../../adapters/dynamo/index.ts";
import { IngestQueue, enqueue } from "../../adapters/queues/index.ts";
import { discoverFeed, guardedFetch } from "../../adapters/http/index.ts";
import { canonicalUrl } from "../../lib/syndication/index.ts";
import * as Registry from "./registry.ts";
import { SourceSuggesterEntity } from "./source-suggester.entity.ts";
import { SuggestedSourceEntity } from "./suggested-source.entity.ts";
import { parseUserUrl, suggestedSourceId, typeOf } from "./suggestions.ts";
import { createSuggested, recordSuggester } from "./trust.ts";

/**
 * Feeds a person brings from another reader (an OPML import): each is checked as a suggestion is
 * — its address resolved to a feed, a feed graph reads already counted towards that source's
 * trust, a new one made an untrusted source that reaches only the people who suggested it — and
 * settled at once, so it holds none of the person's places for pending suggestions. Checking the
 * same feed again with the same suggestion id (a worker delivered again) answers what it came to
 * the first time, and counts the person once.
 */

/** A feed as an import gives it. */
export interface ImportedFeed {
  url: string;
  title?: string;
  htmlUrl?: string;
  category?: string;
}

export type ImportedOutcome =
  | { status: "added"; sourceId: string; feedUrl: string; trustedSourceId?: string }
  | { status: "exists"; sourceId: string; feedUrl: string; reason: "before" | "same-import" }
  | { status: "not_feed"; reason: string }
  | { status: "failed"; reason: string };

/** The feeds graph reads, by canonical address: read once for a run of an import's checks. */
export type KnownFeeds = Map<string, string>;

export async function knownFeeds(): Promise<KnownFeeds> {
  const known: KnownFeeds = new Map();
  for (const source of await Registry.all()) {
    try {
      known.set(canonicalUrl(source.feedUrl), source.sourceId);
    } catch {
      // a stored address that does not parse matches nothing
    }
  }
  return known;
}

/** The source graph reads at this canonical address: listed, or made from a suggestion since the list was read. */
async function sourceAt(feedUrl: string, known: KnownFeeds): Promise<string | undefined> {
  const listed = known.get(feedUrl);
  if (listed) return listed;
  const made = await Registry.get(suggestedSourceId(feedUrl));
  return made?.sourceId;
}

const httpUrl = (raw: string | undefined): string | undefined => {
  if (!raw) return undefined;
  try {
    return parseUserUrl(raw);
  } catch {
    return undefined;
  }
};

/**
 * Checks one imported feed for `userId` under `suggestionId` (the same id each time the same
 * feed of the same import is checked; `importPrefix` starts the ids of every feed of that
 * import). A known address is not fetched; any other is discovered as a suggestion's is.
 */
export async function addImported(
  userId: string,
  suggestionId: string,
  feed: ImportedFeed,
  options: { allowPrivateFeeds: boolean; known: KnownFeeds; importPrefix: string; fetchTimeoutMs: number },
): Promise<ImportedOutcome> {
  const url = httpUrl(feed.url);
  if (!url) return { status: "failed", reason: "not a web address" };

  let feedUrl = canonicalUrl(url);
  let sourceId = await sourceAt(feedUrl, options.known);
  let created = false;
  let trusted = false;
  if (!sourceId) {
    const discovered = await discoverFeed(url, guardedFetch, {
      allowPrivate: options.allowPrivateFeeds,
      totalTimeoutMs: options.fetchTimeoutMs,
    });
    if ("error" in discovered) return failureOf(discovered.error);
    feedUrl = canonicalUrl(discovered.feedUrl);
    sourceId = await sourceAt(feedUrl, options.known);
    if (!sourceId) {
      const siteUrl = httpUrl(feed.htmlUrl);
      sourceId = suggestedSourceId(feedUrl);
      const made = await createSuggested(
        {
          sourceId,
          name: (discovered.feed.title?.trim() || feed.title?.trim() || new URL(feedUrl).hostname).slice(0, 120),
          siteUrl: discovered.feed.siteUrl || siteUrl || feedUrl,
          feedUrl,
          type: typeOf(feedUrl, discovered.body),
          nextFetchAt: Date.now(),
        },
        { userId, suggestionId },
      );
      if (made.status === "created") {
        created = true;
        await enqueue(IngestQueue, [{ kind: "source", sourceId }]);
      }
      if (made.counted)
        return settle(userId, suggestionId, feed, { sourceId, feedUrl, created, trusted: made.trusted });
      return countedBefore(userId, suggestionId, feed, { sourceId, feedUrl, importPrefix: options.importPrefix });
    }
  }
  const counted = await recordSuggester(sourceId, { userId, suggestionId });
  trusted = counted.trusted;
  if (counted.counted) return settle(userId, suggestionId, feed, { sourceId, feedUrl, created, trusted });
  return countedBefore(userId, suggestionId, feed, { sourceId, feedUrl, importPrefix: options.importPrefix });
}

/** The person was counted for this source already: by this very check (a retry), by another feed of the import, or before. */
async function countedBefore(
  userId: string,
  suggestionId: string,
  feed: ImportedFeed,
  found: { sourceId: string; feedUrl: string; importPrefix: string },
): Promise<ImportedOutcome> {
  const { data: suggester } = await SourceSuggesterEntity.get({ sourceId: found.sourceId, userId }).go();
  if (suggester?.suggestionId === suggestionId) {
    return settle(userId, suggestionId, feed, { ...found, created: false, trusted: false });
  }
  const reason = suggester?.suggestionId.startsWith(found.importPrefix) ? "same-import" : "before";
  return { status: "exists", sourceId: found.sourceId, feedUrl: found.feedUrl, reason };
}

/** Keeps the imported feed among the person's suggestions, settled (never pending, so it holds no place). */
async function settle(
  userId: string,
  suggestionId: string,
  feed: ImportedFeed,
  added: { sourceId: string; feedUrl: string; created: boolean; trusted: boolean },
): Promise<ImportedOutcome> {
  // Written once: a retry finds it there.
  await conditionally(
    SuggestedSourceEntity.create({
      userId,
      suggestionId,
      websiteUrl: httpUrl(feed.htmlUrl) ?? added.feedUrl,
      rssFeedUrl: added.feedUrl,
      approvalState: added.created ? "approved" : "duplicate",
      sourceId: added.sourceId,
      ...(feed.category ? { category: feed.category } : {}),
      createdAt: Date.now(),
    }).go(),
  );
  return {
    status: "added",
    sourceId: added.sourceId,
    feedUrl: added.feedUrl,
    ...(added.trusted ? { trustedSourceId: added.sourceId } : {}),
  };
}

/** A discovery's error as a result: a page or file that holds no feed, or a fetch that failed (with why). */
function failureOf(error: string): ImportedOutcome {
  const fetched = /^could not fetch \S+: (.*)$/s.exec(error);
  if (fetched) return { status: "failed", reason: fetched[1]!.slice(0, 300) };
  if (/^no RSS or Atom feed found at \S+/.test(error)) {
    const detail = /\((.*)\)$/s.exec(error)?.[1];
    return { status: "not_feed", reason: `no RSS or Atom feed found${detail ? ` (${detail.slice(0, 200)})` : ""}` };
  }
  if (/^not a web address/.test(error)) return { status: "failed", reason: "not a web address" };
  return { status: "failed", reason: error.slice(0, 300) };
}

/** The sources a person suggested or imported that graph reads, each with the category it was imported under. */
export async function suggestedBy(userId: string): Promise<Array<{ sourceId: string; category?: string }>> {
  const { data } = await SuggestedSourceEntity.query.byUser({ userId }).go({ pages: "all" });
  const kept = new Map<string, string | undefined>();
  for (const s of data.sort((a, b) => a.createdAt - b.createdAt)) {
    if (!s.sourceId || (s.approvalState !== "approved" && s.approvalState !== "duplicate")) continue;
    if (!kept.has(s.sourceId) || (kept.get(s.sourceId) === undefined && s.category)) kept.set(s.sourceId, s.category);
  }
  return [...kept].map(([sourceId, category]) => ({ sourceId, ...(category ? { category } : {}) }));
}
