/** Calls of the feed tab's muted words: the list, muting a word, unmuting one. */
import { queryOptions } from "@tanstack/react-query";
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";

export const mutesQuery = (userId: string) =>
  queryOptions({
    queryKey: ["muted-words", userId] as const,
    queryFn: ({ signal }) => call(client.api.mutes.$get(undefined, { init: { signal } })),
    enabled: userId !== "",
  });

/** Shared by every mute and unmute, so the list is re-read only when the last one has settled. */
export const muteMutationKey = (userId: string) => [...mutesQuery(userId).queryKey, "change"] as const;

export function muteWord(word: string) {
  return call(client.api.mutes.$post({ json: { word } }));
}

export function unmuteWord(word: string) {
  return call(client.api.mutes.$delete({ json: { word } }));
}
