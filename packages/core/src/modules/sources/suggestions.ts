import { createHash, randomUUID } from "node:crypto";
import { isIP } from "node:net";
import { transact } from "../../adapters/dynamo/index.ts";
import { badRequest } from "../../lib/errors/index.ts";
import { IngestQueue, enqueue } from "../../adapters/queues/index.ts";
import { discoverFeed, guardedFetch } from "../../adapters/http/index.ts";
import { canonicalUrl } from "../../lib/syndication/index.ts";
import { SUGGESTION_LIMITS, SUGGESTION_MESSAGES, type SourceType } from "./rules.ts";
import { PendingSuggestionEntity } from "./pending-suggestion.entity.ts";
import { freeSlot, freeSlots, takeSlot } from "./pending-slots.ts";
import { STALE_PENDING_MS, unlistPending } from "./stale.ts";
import { SuggestedSourceEntity } from "./suggested-source.entity.ts";
import * as Registry from "./registry.ts";
import { createSuggested, recordSuggester } from "./trust.ts";

export interface SuggestionView {
  id: string;
  website_url: string;
  rss_feed_url: string;
  approval_state: "pending" | "approved" | "rejected" | "duplicate";
}

const view = (s: {
  suggestionId: string;
  websiteUrl: string;
  rssFeedUrl: string;
  approvalState: SuggestionView["approval_state"];
}) => ({
  id: s.suggestionId,
  website_url: s.websiteUrl,
  rss_feed_url: s.rssFeedUrl,
  approval_state: s.approvalState,
});

export const MAX_PENDING = SUGGESTION_LIMITS.maxPending;

