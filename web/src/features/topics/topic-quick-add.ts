/** The settings page's quick add: comma-separated terms typed into one field. */
import { phraseKey } from "@graph/core/lib/matching/rules";
import { MESSAGES, TOPIC_LIMITS } from "@graph/core/modules/topics/rules";
import { parseTopics, topicsProblem } from "./topic-list.ts";

export interface QuickAddPlan {
  /** What would be sent: each term capitalised, the person's own topics and repeats left out. */
  topics: string[];
  /** Terms the person already has (as they are shown in their list). */
  known: string[];
  /** Why the server would refuse them, in its words; null when it would not. */
  problem: string | null;
}

/**
 * What a quick-add draft would add to `existing` (the names of the person's topics). Terms are
 * split on commas (and line breaks) and normalised like the topics of onboarding ('rust lang' →
 * 'Rust Lang'); a topic the person has is not sent again, told apart as the server tells topics
 * apart (by `phraseKey`: case, accents and plurals aside, so 'kelp forest' is 'Kelp Forests').
 */
export function planQuickAdd(draft: string, existing: readonly string[]): QuickAddPlan {
  const have = new Map(existing.map((name) => [phraseKey(name), name]));
  const topics: string[] = [];
  const known: string[] = [];
  for (const topic of parseTopics(draft)) {
    const mine = have.get(phraseKey(topic));
    if (mine === undefined) topics.push(topic);
    else known.push(mine);
  }
  const problem =
    topicsProblem(topics) ?? (existing.length + topics.length > TOPIC_LIMITS.maxTopics ? MESSAGES.tooMany : null);
  return { topics, known, problem };
}

/** Enter sends the draft; Shift+Enter starts a new line, and Enter that ends an IME composition does neither. */
export function isSubmitKey(event: { key: string; shiftKey: boolean; isComposing?: boolean }): boolean {
  return event.key === "Enter" && !event.shiftKey && event.isComposing !== true;
}
