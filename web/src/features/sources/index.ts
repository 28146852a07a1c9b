/** The feed's sources, as other features use them: the feed tab's two sections, and the suggestions list. */
export { suggestionsQuery } from "./api.ts";
export { SilencedSources } from "./SilencedSources.tsx";
export { SuggestedSources } from "./SuggestedSources.tsx";