/** Reads an http(s) URL typed by a person ("example.com" gets https://). */
export function parseUserUrl(raw: string): string {
  const trimmed = raw.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw badRequest("That does not look like a web address.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw badRequest("Only http and https addresses can be sources.");
  // A name needs a dot (or is localhost); an IPv6 literal ("[2606:4700::1111]") has none.
  // Whether the address is one graph may fetch is decided when fetching, not here.
  const ipv6Literal = url.hostname.startsWith("[") && isIP(url.hostname.slice(1, -1)) === 6;
  if (!url.hostname.includes(".") && url.hostname !== "localhost" && !ipv6Literal)
    throw badRequest("That does not look like a web address.");
  return url.toString();
}

export async function list(userId: string): Promise<SuggestionView[]> {
  const { data } = await SuggestedSourceEntity.query.byUser({ userId }).go({ pages: "all" });
  return data.sort((a, b) => b.createdAt - a.createdAt).map(view);
}

/** Records a suggestion and checks it in the background. */
export async function suggest(
  userId: string,
  input: { sourceLink: string; sourceRss?: string },
): Promise<SuggestionView> {
  const websiteUrl = parseUserUrl(input.sourceLink);
  const rssFeedUrl = input.sourceRss?.trim() ? parseUserUrl(input.sourceRss) : "";
  const now = Date.now();
  const suggestionId = randomUUID();
  // Recorded in the same transaction that takes a free place among the person's pending
  // suggestions, on condition the place is still free: requests sent at once cannot pass the
  // cap. A place lost to a parallel request sends this one to the next free place.
  for (const slot of await freeSlots(userId, now)) {
    const suggestion = {
      userId,
      suggestionId,
      websiteUrl,
      rssFeedUrl,
      approvalState: "pending" as const,
      createdAt: now,
      pendingSlot: slot,
    };
    // Listed as pending with it: if the check queued below is lost, the `ingest` schedule queues it again.
    const created = await transact([
      takeSlot(userId, slot, suggestionId, now + STALE_PENDING_MS, now),
      SuggestedSourceEntity.create(suggestion),
      PendingSuggestionEntity.create({ createdAt: now, userId, suggestionId, queuedAt: now, checks: 1, slot }),
    ]);
    if (!created.canceled) {
      await enqueue(IngestQueue, [{ kind: "suggestion", userId, suggestionId }]);
      return view(suggestion);
    }
    if (created.reasons[0] !== "ConditionalCheckFailed")
      throw new Error(`suggestion ${suggestionId} could not be stored: ${created.reasons.join(", ")}`);
  }
  throw badRequest(SUGGESTION_MESSAGES.tooManyPending, "limit_reached");
}

/** The id of a source made from a suggested feed: its canonical address, hashed. */
export const suggestedSourceId = (feedUrl: string) =>
  `src_${createHash("sha256").update(feedUrl).digest("base64url").slice(0, 16)}`;

/** The kind of a suggested feed, from its address and body. */
export const typeOf = (feedUrl: string, body: string): SourceType => {
  const host = new URL(feedUrl).hostname;
  if (host.endsWith("youtube.com") || /yt:videoId/.test(body)) return "youtube";
  if (host.endsWith("bsky.app")) return "bluesky";
  if (/<feed[\s>]/.test(body.slice(0, 2000))) return "atom";
  return "rss";
};

export interface CheckOutcome {
  /** The suggestion as settled, or undefined when there is none with this id. */
  suggestion: SuggestionView | undefined;
  /** A source this check made trusted: its past articles must enter search (the caller's part). */
  trustedSourceId?: string;
}

/**
 * Checks a suggestion: the site is resolved to its feed; a feed graph already reads is a
 * duplicate (and counts towards that source's trust); a new valid feed becomes an untrusted
 * source and is fetched at once; anything unreachable or not a feed is rejected with the reason.
 */
export async function check(
  userId: string,
  suggestionId: string,
  options: { allowPrivateFeeds: boolean },
): Promise<CheckOutcome> {
  const { data: suggestion } = await SuggestedSourceEntity.get({ userId, suggestionId }).go();
  if (!suggestion) return { suggestion: undefined };
  const listing = unlistPending({ createdAt: suggestion.createdAt, userId, suggestionId });
  if (suggestion.approvalState !== "pending") {
    // Settled by an earlier check: a listing left behind (suggestions from before it) goes.
    await listing.go();
    return { suggestion: view(suggestion) };
  }
  const settle = async (
    approvalState: SuggestionView["approval_state"],
    extra: { sourceId?: string; reason?: string; rssFeedUrl?: string },
  ) => {
    const settled = await transact([
      SuggestedSourceEntity.patch({ userId, suggestionId }).set({ approvalState, ...extra }),
      listing,
    ]);
    if (settled.canceled)
      throw new Error(`suggestion ${suggestionId} could not be settled: ${settled.reasons.join(", ")}`);
    await freeSlot(userId, suggestion.pendingSlot, suggestionId);
    return view({ ...suggestion, ...extra, approvalState });
  };
  const trustedBy = (counted: { trusted: boolean }, sourceId: string) =>
    counted.trusted ? { trustedSourceId: sourceId } : {};

  const discovered = await discoverFeed(suggestion.rssFeedUrl || suggestion.websiteUrl, guardedFetch, {
    allowPrivate: options.allowPrivateFeeds,
  });
  if ("error" in discovered) return { suggestion: await settle("rejected", { reason: discovered.error }) };
  const feedUrl = canonicalUrl(discovered.feedUrl);
  const existing = (await Registry.all()).find((s) => canonicalUrl(s.feedUrl) === feedUrl);
  if (existing) {
    // A feed graph reads already: this person counts towards its trust (once per person).
    const counted = await recordSuggester(existing.sourceId, { userId, suggestionId });
    const suggestionView = await settle("duplicate", { sourceId: existing.sourceId, rssFeedUrl: feedUrl });
    return { suggestion: suggestionView, ...trustedBy(counted, existing.sourceId) };
  }

  // Discovery parsed it already (a candidate counts only when it parses as a feed).
  const parsed = discovered.feed;
  const sourceId = suggestedSourceId(feedUrl);
  // Untrusted: its articles reach only the people who suggested it until it is trusted.
  // Created meanwhile by another suggestion of the same feed: that source is this one, and
  // this person is counted towards its trust.
  const created = await createSuggested(
    {
      sourceId,
      name: (parsed.title?.trim() || new URL(suggestion.websiteUrl).hostname).slice(0, 120),
      siteUrl: parsed.siteUrl || suggestion.websiteUrl,
      feedUrl,
      type: typeOf(feedUrl, discovered.body),
      nextFetchAt: Date.now(),
    },
    { userId, suggestionId },
  );
  await enqueue(IngestQueue, [{ kind: "source", sourceId }]);
  return { suggestion: await settle("approved", { sourceId, rssFeedUrl: feedUrl }), ...trustedBy(created, sourceId) };
}
