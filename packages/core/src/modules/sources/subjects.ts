import { SourceEntity } from "./source.entity.ts";
import { conditionally, itemRead } from "../../adapters/dynamo/index.ts";
import { IngestQueue, enqueue } from "../../adapters/queues/index.ts";
import { SubjectsEntity, type SubjectsItem } from "./subjects.entity.ts";

/**
 * The catalogue's subjects (e.g. "Cricket", "Food"), kept in one item: which subject each
 * source has (a feed shows it with the source's articles), how many sources each has, and the
 * topics its articles matched most (offered to new people as starting points).
 */

const KEY = { name: "catalogue" } as const;

/** One of a subject's top topics: a topic phrase as shown, and how many recent articles matched it. */
export interface SubjectTopic {
  topic: string;
  articles: number;
}

/** A subject as the onboarding page offers it. */
export interface CatalogueSubject {
  subject: string;
  /** Sources the catalogue reads for it. */
  sources: number;
  /** The topics its recent articles matched most, most matched first (none while nothing matched). */
  topics: string[];
}

/**
 * Writes each source's subject (and each subject's count of sources now read) from the sources
 * as stored: after the catalogue changes, and on every run of the subject-topics job, so a
 * subject changed by any path shows by the next run. Answers source id → subject.
 */
export async function refreshIndex(now = Date.now()): Promise<Map<string, string>> {
  const { data } = await SourceEntity.query
    .dueForFetch({ catalogue: "sources" })
    .go({ pages: "all", attributes: ["sourceId", "subject", "country", "retiredAt"] });
  const sourceSubjects: Record<string, string> = {};
  const sourceCountries: Record<string, string> = {};
  const sourceCounts: Record<string, number> = {};
  for (const { sourceId, subject, country, retiredAt } of data) {
    if (sourceId && country) sourceCountries[sourceId] = country;
    if (!sourceId || !subject) continue;
    sourceSubjects[sourceId] = subject;
    if (retiredAt === undefined) sourceCounts[subject] = (sourceCounts[subject] ?? 0) + 1;
  }
  await SubjectsEntity.upsert({ ...KEY, sourceSubjects, sourceCountries, sourceCounts, sourcesAt: now }).go({
    response: "none",
  });
  return new Map(Object.entries(sourceSubjects));
}

/** Whether the subjects item has been written from the sources yet. */
export async function indexed(): Promise<boolean> {
  const { data } = await SubjectsEntity.get(KEY).go({ attributes: ["sourcesAt"] });
  return data?.sourcesAt !== undefined;
}

/**
 * Source id → subject, in one read: a read for `getTogether` (a feed reads it once, with its
 * picks' likes and copies).
 */
export const bySourceRead = () =>
  itemRead<SubjectsItem, "sourceSubjects", Map<string, string>>(
    SubjectsEntity,
    KEY,
    ["sourceSubjects"],
    (item) => new Map(Object.entries((item?.sourceSubjects ?? {}) as Record<string, string>)),
  );

/** What the feed filters know of sources: each one's subject and country (where it has them). */
export interface SourceFacts {
  subjects: Map<string, string>;
  countries: Map<string, string>;
}

/** Each source's subject and country, in one read (only for a person who leaves some out). */
export async function facts(): Promise<SourceFacts> {
  const { data } = await SubjectsEntity.get(KEY).go({ attributes: ["sourceSubjects", "sourceCountries"] });
  return {
    subjects: new Map(Object.entries((data?.sourceSubjects ?? {}) as Record<string, string>)),
    countries: new Map(Object.entries((data?.sourceCountries ?? {}) as Record<string, string>)),
  };
}

/** The countries graph's sources come from, A to Z (what a person may leave out); one read. */
export async function countries(): Promise<string[]> {
  const { data } = await SubjectsEntity.get(KEY).go({ attributes: ["sourceCountries"] });
  return [...new Set(Object.values((data?.sourceCountries ?? {}) as Record<string, string>))].sort((a, b) =>
    a.localeCompare(b),
  );
}

/** Stores each subject's top topics (the subject-topics job's count), leaving the source attributes alone. */
export async function recordTopTopics(topTopics: Record<string, SubjectTopic[]>, now = Date.now()): Promise<void> {
  await SubjectsEntity.upsert({ ...KEY, topTopics, countedAt: now }).go({ response: "none" });
}

/**
 * The subjects the catalogue reads sources for, each with its count of sources and its top
 * topics (none yet for a subject whose articles matched nothing), the most read first; one read.
 */
export async function catalogue(): Promise<CatalogueSubject[]> {
  const { data } = await SubjectsEntity.get(KEY).go({ attributes: ["sourceCounts", "topTopics"] });
  const counts = (data?.sourceCounts ?? {}) as Record<string, number>;
  const topics = (data?.topTopics ?? {}) as Record<string, SubjectTopic[]>;
  return Object.entries(counts)
    .filter(([, sources]) => sources > 0)
    .map(([subject, sources]) => ({ subject, sources, topics: (topics[subject] ?? []).map((t) => t.topic) }))
    .sort((a, b) => b.sources - a.sources || a.subject.localeCompare(b.subject));
}

/**
 * A count asked for is not asked for again within this long: longer than a count takes, so
 * counts never overlap, and short enough that one that found nothing (a stage whose first
 * articles were still arriving) is followed soon by one that finds them.
 */
export const TOPIC_COUNT_REQUEST_MS = 6 * 60 * 1000;

/**
 * Asks for the subjects' topics to be counted now, not at the job's next hour: queues the count
 * (on the ingest queue) once however many ask at the same time. The first to mark the subjects
 * item with its time (a conditional write) queues it; the others find it marked within
 * TOPIC_COUNT_REQUEST_MS and leave it. Answers whether this call queued it.
 */
export async function requestTopicCount(now = Date.now()): Promise<boolean> {
  const marked = await conditionally(
    SubjectsEntity.update(KEY)
      .set({ topicsRequestedAt: now })
      .where(
        (attr, op) =>
          `${op.notExists(attr.topicsRequestedAt)} OR ${op.lte(attr.topicsRequestedAt, now - TOPIC_COUNT_REQUEST_MS)}`,
      )
      .go({ response: "none" }),
  );
  if (!marked) return false;
  await enqueue(IngestQueue, [{ kind: "subject-topics" }]);
  return true;
}
