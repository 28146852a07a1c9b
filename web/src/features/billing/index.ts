/** Where checkout returns: the upgrade's confirmation, shown above whatever page it returns to. */
export { UpgradeConfirmation } from "./UpgradeConfirmation.tsx";
/** What a page shows for a feature the plan lacks, and how it reads a server's refusal. */
export { PlanUpgradeNote, planRequiredOf, usePlanIncludes, UPGRADE_PAGE } from "./PlanRequired.tsx";
/** How the plans page words a plan's coverage, for pages that say how far back they reached. */
export { coverageText } from "./plan-rows.ts";
