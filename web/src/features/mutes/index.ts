/** Muted words, shown on the feed tab of settings. */
export { MuteWords } from "./MuteWords.tsx";
/** The advanced filters (pro and org), shown below the muted words. */
export { FeedFilters } from "./FeedFilters.tsx";
