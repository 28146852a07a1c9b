/** Calls for graph suggestions on the topics tab (`/api/gpt/similar_topics`, `skip_topic`, `unskip_topic`). */
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";

export interface SuggestionRequest {
  limit: number;
  /** Suggestions shown or held already, not to be answered again. */
  excludeIds: string[];
  /** The person's topics to start from; none means all of them. */
  seedTopicIds?: string[];
}

export function similarTopics({ limit, excludeIds, seedTopicIds = [] }: SuggestionRequest) {
  return call(client.api.gpt.similar_topics.$post({ json: { seedTopicIds, excludeIds, limit } }));
}

/** Skips a suggested topic, so it is not suggested again; its name is kept to list it among the skipped. */
export function skipTopic({ topicId, topic }: { topicId: string; topic: string }) {
  return call(client.api.gpt.skip_topic.$post({ json: { topicId, topic } }));
}

export function unskipTopic(topicId: string) {
  return call(client.api.gpt.unskip_topic.$post({ json: { topicId } }));
}
