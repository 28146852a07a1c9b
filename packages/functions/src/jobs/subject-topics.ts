import { countSubjectTopics } from "@graph/core/ingestion";

/** Scheduled: counts the topics each catalogue subject's recent articles matched (the onboarding page offers them). */
export async function handler() {
  return countSubjectTopics();
}
