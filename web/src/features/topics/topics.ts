/** The person's topics on the settings page: their shape (from the API), changes to the list, and failure texts. */
import type { InferResponseType } from "hono/client";
import { MESSAGES, TOPIC_LIMITS } from "@graph/core/modules/topics/rules";
import { ApiError } from "../../lib/api.ts";
import type { client } from "../../lib/client.ts";

/** `GET /api/gpt/from_db/{id}`: one of the person's topics, as the route answers it. */
export type Topic = InferResponseType<(typeof client.api.gpt.from_db)[":id"]["$get"], 200>[number];

/** Adding typed topics failed (quick add); the spec's catalogue words it this way... */
export const ADD_TOPICS_FAILED = "failed to add topics";
/** ...and adding a suggested topic this way. */
export const ADD_SUGGESTION_FAILED = "Failed to add topics";
export const REMOVE_TOPIC_FAILED = "failed to remove topic";
export const SUPERTAG_FAILED = "failed to update supertag. please try again";
/** Said with "undo" after a topic is removed, and when adding it back fails. */
export const topicRemovedText = (name: string) => `removed ${name}`;
export const RESTORE_TOPIC_FAILED = "failed to add the topic back. please add it again";

/** The topic named `name` in a list the server answered (it may have normalised the case). */
export function findTopicNamed<T extends Topic>(topics: readonly T[], name: string): T | undefined {
  const wanted = name.trim().toLowerCase();
  return topics.find((t) => t.topic.trim().toLowerCase() === wanted);
}

/** The list with one topic's supertag state set (unchanged when the topic is not in it). */
export function withSupertag<T extends Topic>(topics: readonly T[], topicId: string, isSupertag: boolean): T[] {
  return topics.map((t) => (t.id === topicId && t.isSupertag !== isSupertag ? { ...t, isSupertag } : t));
}

/** The list without one topic. */
export function withoutTopic<T extends Topic>(topics: readonly T[], topicId: string): T[] {
  return topics.filter((t) => t.id !== topicId);
}

export function supertagCount(topics: readonly Topic[]): number {
  return topics.filter((t) => t.isSupertag).length;
}

/**
 * Why a topic cannot become a supertag now (the person has the most there may be), in the
 * server's words; null when it can, and always null when it is one already (taking it back is
 * always allowed).
 */
export function supertagRefusal(topics: readonly Topic[], topic: Topic): string | null {
  if (topic.isSupertag) return null;
  return supertagCount(topics) >= TOPIC_LIMITS.maxSupertags ? MESSAGES.maxSupertags : null;
}

/**
 * What to tell the person when a supertag change failed: a refusal (403) in the server's own
 * words, anything else (an outage, the network, a missing topic) as a plain "try again".
 */
export function supertagFailureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) return error.body?.error || MESSAGES.maxSupertags;
  return SUPERTAG_FAILED;
}
