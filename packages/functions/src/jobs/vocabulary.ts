import { rebuildVocabulary } from "@graph/core/workflows/related-background";

/** Scheduled: builds the background of related terms from recent trusted articles and relearns each phrase's strong terms. */
export async function handler() {
  return rebuildVocabulary();
}
