import { forbidden, type VisibleError } from "../errors/index.ts";
import { cheapestPlanWith, PLAN_LIMITS, planIncludes, type Plan, type PlanFeature } from "./rules.ts";

/** Where a refused person can upgrade (the web app's upgrade page). */
export const UPGRADE_PATH = "/home/upgrade";

/** What each feature is called when a refusal names it. */
const FEATURE_NAMES: Record<PlanFeature, string> = {
  filters: "feed filters",
  chatBot: "the chat bot",
  themedLists: "themed lists",
  advancedDigests: "advanced digests",
  bot: "the Slack/Discord bot",
  teamBot: "the advanced Slack/Discord bot",
};

/**
 * The refusal for a feature the person's plan lacks: 403 `plan_required`, naming the feature,
 * the first plan that includes it and where to upgrade, so every page can show the same link.
 */
export function planRequired(feature: PlanFeature): VisibleError {
  const plan = cheapestPlanWith(feature);
  return forbidden(`Upgrade to ${PLAN_LIMITS[plan].label} for ${FEATURE_NAMES[feature]}.`, "plan_required", {
    feature,
    plan,
    upgrade: UPGRADE_PATH,
  });
}

/** Throws `planRequired` unless the plan includes the feature. */
export function requireFeature(plan: Plan, feature: PlanFeature): void {
  if (!planIncludes(plan, feature)) throw planRequired(feature);
}
