/**
 * Agentic search: a person's searches that look beyond graph's index on their own, in steps
 * (the `agent-search` workflow runs them), and the plan's agent fetches a day they spend.
 */
export * from "./rules.ts";
export {
  start,
  get,
  list,
  toRun,
  recordSteps,
  finish,
  fail,
  cleanQuery,
  type AgentSearchView,
  type AgentSearchSummary,
} from "./searches.ts";
export { state as fetchesState, type FetchesState } from "./fetches.ts";
export { personData } from "./person-data.ts";
