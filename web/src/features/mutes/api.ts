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

/** The advanced filters (words muted within a topic, kinds, languages, countries, subjects) and what may be chosen. */
export const filtersQuery = (userId: string) =>
  queryOptions({
    queryKey: ["feed-filters", userId] as const,
    queryFn: ({ signal }) => call(client.api.filters.$get(undefined, { init: { signal } })),
    enabled: userId !== "",
  });

/** Shared by every change of the advanced filters, so the view is re-read only when the last one has settled. */
export const filterMutationKey = (userId: string) => [...filtersQuery(userId).queryKey, "change"] as const;

/** One change of the advanced filters, as the server takes it. */
export type FilterChange =
  | { kind: "topicWord"; add: boolean; topic: string; word: string }
  | { kind: "kinds"; kinds: string[] }
  | { kind: "language"; add: boolean; language: string }
  | { kind: "country"; add: boolean; country: string }
  | { kind: "subject"; add: boolean; subject: string };

export function sendFilterChange(change: FilterChange) {
  const f = client.api.filters;
  switch (change.kind) {
    case "topicWord": {
      const json = { topic: change.topic, word: change.word };
      return call(change.add ? f["topic-words"].$post({ json }) : f["topic-words"].$delete({ json }));
    }
    case "kinds":
      return call(f.kinds.$put({ json: { kinds: change.kinds } }));
    case "language": {
      const json = { language: change.language };
      return call(change.add ? f.languages.$post({ json }) : f.languages.$delete({ json }));
    }
    case "country": {
      const json = { country: change.country };
      return call(change.add ? f.countries.$post({ json }) : f.countries.$delete({ json }));
    }
    case "subject": {
      const json = { subject: change.subject };
      return call(change.add ? f.subjects.$post({ json }) : f.subjects.$delete({ json }));
    }
  }
}
