import { utcDay } from "../../adapters/dynamo/index.ts";
import { displayTopic, PhraseMatcher, phraseKey } from "../../lib/matching/index.ts";
import * as Articles from "../../modules/articles/index.ts";
import * as Sources from "../../modules/sources/index.ts";
import * as Topics from "../../modules/topics/index.ts";
import { needsTopicCount, topTopicsBySubject, withFallbackTopics } from "./rules.ts";
import { log } from "../../lib/observability/index.ts";

/** How far back the articles counted for a subject's topics go. */
export const SUBJECT_TOPICS_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** The newest postings of a phrase read at most (a phrase in more articles than this is counted as this many). */
const POSTINGS_PER_PHRASE = 2000;
/** Phrases whose postings are read (and held) at once. */
const PHRASES_PER_READ = 200;
/** Articles read at most to find the built-in topics of the subjects no followed phrase matched. */
export const FALLBACK_ARTICLES = 5_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The subject-topics job: writes each source's subject from the catalogue, then counts, per
 * subject, the topic phrases its sources' articles of the last week matched (from the phrases'
 * postings) and stores the top few per subject in the subjects item. A subject none of the
 * followed phrases matched (every subject, on a stage nobody has followed anything on yet) gets
 * the built-in topics its recent articles name instead, so the onboarding page offers it too.
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
  const followed = topTopicsBySubject(postings, subjectOf);
  const unmatched = new Set([...subjectOf.values()].filter((subject) => !(followed[subject]?.length ?? 0)));
  const builtin = unmatched.size > 0 ? await builtinTopics(subjectOf, unmatched, now) : {};
  const top = withFallbackTopics(followed, builtin);
  await Sources.Subjects.recordTopTopics(top, now);
  return { subjects: Object.keys(top).length, phrases: phrases.length };
}

/**
 * The built-in topics the `subjects`' recent articles name, counted per subject: the articles of
 * the window read day by day, newest first, up to FALLBACK_ARTICLES of those subjects, matched
 * against the built-in list (the postings hold only phrases someone follows).
 */
async function builtinTopics(subjectOf: ReadonlyMap<string, string>, subjects: ReadonlySet<string>, now: number) {
  const matcher = new PhraseMatcher();
  for (const topic of Topics.BUILTIN_TOPICS) matcher.add(topic);
  const since = now - SUBJECT_TOPICS_WINDOW_MS;
  const named: Array<{ phrase: string; articleId: string; sourceId: string }> = [];
  let read = 0;
  for (let back = 0; back * DAY_MS <= SUBJECT_TOPICS_WINDOW_MS && read < FALLBACK_ARTICLES; back++) {
    const articles = await Articles.originalsOfDay(utcDay(now - back * DAY_MS));
    for (const article of articles) {
      const subject = subjectOf.get(article.sourceId);
      if (!subject || !subjects.has(subject) || article.publishedAt < since) continue;
      if (read++ >= FALLBACK_ARTICLES) break;
      const matches = matcher.matchArticle({ title: article.title, body: article.summary, language: article.language });
      for (const { phrase } of matches)
        named.push({ phrase, articleId: article.articleId, sourceId: article.sourceId });
    }
  }
  // Shown as the list spells them ("Exoplanets"), not as their matched form ("Exoplanet").
  const spelling = new Map(Topics.BUILTIN_TOPICS.map((topic) => [displayTopic(phraseKey(topic)), topic]));
  const top = topTopicsBySubject(named, subjectOf);
  for (const topics of Object.values(top)) {
    for (const entry of topics) entry.topic = spelling.get(entry.topic) ?? entry.topic;
  }
  return top;
}

/**
 * The subjects as the onboarding page offers them. When there are subjects and none has topics
 * yet (a new stage, before the hourly count found any), it asks for a count now — once, however
 * many pages ask at the same time — so the page's next read has them.
 */
export async function offeredSubjects(now = Date.now()): Promise<Sources.Subjects.CatalogueSubject[]> {
  const subjects = await Sources.Subjects.catalogue();
  if (needsTopicCount(subjects)) {
    // A failed request does not fail the answer: the page reads the subjects again, and asks again.
    await Sources.Subjects.requestTopicCount(now).catch((error: unknown) =>
      log.error("subjects: asking for a topic count failed", { error }),
    );
  }
  return subjects;
}
