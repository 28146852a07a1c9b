import type { Plan } from "../../lib/plans/index.ts";
import * as Sources from "../sources/index.ts";
import { bySource, filtersOf, planIncludesFilters, type FeedFilters, type StoredFilters } from "./filters.ts";

/**
 * The filters that apply to a person on `plan` (see `filtersOf`), with the catalogue's source
 * facts read (one get) only when they leave countries or subjects out and the plan applies them.
 */
export async function applying(stored: StoredFilters, plan: Plan): Promise<FeedFilters> {
  const facts = bySource(stored) && planIncludesFilters(plan) ? await Sources.Subjects.facts() : undefined;
  return filtersOf(stored, plan, facts);
}
