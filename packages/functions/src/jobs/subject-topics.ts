import { countSubjectTopics } from "@graph/core/workflows/subject-topics";
import { observedJob } from "../observed.ts";

/** Scheduled: counts the topics each catalogue subject's recent articles matched (the onboarding page offers them). */
async function run() {
  return countSubjectTopics();
}

export const handler = observedJob(run);
