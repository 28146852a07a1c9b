import * as FeedImports from "../../modules/feed-imports/index.ts";
import { reindexSource } from "../source-trust/index.ts";

/**
 * Checking an OPML import's feeds (the import queue's `opml` job): see `FeedImports.processImport`.
 * A feed that makes a source trusted (its importer the last suggester it needed) sends its articles to search.
 */
export function checkFeedImport(
  userId: string,
  importId: string,
  options: Omit<FeedImports.ProcessOptions, "onTrusted">,
): Promise<FeedImports.ProcessOutcome> {
  return FeedImports.processImport(userId, importId, { ...options, onTrusted: reindexSource });
}
