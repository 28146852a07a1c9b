import { randomUUID } from "node:crypto";
import { AgentQueue, enqueue } from "../../adapters/queues/index.ts";
import { badRequest, notFound, RateLimitedError } from "../../lib/errors/index.ts";
import { DAY_MS, PLAN_LIMITS, type Plan } from "../../lib/plans/rules.ts";
import { AgentSearchEntity } from "./agent-search.entity.ts";
import * as Fetches from "./fetches.ts";
import {
  AGENT_LIMITS,
  AGENT_MESSAGES,
  type AgentResult,
  type AgentStatus,
  type AgentStep,
  type NewSource,
} from "./rules.ts";
import { log } from "../../lib/observability/index.ts";

/** A search as its owner reads it. */
export interface AgentSearchView {
  id: string;
  status: AgentStatus;
  query: string;
  steps: AgentStep[];
  results: AgentResult[];
  newSources: NewSource[];
  startedAt: number;
}

/** A search as the person's list shows it. */
export interface AgentSearchSummary {
  id: string;
  status: AgentStatus;
  query: string;
  startedAt: number;
  results: number;
}

/** Ids sort by time: the newest search is last in the person's list. */
const newSearchId = (now: number) => `${now.toString(36).padStart(9, "0")}-${randomUUID().slice(0, 8)}`;

/** The query as searched: trimmed, within the limits (400 with a stable code otherwise). */
export function cleanQuery(raw: string): string {
  const query = raw.trim();
  if (query.length < AGENT_LIMITS.minQuery) throw badRequest(AGENT_MESSAGES.tooShort);
  if (query.length > AGENT_LIMITS.maxQuery) throw badRequest(AGENT_MESSAGES.tooLong);
  return query;
}

/**
 * Starts an agentic search: takes one of the plan's agent fetches of the last 24 hours (429
 * `rate_limited` with `tryAgainAfter` when they are spent, and nothing started), records the
 * search as running and queues it. If it cannot be queued, the fetch is given back.
 */
export async function start(userId: string, plan: Plan, rawQuery: string, now = Date.now()): Promise<{ id: string }> {
  const query = cleanQuery(rawQuery);
  const perDay = PLAN_LIMITS[plan].agentFetchesPerDay;
  const taken = await Fetches.take(userId, perDay, now);
  if (!taken.taken) throw new RateLimitedError(AGENT_MESSAGES.outOfFetches(perDay), taken.tryAgainAfter);
  const searchId = newSearchId(now);
  try {
    await AgentSearchEntity.create({
      userId,
      searchId,
      query,
      status: "running",
      steps: [],
      results: [],
      newSources: [],
      startedAt: now,
      updatedAt: now,
      expiresAt: Math.ceil((now + AGENT_LIMITS.keepDays * DAY_MS) / 1000),
    }).go({ response: "none" });
    await enqueue(AgentQueue, [{ userId, searchId }]);
  } catch (error) {
    await AgentSearchEntity.delete({ userId, searchId })
      .go()
      .catch((e: unknown) => log.error("agent: removing a search that never started failed", { searchId, error: e }));
    await Fetches.giveBack(userId, now);
    throw error;
  }
  return { id: searchId };
}

const viewOf = (item: {
  searchId: string;
  status: AgentStatus;
  query: string;
  steps?: unknown;
  results?: unknown;
  newSources?: unknown;
  startedAt: number;
}): AgentSearchView => ({
  id: item.searchId,
  status: item.status,
  query: item.query,
  steps: (item.steps ?? []) as AgentStep[],
  results: (item.results ?? []) as AgentResult[],
  newSources: (item.newSources ?? []) as NewSource[],
  startedAt: item.startedAt,
});

/** A search of the person's (404 for an unknown id and for anyone else's: ids are per person). */
export async function get(userId: string, searchId: string): Promise<AgentSearchView> {
  const { data } = await AgentSearchEntity.get({ userId, searchId }).go({ consistent: true });
  if (!data) throw notFound("No such search.");
  return viewOf(data);
}

/** The person's recent searches, newest first. */
export async function list(userId: string): Promise<AgentSearchSummary[]> {
  const { data } = await AgentSearchEntity.query.byOwner({ userId }).go({
    order: "desc",
    limit: AGENT_LIMITS.listed,
    attributes: ["searchId", "status", "query", "startedAt", "results"],
  });
  return data.map((item) => ({
    id: item.searchId,
    status: item.status,
    query: item.query,
    startedAt: item.startedAt,
    results: Array.isArray(item.results) ? item.results.length : 0,
  }));
}

/** The search as the worker starts it: undefined when it is gone or settled (a redelivered message). */
export async function toRun(userId: string, searchId: string) {
  const { data } = await AgentSearchEntity.get({ userId, searchId }).go({ consistent: true });
  return data?.status === "running" ? viewOf(data) : undefined;
}

/** Records the steps as they stand (written whole: one search is run by one worker at a time). */
export async function recordSteps(userId: string, searchId: string, steps: AgentStep[]): Promise<void> {
  await AgentSearchEntity.patch({ userId, searchId }).set({ steps, updatedAt: Date.now() }).go({ response: "none" });
}

/** Settles the search as done, with its results. */
export async function finish(
  userId: string,
  searchId: string,
  outcome: { steps: AgentStep[]; results: AgentResult[]; newSources: NewSource[] },
): Promise<void> {
  await AgentSearchEntity.patch({ userId, searchId })
    .set({ ...outcome, status: "done", updatedAt: Date.now() })
    .go({ response: "none" });
}

/** Settles the search as failed (the search itself broke, not an outside service), keeping its steps. */
export async function fail(userId: string, searchId: string, steps: AgentStep[]): Promise<void> {
  await AgentSearchEntity.patch({ userId, searchId })
    .set({ steps, status: "failed", updatedAt: Date.now() })
    .go({ response: "none" });
}

/** Removes every search of a deleted account. */
export async function purgeSearches(userId: string): Promise<void> {
  const { data } = await AgentSearchEntity.query.byOwner({ userId }).go({ pages: "all", attributes: ["searchId"] });
  await Promise.all(data.map(({ searchId }) => AgentSearchEntity.delete({ userId, searchId }).go()));
}
