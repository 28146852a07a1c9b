import { PLAN_LIMITS, PLANS, type Plan } from "@graph/core/lib/plans/rules";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The plans page's columns, in order (the spec's free, pro, org). */
export const PLAN_COLUMNS: readonly Plan[] = PLANS;

export function priceText(plan: Plan): string {
  const price = PLAN_LIMITS[plan].priceUsdPerMonth;
  if (price === "on request") return "on request";
  return price === 0 ? "$0" : `$${price}/month`;
}

export function coverageText(coverageMs: number): string {
  if (!Number.isFinite(coverageMs)) return "all-time post coverage";
  if (coverageMs >= 365 * DAY_MS) return `${Math.round(coverageMs / (365 * DAY_MS))} year post coverage`;
  if (coverageMs >= 2 * DAY_MS) return `${Math.round(coverageMs / DAY_MS)} days post coverage`;
  return `${Math.round(coverageMs / (60 * 60 * 1000))} h post coverage`;
}

/** The rows of one plan's column, read from the one plan table the server enforces. */
export function planRows(plan: Plan): string[] {
  const limits = PLAN_LIMITS[plan];
  const seats = limits.seats.min === 1 ? "1 seat" : `${limits.seats.min}+ seats`;
  return [
    `${limits.refreshesPerDay} feed refreshes/day`,
    `${limits.postsPerDay} posts/day`,
    `${limits.agentFetchesPerDay} agent fetches/day`,
    coverageText(limits.coverageMs),
    limits.manualRefresh ? "manual refresh" : "automatic refresh only",
    `${limits.digest} e-mail digests`,
    limits.features.filters,
    limits.features.search,
    limits.features.lists,
    limits.features.bot,
    seats,
  ];
}
