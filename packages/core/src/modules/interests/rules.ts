/** A kind of interest, named by the module that holds it (the registry, workflows/person-data, lists them). */
export type InterestKind = string;

/**
 * A digest's holder counts (how many people hold each item, its rarity) are at most this old:
 * an older digest is built again when it is next read. Which items a person holds is never
 * stale — every change marks the kind's digest for rebuilding at once.
 */
export const DIGEST_MAX_AGE_MS = 24 * 60 * 60 * 1000;
