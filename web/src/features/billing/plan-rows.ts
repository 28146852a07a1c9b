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

/**
 * What moving from one plan to another changes, one line each, as the upgrade's confirmation
 * says it: "8 feed refreshes a day (was 3)", and the rows that differ in kind ("manual refresh,
 * every 15 minutes"). Rows the two plans share are left out.
 */
export function planChanges(from: Plan, to: Plan): string[] {
  const was = PLAN_LIMITS[from];
  const now = PLAN_LIMITS[to];
  const lines: string[] = [];
  const more = (label: string, before: number, after: number) => {
    if (after !== before) lines.push(`${after} ${label} (was ${before})`);
  };
  more("feed refreshes a day", was.refreshesPerDay, now.refreshesPerDay);
  more("posts a day", was.postsPerDay, now.postsPerDay);
  if (now.coverageMs !== was.coverageMs) {
    lines.push(`${coverageText(now.coverageMs)} (was ${coverageText(was.coverageMs).replace(/ post coverage$/, "")})`);
  }
  if (now.manualRefresh && !was.manualRefresh) {
    lines.push(`manual refresh, every ${Math.round(now.manualRefresh.cooldownSeconds / 60)} minutes`);
  }
  if (now.digest !== was.digest) lines.push(`${now.digest} e-mail digests`);
  for (const key of ["filters", "search", "lists", "bot"] as const) {
    if (now.features[key] !== was.features[key]) lines.push(now.features[key]);
  }
  return lines;
}
