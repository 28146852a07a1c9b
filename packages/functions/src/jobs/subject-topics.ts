import { countSubjectTopics } from "@graph/core/workflows/subject-topics";

/** Scheduled: counts the topics each catalogue subject's recent articles matched (the onboarding page offers them). */
export async function handler() {
  return countSubjectTopics();
}
