/**
 * Ingestion: fetching sources politely, parsing feeds, recognising the same article across
 * fetches and sources, and the queue that carries this work.
 */
export { ingestSource, adaptedInterval, type IngestReport } from "./ingest-source.ts";
export { guardedFetch, type FetchOutcome, type GuardedFetchOptions, type ResolveHost } from "./http.ts";
export { parseFeed, FeedParseError, type ParsedFeed, type ParsedItem } from "./parse.ts";
export { discoverFeed } from "./discover.ts";
export { canonicalUrl, titleFingerprint, articleId, sameSite } from "./identity.ts";
export { isPrivateAddress } from "./address.ts";
export { IngestJob, enqueueIngestJobs } from "./queue.ts";
