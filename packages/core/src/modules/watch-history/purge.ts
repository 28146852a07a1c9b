import { purgeImports } from "./imports.ts";
import { purgeVideos } from "./videos.ts";

/**
 * Removes everything a deleted account has here: its kept videos (and their share of the
 * holders), its imports' records and every file it uploaded. Idempotent.
 */
export async function purgeAccount(userId: string): Promise<void> {
  await purgeVideos(userId);
  await purgeImports(userId);
}
