export type { Source } from "./source.entity.ts";
export { SOURCE_TYPES, TRUST_SUGGESTERS, type SourceType } from "./rules.ts";
export { get, byIds, all, due, lease, search, type SourceSearchResult } from "./registry.ts";
export {
  ensureCatalogue,
  loadCatalogue,
  catalogueHash,
  type CatalogueEntry,
  type LoadOutcome,
} from "./catalogue-load.ts";
export { trust, untrustedIds, untrustedNotSuggestedBy, mayUsePrivateAddress, recordLegacyOrigin } from "./trust.ts";
export { FETCH_POLICY, recordFetched, recordFailure } from "./health.ts";
export * as Suggestions from "./suggestions.ts";
export { requeueStalePending, STALE_PENDING_MS } from "./stale.ts";
export { PRODUCTION_CATALOGUE } from "./catalogue.ts";
export { purgeAccount } from "./purge.ts";
