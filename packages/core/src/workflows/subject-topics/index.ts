import * as Articles from "../../modules/articles/index.ts";
import * as Sources from "../../modules/sources/index.ts";
import * as Topics from "../../modules/topics/index.ts";
import { topTopicsBySubject } from "./rules.ts";

/** How far back the articles counted for a subject's topics go. */
export const SUBJECT_TOPICS_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** The newest postings of a phrase read at most (a phrase in more articles than this is counted as this many). */
const POSTINGS_PER_PHRASE = 2000;
/** Phrases whose postings are read (and held) at once. */
const PHRASES_PER_READ = 200;

/**
 * The subject-topics job: writes each source's subject from the catalogue, then counts, per
 * subject, the topic phrases its sources' articles of the last week matched (from the phrases'
 * postings) and stores the top few per subject in the subjects item.
 */
export async function countSubjectTopics(now = Date.now()): Promise<{ subjects: number; phrases: number }> {
  const subjectOf = await Sources.Subjects.refreshIndex(now);
  const phrases = subjectOf.size > 0 ? await Topics.matchedPhrases() : [];
  const postings: Articles.Posting[] = [];
  for (let i = 0; i < phrases.length; i += PHRASES_PER_READ) {
    const read = await Articles.postingsFor(
      phrases.slice(i, i + PHRASES_PER_READ),
      now - SUBJECT_TOPICS_WINDOW_MS,
      POSTINGS_PER_PHRASE,
      now,
    );
    for (const list of read.values()) for (const p of list) if (subjectOf.has(p.sourceId)) postings.push(p);
  }
  const top = topTopicsBySubject(postings, subjectOf);
  await Sources.Subjects.recordTopTopics(top, now);
  return { subjects: Object.keys(top).length, phrases: phrases.length };
}
