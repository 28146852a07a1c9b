/** Calls of the agentic search page: start a search, read it while it runs, list the person's own. */
import { queryOptions } from "@tanstack/react-query";
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";
import { AGENT_POLL_MS } from "./agent.ts";

/** One search, read again every moment while it runs (its steps appear as they happen), then no more. */
export const agentSearchQuery = (id: string | null) =>
  queryOptions({
    queryKey: ["agent", "search", id] as const,
    queryFn: ({ signal }) =>
      call(client.api.agent.search[":id"].$get({ param: { id: id ?? "" } }, { init: { signal } })),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === "running" ? AGENT_POLL_MS : false),
    refetchOnWindowFocus: false,
  });

/** The person's recent searches and the day's agent fetches left. */
export const agentSearchesQuery = () =>
  queryOptions({
    queryKey: ["agent", "searches"] as const,
    queryFn: ({ signal }) => call(client.api.agent.searches.$get(undefined, { init: { signal } })),
  });

export function startAgentSearch(query: string) {
  return call(client.api.agent.search.$post({ json: { query } }));
}
