/**
 * What each person holds of each kind of interest, kept ready for mutual interests: a
 * digest per person and kind, marked for rebuilding by every change (`changed`), built and
 * stored by the overlap workflow, read for two people in one request.
 */
export { changed, purgeAccount, readDigests, storeDigest, type Digest, type DigestEntry } from "./digests.ts";
export * from "./rules.ts";
export { personData } from "./person-data.ts";
