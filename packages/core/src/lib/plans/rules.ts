/**
 * The plans and their limits: constants only (no I/O), shared by the server, which enforces
 * them, and the web app, which shows them.
 */

/** The plans a person can be on ("team" is the org plan of the plans page). */
export const PLANS = ["free", "pro", "team"] as const;
export type Plan = (typeof PLANS)[number];

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export interface PlanLimits {
  /** Feed refreshes a person gets in any 24 hours. */
  refreshesPerDay: number;
  /** Distinct articles delivered in any 24 hours. */
  postsPerDay: number;
  /** How far back articles may come from (ms); Infinity is all time. */
  coverageMs: number;
  /** Whether the person may refresh by hand, and how long they wait between manual refreshes. */
  manualRefresh: false | { cooldownSeconds: number };
  /** Agentic searches a person may start in any 24 hours (free has three; the table's "agent fetches/day"). */
  agentFetchesPerDay: number;
  /** Slack and Discord channels a person may connect for the bot (0: the plan has no bot). */
  channelsMax: number;
  seats: { min: number };
  /** The e-mail digest's kind: standard, or advanced (more articles, a section per supertag). */
  digest: "standard" | "advanced";
  /** What the plans page calls the plan ("team" is shown as org). */
  label: string;
  /** US dollars a month, or "on request" (org is requested by e-mail, priced per organisation). */
  priceUsdPerMonth: number | "on request";
  /** What the plan includes, as the server checks it (`requireFeature`); the plans page's rows below say it. */
  includes: PlanFeatures;
  /** The plans page's other rows (spec section 9), as shown. */
  features: {
    filters: string;
    search: string;
    lists: string;
    bot: string;
  };
}

/** The features a plan may or may not include: each is checked on the server where it is served. */
export interface PlanFeatures {
  /** Feed filters: muted words and the advanced filters (free has none). */
  filters: boolean;
  /** graph's chat bot (free is told what it is, once, and nothing more). */
  chatBot: boolean;
  /** Themed tumble-word lists and a person's own (free has the one built-in list). */
  themedLists: boolean;
  /** Advanced digests: days, up to three times a day, sections, the following feed's and friends' likes. */
  advancedDigests: boolean;
  /** The Slack/Discord bot: none, the standard bot, or the advanced one (per-topic channels, team digest). */
  bot: false | "standard" | "advanced";
  /** The advanced bot's own part: per-topic channels, `/graph share` and the team digest (org). */
  teamBot: boolean;
}
export type PlanFeature = keyof PlanFeatures;

/** The plan table of the spec (section 9), in one place: every plan rule reads it. */
export const PLAN_LIMITS: Record<Plan, PlanLimits> = {
  free: {
    refreshesPerDay: 3,
    postsPerDay: 40,
    coverageMs: DAY,
    manualRefresh: false,
    agentFetchesPerDay: 3,
    channelsMax: 0,
    seats: { min: 1 },
    digest: "standard",
    includes: {
      filters: false,
      chatBot: false,
      themedLists: false,
      advancedDigests: false,
      bot: false,
      teamBot: false,
    },
    label: "free",
    priceUsdPerMonth: 0,
    features: {
      filters: "no feed filters",
      search: "standard search",
      lists: "one tumble-word list",
      bot: "no chat bot",
    },
  },
  pro: {
    refreshesPerDay: 8,
    postsPerDay: 320,
    coverageMs: 365 * DAY,
    manualRefresh: { cooldownSeconds: 15 * 60 },
    agentFetchesPerDay: 30,
    channelsMax: 3,
    seats: { min: 1 },
    digest: "advanced",
    includes: {
      filters: true,
      chatBot: true,
      themedLists: true,
      advancedDigests: true,
      bot: "standard",
      teamBot: false,
    },
    label: "pro",
    priceUsdPerMonth: 15,
    features: {
      filters: "advanced filters",
      search: "agentic search",
      lists: "themed lists",
      bot: "standard Slack/Discord bot",
    },
  },
  team: {
    refreshesPerDay: 24,
    postsPerDay: 640,
    coverageMs: Number.POSITIVE_INFINITY,
    manualRefresh: { cooldownSeconds: 5 * 60 },
    agentFetchesPerDay: 180,
    channelsMax: 50,
    seats: { min: 2 },
    digest: "advanced",
    includes: {
      filters: true,
      chatBot: true,
      themedLists: true,
      advancedDigests: true,
      bot: "advanced",
      teamBot: true,
    },
    label: "org",
    priceUsdPerMonth: "on request",
    features: {
      filters: "advanced filters",
      search: "agentic search",
      lists: "themed lists",
      bot: "advanced Slack/Discord bot",
    },
  },
};

/** Automatic refreshes are spread evenly over the day. */
export const autoRefreshIntervalMs = (plan: Plan) => DAY / PLAN_LIMITS[plan].refreshesPerDay;

/** Articles one refresh delivers at most: the day's budget spread over its refreshes. */
export const postsPerRefresh = (plan: Plan) =>
  Math.ceil(PLAN_LIMITS[plan].postsPerDay / PLAN_LIMITS[plan].refreshesPerDay);

export const DAY_MS = DAY;

/** Whether a plan includes a feature (a bot of any kind counts for "bot"). */
export const planIncludes = (plan: Plan, feature: PlanFeature): boolean => Boolean(PLAN_LIMITS[plan].includes[feature]);

/** The first plan, in the table's order, that includes a feature: where an upgrade link points. */
export function cheapestPlanWith(feature: PlanFeature): Plan {
  const plan = PLANS.find((p) => planIncludes(p, feature));
  if (!plan) throw new Error(`no plan includes ${feature}`);
  return plan;
}
