/** The person's own Atom feed, shown on the feed tab of settings. */
export { AtomFeed } from "./AtomFeed.tsx";
