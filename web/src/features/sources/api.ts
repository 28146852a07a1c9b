/** Calls of the settings page's feed tab: suggested sources, silenced sources, added articles. */
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";

export const suggestionsQueryKey = (userId: string) => ["suggested-sources", userId] as const;
export const silencedQueryKey = (userId: string) => ["silenced-sources", userId] as const;
/** Shared by every silence and un-silence, so the list is re-read only when the last one has settled. */
export const silenceMutationKey = (userId: string) => ["silenced-sources", userId, "change"] as const;
export const sourceSearchQueryKey = (term: string) => ["source-search", term] as const;
export const addedArticlesQueryKey = (userId: string) => ["added-articles", userId] as const;

export function listSuggestions(signal?: AbortSignal) {
  return call(client.api.rss.user_source_suggested_list.$get(undefined, { init: { signal } }));
}

/** Suggests a site or feed; answers the new suggestion (pending while graph checks it). */
export function suggestSource(sourceLink: string) {
  return call(client.api.rss.user_source_suggested_list.$post({ json: { sourceLink } }));
}

export function listSilenced(signal?: AbortSignal) {
  return call(client.api.rss.user_source_blacklist.$get(undefined, { init: { signal } }));
}

export function unsilenceSource(sourceId: string) {
  return call(client.api.rss.user_source_blacklist.$delete({ json: { sourceId } }));
}

export function searchSources(q: string, signal?: AbortSignal) {
  return call(client.api.rss.source_search.$get({ query: { q } }, { init: { signal } }));
}

export function listAddedArticles(userId: string, signal?: AbortSignal) {
  return call(client.api.articles.from_db_by_user_id[":id"].$get({ param: { id: userId } }, { init: { signal } }));
}

/** Takes an article out of the person's graph. */
export function deleteAddedArticle(articleId: string) {
  return call(client.api.articles.$delete({ json: { articleId } }));
}
