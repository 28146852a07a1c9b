import { Link } from "react-router-dom";
import { PLAN_LIMITS, cheapestPlanWith, planIncludes, type PlanFeature } from "@graph/core/lib/plans/rules";
import { ApiError } from "../../lib/api.ts";
import { useAuth } from "../../lib/session.tsx";
import "./upgrade.css";

/** The upgrade page, where every "plan_required" refusal points. */
export const UPGRADE_PAGE = "/home/upgrade";

/** Whether the signed-in person's plan includes a feature (false while the session loads). */
export function usePlanIncludes(feature: PlanFeature): boolean {
  const { plan } = useAuth();
  return plan !== null && planIncludes(plan, feature);
}

/** The server's refusal of a feature the plan lacks (403 plan_required), or null for anything else. */
export function planRequiredOf(error: unknown): { message: string; feature: PlanFeature } | null {
  if (!(error instanceof ApiError) || error.code !== "plan_required") return null;
  return { message: error.message, feature: error.body?.feature as PlanFeature };
}

/**
 * What a page shows in place of a feature the person's plan lacks: what it is, which plan has it,
 * and the link to upgrade; never a button that does nothing.
 */
export function PlanUpgradeNote({ feature, children }: { feature: PlanFeature; children?: React.ReactNode }) {
  const plan = PLAN_LIMITS[cheapestPlanWith(feature)].label;
  return (
    <p className="plan__note plan__note--upgrade" data-testid={`plan-required-${feature}`}>
      {children ?? <>this is part of the {plan} plan.</>}{" "}
      <Link to={UPGRADE_PAGE} data-testid="upgrade-link">
        upgrade to {plan}
      </Link>
    </p>
  );
}
