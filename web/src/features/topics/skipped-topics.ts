/**
 * The topics tab's skipped topics: suggestions the person skipped, which graph does not suggest
 * again until they un-skip one. The list's shape (from the API), changes to it, and its texts.
 */
import type { InferResponseType } from "hono/client";
import type { client } from "../../lib/client.ts";

/** `GET /api/gpt/skipped_topics/{id}`: one skipped topic, as the route answers it. */
export type SkippedTopic = InferResponseType<
  (typeof client.api.gpt.skipped_topics)[":id"]["$get"],
  200
>["skippedTopics"][number];

/** Shown at first, and added by each "show more": the list may hold up to 1,000. */
export const SKIPPED_SHOWN = 10;

/** A skipped topic's name; a skip whose topic graph no longer knows has none. */
export const skippedName = (skipped: SkippedTopic) => skipped.topic ?? "a topic graph no longer knows";

export const unskippedText = (skipped: SkippedTopic) =>
  `un-skipped ${skippedName(skipped)}. graph may suggest it again.`;
export const unskipFailedText = (skipped: SkippedTopic) =>
  `couldn't un-skip ${skippedName(skipped)}. please try again.`;

/** The list without one topic (unchanged when it is not there). */
export function withoutSkipped(list: readonly SkippedTopic[], id: string): SkippedTopic[] {
  return list.filter((s) => s.id !== id);
}

/** The list with a topic put back (an un-skip that failed) in its place, the latest skipped first. */
export function withSkipped(list: readonly SkippedTopic[], skipped: SkippedTopic): SkippedTopic[] {
  if (list.some((s) => s.id === skipped.id)) return [...list];
  return [...list, skipped].sort((a, b) => b.skippedAt - a.skippedAt || (a.id < b.id ? -1 : 1));
}
