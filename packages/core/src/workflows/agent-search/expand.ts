import { displayTopic, phraseKey, tokenize } from "../../lib/matching/index.ts";
import * as Sources from "../../modules/sources/index.ts";
import * as Topics from "../../modules/topics/index.ts";
import * as Vocabulary from "../../modules/vocabulary/index.ts";

/** A term the query is widened with, and where graph learned it. */
export interface Expansion {
  term: string;
  from: string;
}

/** Related terms taken from each matching topic's vocabulary at most. */
const TERMS_PER_TOPIC = 3;
/** Top topics taken from a matching catalogue subject at most. */
const TOPICS_PER_SUBJECT = 2;

/**
 * What graph has learned around a query, without asking anyone outside: the related terms of the
 * topics it names (their vocabulary, learned from trusted articles), the topic dictionary's
 * neighbours of those topics (phrases matched by the same articles), and the catalogue's subjects
 * it names (with their most matched topics). At most `max` terms, none the query itself.
 */
export async function expand(query: string, max: number, now = Date.now()): Promise<Expansion[]> {
  const own = phraseKey(query);
  const [around, subjects] = await Promise.all([Topics.neighboursOf(query, max, now), Sources.Subjects.catalogue()]);
  const topics = [...new Set([own, ...around.topics])].filter(Boolean);
  const vocabulary = await Vocabulary.strongTermsOf(topics);

  const found: Expansion[] = [];
  const seen = new Set([own]);
  const add = (term: string, from: string) => {
    const key = phraseKey(term);
    if (!key || seen.has(key)) return;
    seen.add(key);
    found.push({ term, from });
  };
  for (const topic of topics) {
    for (const strong of (vocabulary.get(topic) ?? []).slice(0, TERMS_PER_TOPIC))
      add(strong.term, `a related term of '${displayTopic(topic)}'`);
  }
  for (const { topic, via } of around.neighbours) add(topic, `often with '${displayTopic(via)}'`);
  const words = new Set(tokenize(query));
  for (const subject of subjects) {
    const named = tokenize(subject.subject).every((w) => words.has(w));
    const shared = subject.topics.some((t) => topics.includes(phraseKey(t)));
    if (!named && !shared) continue;
    if (!named) add(subject.subject, `the catalogue subject of '${displayTopic(topics[0] ?? own)}'`);
    for (const topic of subject.topics.slice(0, TOPICS_PER_SUBJECT))
      add(topic, `a topic of the subject '${subject.subject}'`);
  }
  return found.slice(0, max);
}
