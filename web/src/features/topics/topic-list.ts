/** A list of topics as a person writes it (comma-separated, as an AI chat answers), read as the server will take it. */
import { displayTopic, phraseKey } from "@graph/core/lib/matching/rules";
import { MESSAGES, TOPIC_LIMITS } from "@graph/core/modules/topics/rules";

/** Leading list markers an AI chat tends to add: `1.`, `2)`, `-`, `*`, `•`. */
const LIST_MARKER = /^(?:\d{1,3}[.)]\s+|[-*•·]\s*)/u;
/** Quotes and trailing sentence punctuation around a topic. */
const WRAPPING = /^["'“”‘’`]+|["'“”‘’`.;:!?]+$/gu;

/**
 * Topics from a comma-separated draft (line breaks also separate): trimmed, list markers and
 * wrapping quotes removed, capitalised, empty ones dropped, duplicates (ignoring case) kept once.
 */
export function parseTopics(draft: string): string[] {
  const seen = new Set<string>();
  const topics: string[] = [];
  for (const piece of draft.split(/[,\n\r]+/u)) {
    const cleaned = piece.trim().replace(LIST_MARKER, "").replace(WRAPPING, "").trim();
    const topic = displayTopic(cleaned);
    // Told apart as the server tells topics apart; a term with no letters or digits is no topic.
    const key = phraseKey(topic);
    if (key === "") continue;
    if (seen.has(key)) continue;
    seen.add(key);
    topics.push(topic);
  }
  return topics;
}

/**
 * Why the server would refuse these topics, in its own words: more than it keeps, or one longer
 * than a topic may be. Null when they are within its limits.
 */
export function topicsProblem(topics: readonly string[]): string | null {
  if (topics.length > TOPIC_LIMITS.maxTopics) return MESSAGES.tooMany;
  const tooLong = (topic: string) =>
    topic.length > TOPIC_LIMITS.maxLength || topic.split(" ").length > TOPIC_LIMITS.maxWords;
  return topics.some(tooLong) ? MESSAGES.tooLong : null;
}
