export type { Source } from "./source.entity.ts";
export { SOURCE_TYPES, TRUST_SUGGESTERS, type SourceType } from "./rules.ts";
export { get, byIds, all, search, type SourceSearchResult } from "./registry.ts";
export {
  ensureCatalogue,
  loadCatalogue,
  catalogueHash,
  type CatalogueEntry,
  type LoadOutcome,
} from "./catalogue-load.ts";
export { trust, untrustedIds, untrustedNotSuggestedBy, mayUsePrivateAddress, recordLegacyOrigin } from "./trust.ts";
export { FETCH_POLICY, recordFetched, recordFailure, paused, noteUnmatched, clearUnmatched } from "./health.ts";
export {
  FETCH_SCHEDULE,
  takeDue,
  readDue,
  postpone,
  holdHost,
  hostOf,
  renewHostLease,
  advanceHostLease,
  releaseHostLease,
  type HostBatch,
  type TickPlan,
} from "./fetch-plan.ts";
export * as Suggestions from "./suggestions.ts";
export { requeueStalePending, STALE_PENDING_MS } from "./stale.ts";
export { productionCatalogue } from "./catalogue.ts";
export * as Subjects from "./subjects.ts";
export type { CatalogueSubject, SubjectTopic } from "./subjects.ts";
export { purgeAccount } from "./purge.ts";
export {
  addImported,
  knownFeeds,
  suggestedBy,
  type ImportedFeed,
  type ImportedOutcome,
  type KnownFeeds,
} from "./imported.ts";
export { personData } from "./person-data.ts";
export { heldUntil as hostHeldUntil } from "./hosts.ts";
