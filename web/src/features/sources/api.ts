/** Calls of the feed tab's sources: suggesting a source, searching sources, silencing and un-silencing them. */
import { queryOptions } from "@tanstack/react-query";
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";
import { pendingPollInterval } from "./suggested-sources.ts";

/**
 * The person's suggestions. A suggestion is checked in the background, so while one is pending
 * the list is read again every few seconds until it has turned into added!, rejected or a
 * duplicate; then the polling stops.
 */
export const suggestionsQuery = (userId: string) =>
  queryOptions({
    queryKey: ["suggested-sources", userId] as const,
    queryFn: ({ signal }) => call(client.api.rss.user_source_suggested_list.$get(undefined, { init: { signal } })),
    enabled: userId !== "",
    refetchInterval: (query) => pendingPollInterval(query.state.data),
  });

/** Suggests a site or feed; answers the new suggestion (pending while graph checks it). */
export function suggestSource(sourceLink: string) {
  return call(client.api.rss.user_source_suggested_list.$post({ json: { sourceLink } }));
}

/** Suggests a site with the feed found on it (agentic search's new sources): checked as any suggestion. */
export function suggestFeed({ sourceLink, sourceRss }: { sourceLink: string; sourceRss: string }) {
  return call(client.api.rss.user_source_suggested_list.$post({ json: { sourceLink, sourceRss } }));
}

export const silencedQuery = (userId: string) =>
  queryOptions({
    queryKey: ["silenced-sources", userId] as const,
    queryFn: ({ signal }) => call(client.api.rss.user_source_blacklist.$get(undefined, { init: { signal } })),
    enabled: userId !== "",
  });

/** Shared by every silence and un-silence, so the list is re-read only when the last one has settled. */
export const silenceMutationKey = (userId: string) => [...silencedQuery(userId).queryKey, "change"] as const;

/** Keeps a source's articles out of the person's feed (the feed tab's silence; an article's own button is the feed's). */
export function silenceSource(sourceId: string) {
  return call(client.api.rss.user_source_blacklist.$post({ json: { sourceId } }));
}

export function unsilenceSource(sourceId: string) {
  return call(client.api.rss.user_source_blacklist.$delete({ json: { sourceId } }));
}

/** Sources by name or site, for the search term once it has settled (null: nothing to search). */
export const sourceSearchQuery = (term: string | null) =>
  queryOptions({
    queryKey: ["source-search", term ?? ""] as const,
    queryFn: ({ signal }) =>
      call(client.api.rss.source_search.$get({ query: { q: term ?? "" } }, { init: { signal } })),
    enabled: term !== null,
    // Sources change seldom: going back to a search just made needs no new request.
    staleTime: 60_000,
  });
