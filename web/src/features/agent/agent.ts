/** What the agentic search page says, without React: waits, fetches left, each step's mark. */
import type { InferResponseType } from "hono/client";
import { ApiError } from "../../lib/api.ts";
import type { client } from "../../lib/client.ts";

export type AgentSearch = InferResponseType<(typeof client.api.agent.search)[":id"]["$get"], 200>;
export type AgentStepView = AgentSearch["steps"][number];

/** How often a running search is read again (ms). */
export const AGENT_POLL_MS = 700;

/** A wait in words: "5 h 12 min", "12 min", "40 s". */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The seconds a 429 says to wait, or null for any other failure. */
export function waitOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const seconds = Number(error.body?.tryAgainAfter);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/** The page's line of fetches: how many are left of the plan's number a day. */
export function fetchesText(fetches: { perDay: number; left: number }): string {
  return `${fetches.left} of ${fetches.perDay} agent fetch${fetches.perDay === 1 ? "" : "es"} left in the last 24 hours`;
}

export const STEP_LABEL: Record<AgentStepView["kind"], string> = {
  expand: "widen the search",
  graph: "search graph",
  outside: "look outside",
  discover: "find new sources",
  rank: "rank",
};

export const STATUS_MARK: Record<AgentStepView["status"], string> = {
  running: "…",
  done: "✓",
  failed: "✗",
  skipped: "–",
};
