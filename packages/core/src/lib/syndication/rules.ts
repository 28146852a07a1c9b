/**
 * Syndication's rules that need none of its parsers: the address guard's ranges, for the http
 * adapter, which would otherwise load the feed and page parsers with the index (every function
 * that fetches anything, the picture proxy included).
 */
export { isPrivateAddress } from "./address.ts";
