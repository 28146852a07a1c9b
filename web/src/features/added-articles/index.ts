/** The articles the person added to their feed, shown on the feed tab of settings. */
export { AddedArticles } from "./AddedArticles.tsx";
