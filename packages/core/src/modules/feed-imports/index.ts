/**
 * Bringing feeds in and out as OPML: an import checks each feed of a file in the background
 * (the import queue's worker), adding each as the person's suggested source, with its progress
 * and each feed's result kept; an export lists the sources that feed the person.
 */
import { purgeImports } from "./imports.ts";

export {
  latestImport,
  processImport,
  readOpmlFile,
  startImport,
  type FeedImportFeedView,
  type FeedImportView,
  type ProcessOptions,
  type ProcessOutcome,
} from "./imports.ts";
export { exportOpml } from "./export.ts";
export { planFeeds, type PlannedFeed } from "./plan.ts";
export * from "./rules.ts";

/** Removes everything a deleted account has here: its imports and each feed's result. Idempotent. */
export async function purgeAccount(userId: string): Promise<void> {
  await purgeImports(userId);
}
export { personData } from "./person-data.ts";
