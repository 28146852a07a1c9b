/**
 * The web, reached politely and safely: every outside fetch goes through the address guard
 * (no private or loopback addresses unless allowed, DNS pinned to the checked address), with
 * size and time caps, conditional requests and Retry-After; and a site's feed found from its page.
 */
export {
  guardedFetch,
  guardedFetchBytes,
  decodeBody,
  parseRetryAfter,
  DEFAULT_USER_AGENT,
  type FetchOutcome,
  type BytesOutcome,
  type GuardedFetchOptions,
  type ResolveHost,
  type ResolvedAddress,
} from "./fetch.ts";
export {
  discoverFeed,
  linkedFeeds,
  COMMON_FEED_PATHS,
  type DiscoveryResult,
  type DiscoverOptions,
  type Fetcher,
} from "./discover.ts";
