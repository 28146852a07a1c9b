/** Calls that finish onboarding: the aims written, and the person marked onboarded with a feed due at once. */
import { queryOptions } from "@tanstack/react-query";
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";

export function submitAims(aims: string[]) {
  return call(client.api.aims.to_db.$post({ json: { aims: aims.map((content) => ({ content })) } }));
}

export function setHasOnboarded() {
  return call(client.api.users.set_has_onboarded.$post());
}

/** Marks the person's feed out of date, so the first one is made from the topics just added. */
export function clearLastFeedRefreshAt() {
  return call(client.api.users.clear_last_feed_refresh_at.$post());
}

/** How often, and how many times, subjects with no topics yet are read again (a count was asked for). */
const COUNTING_POLL_MS = 3_000;
const COUNTING_POLLS = 20;

/**
 * The catalogue's subjects, each with its top topics: starting points offered next to the topics
 * prompt. While none has topics (a new stage: the read asked for a count) they are read again
 * every few seconds for a minute, so the chips appear as soon as the count is stored.
 */
export const subjectsQuery = queryOptions({
  queryKey: ["subjects"] as const,
  queryFn: async ({ signal }) => (await call(client.api.rss.subjects.$get(undefined, { init: { signal } }))).subjects,
  staleTime: 10 * 60 * 1000,
  refetchInterval: (query) =>
    query.state.data?.every((subject) => subject.topics.length === 0) && query.state.dataUpdateCount <= COUNTING_POLLS
      ? COUNTING_POLL_MS
      : false,
});
