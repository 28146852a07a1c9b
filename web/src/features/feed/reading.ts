/** Where a card's title leads: the reader view, or the publisher's page when the person prefers it (kept on the server). */
import { queryOptions } from "@tanstack/react-query";
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";

/** The reader view of an article. */
export const readerPath = (articleId: string) => `/home/read/${encodeURIComponent(articleId)}`;

/** The person's reading settings: rarely changed, so read once a page load. */
export const readingSettingsQuery = (userId: string) =>
  queryOptions({
    queryKey: ["reading-settings", userId] as const,
    queryFn: ({ signal }) => call(client.api.reader.settings.$get(undefined, { init: { signal } })),
    enabled: userId !== "",
    staleTime: Infinity,
  });

export function saveReadingSettings(openOnPublisher: boolean) {
  return call(client.api.reader.settings.$put({ json: { openOnPublisher } }));
}
