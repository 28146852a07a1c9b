/** The ingestion workflows' pure rules (no I/O): counting the topics each subject's articles matched. */
import { displayTopic } from "../../lib/matching/rules.ts";

/** Topics kept per subject. */
export const TOP_TOPICS_PER_SUBJECT = 6;
/**
 * Each subject's topics, most matched first: how many different articles of the subject's
 * sources each phrase matched (ties by phrase), the top `limit` of each. Postings of sources
 * with no subject count for none.
 */
export function topTopicsBySubject(
  postings: Iterable<{ phrase: string; articleId: string; sourceId: string }>,
  subjectOf: ReadonlyMap<string, string>,
  limit = TOP_TOPICS_PER_SUBJECT,
): Record<string, Array<{ topic: string; articles: number }>> {
  const articles = new Map<string, Map<string, Set<string>>>();
  for (const { phrase, articleId, sourceId } of postings) {
    const subject = subjectOf.get(sourceId);
    if (!subject) continue;
    let phrases = articles.get(subject);
    if (!phrases) articles.set(subject, (phrases = new Map()));
    let ids = phrases.get(phrase);
    if (!ids) phrases.set(phrase, (ids = new Set()));
    ids.add(articleId);
  }
  const top: Record<string, Array<{ topic: string; articles: number }>> = {};
  for (const [subject, phrases] of articles) {
    top[subject] = [...phrases]
      .map(([phrase, ids]) => ({ phrase, articles: ids.size }))
      .sort((a, b) => b.articles - a.articles || (a.phrase < b.phrase ? -1 : a.phrase > b.phrase ? 1 : 0))
      .slice(0, limit)
      .map(({ phrase, articles }) => ({ topic: displayTopic(phrase), articles }));
  }
  return top;
}

/**
 * Each subject's topics from the phrases people follow, and for a subject they gave none, the
 * built-in topics its articles named instead (those the followed phrases found come first:
 * they are what people here are into).
 */
export function withFallbackTopics<T>(followed: Record<string, T[]>, fallback: Record<string, T[]>): Record<string, T[]> {
  const top: Record<string, T[]> = { ...fallback };
  for (const [subject, topics] of Object.entries(followed)) if (topics.length > 0) top[subject] = topics;
  return top;
}

/** Whether the onboarding page's subjects need counting now: there are some, and none has a topic. */
export const needsTopicCount = (subjects: ReadonlyArray<{ topics: readonly unknown[] }>): boolean =>
  subjects.length > 0 && subjects.every((subject) => subject.topics.length === 0);
