import { rebuildVocabulary } from "@graph/core/ingestion";

/** Scheduled: builds the background of related terms from recent trusted articles and relearns each phrase's strong terms. */
export async function handler() {
  return rebuildVocabulary();
}
