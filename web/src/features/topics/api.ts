/** Calls for the person's topics and graph's suggestions of more (`/api/gpt/*`, the product's historical name for them). */
import { queryOptions } from "@tanstack/react-query";
import type { InferRequestType } from "hono/client";
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";

export const topicsQuery = (userId: string) =>
  queryOptions({
    queryKey: ["topics", userId] as const,
    queryFn: ({ signal }) => call(client.api.gpt.from_db[":id"].$get({ param: { id: userId } }, { init: { signal } })),
    enabled: userId !== "",
  });

/** Shared by every supertag toggle, so the list is re-read only when the last one has settled. */
export const supertagMutationKey = (userId: string) => [...topicsQuery(userId).queryKey, "supertag"] as const;

/** Adds topics (the server normalises and de-duplicates them); answers the person's whole list. */
export function addTopics(keyTopicsArray: string[]) {
  return call(client.api.gpt.to_db.$post({ json: { keyTopicsArray } }));
}

export function removeTopic(topicId: string) {
  return call(client.api.gpt.remove_topic.$post({ json: { topicId } }));
}

/** Sets whether a topic is a supertag: the state wanted, so a retried request cannot flip it back. */
export function setSupertag(topicId: string, isSupertag: boolean) {
  return call(client.api.gpt.toggle_supertag.$post({ json: { topicId, isSupertag } }));
}

/**
 * What a suggestion request names: how many to answer, the suggestions shown or held already
 * (not to be answered again) and the person's topics to start from (none means all of them).
 */
export type SuggestionRequest = InferRequestType<typeof client.api.gpt.similar_topics.$post>["json"];

export function similarTopics(request: SuggestionRequest) {
  return call(client.api.gpt.similar_topics.$post({ json: { seedTopicIds: [], ...request } }));
}

/** Skips a suggested topic, so it is not suggested again; its name is kept to list it among the skipped. */
export function skipTopic({ topicId, topic }: { topicId: string; topic: string }) {
  return call(client.api.gpt.skip_topic.$post({ json: { topicId, topic } }));
}
