/** Feeds in and out (OPML), shown on the feed tab of settings. */
export { FeedsInOut } from "./FeedsInOut.tsx";
