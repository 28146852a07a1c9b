/** Calls for the person's topics (`/api/gpt/*`, the product's historical name for them). */
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";

export const topicsQueryKey = (userId: string) => ["topics", userId] as const;
/** Shared by every supertag toggle, so the list is re-read only when the last one has settled. */
export const supertagMutationKey = (userId: string) => ["topics", userId, "supertag"] as const;

export function listTopics(userId: string, signal?: AbortSignal) {
  return call(client.api.gpt.from_db[":id"].$get({ param: { id: userId } }, { init: { signal } }));
}

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
