/** The feed's sources, as other features use them: the feed tab's two sections, and the suggestions list. */
export { suggestFeed, suggestionsQuery } from "./api.ts";
export { APPROVAL_TEXT } from "./suggested-sources.ts";
export { SilencedSources } from "./SilencedSources.tsx";
export { SuggestedSources } from "./SuggestedSources.tsx";
