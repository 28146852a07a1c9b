import { rebuildVocabulary } from "@graph/core/workflows/related-background";
import { observedJob } from "../observed.ts";

/** Scheduled: builds the background of related terms from recent trusted articles and relearns each phrase's strong terms. */
async function run() {
  return rebuildVocabulary();
}

export const handler = observedJob(run);
