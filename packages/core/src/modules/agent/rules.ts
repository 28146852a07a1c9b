/**
 * Agentic search's limits, messages and shapes: shared by the server (which enforces them) and
 * the page (which says them). Pure: no I/O.
 */

export const AGENT_LIMITS = {
  /** A query, trimmed, in UTF-16 units like the browser's `length`. */
  minQuery: 2,
  maxQuery: 200,
  /** Terms the query is widened with at most (besides itself). */
  maxExpansions: 6,
  /**
   * Requests to the world outside graph one search makes at most: the outside search, then each
   * site's page and its feed. Whatever the results name, a search never asks for more.
   */
  maxOutsideRequests: 8,
  /** Sites of outside results whose feed a search looks for at most (a page and a feed each). */
  maxSitesDiscovered: 3,
  /** Results a search answers at most, the best first. */
  maxResults: 30,
  /** A search and its results are kept this long (days), then expire. */
  keepDays: 3,
  /** Searches the person's list shows at most, newest first. */
  listed: 10,
} as const;

export const AGENT_MESSAGES = {
  tooShort: `A search needs at least ${AGENT_LIMITS.minQuery} characters.`,
  tooLong: `A search is at most ${AGENT_LIMITS.maxQuery} characters.`,
  outOfFetches: (perDay: number) =>
    `You have used your ${perDay} agent fetch${perDay === 1 ? "" : "es"} of the last 24 hours.`,
} as const;

/** The steps a search goes through, in order. */
export const AGENT_STEPS = ["expand", "graph", "outside", "discover", "rank"] as const;
export type AgentStepKind = (typeof AGENT_STEPS)[number];

/** One step as the page shows it: what it is doing or did, and whether it worked. */
export interface AgentStep {
  kind: AgentStepKind;
  status: "running" | "done" | "failed" | "skipped";
  /** What the step did, in a sentence for the person. */
  summary: string;
  /** The terms the query was widened with (the expand step), each with where it came from. */
  terms?: Array<{ term: string; from: string }>;
  /** Outside requests the step made. */
  requests?: number;
}

/** A site found outside graph whose feed graph does not read: what "suggest this source" sends. */
export interface NewSource {
  name: string;
  siteUrl: string;
  feedUrl: string;
}

/** One result: the article, and every step that found it, in words ("on Hacker News"). */
export interface AgentResult {
  title: string;
  link: string;
  source: string;
  /** ISO 8601, when known. */
  publishedAt: string | null;
  /** Whether graph already has it (found in its index), or it came from outside. */
  inGraph: boolean;
  reasons: string[];
  /** The new source it came from, when it came from one. */
  newSource?: NewSource;
}

export type AgentStatus = "running" | "done" | "failed";

/** The reason words, kept in one place so the page, the tests and the bench read the same. */
export const REASONS = {
  inGraph: (term: string) => `in graph via '${term}'`,
  hackerNews: "on Hacker News",
  newSource: (name: string) => `from a new source: ${name}`,
} as const;
