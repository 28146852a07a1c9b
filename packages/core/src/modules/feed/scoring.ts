import type { Posting } from "../articles/index.ts";
import { tokenize } from "../../lib/matching/index.ts";
import type { Topic } from "../topics/index.ts";
import { PICKS_GROUP } from "./rules.ts";

/**
 * The feed engine's judgement, with no I/O: how much each article matters to a person, and
 * which of them a refresh shows. Seen marks are looked up through a function the caller passes.
 */

/** Candidates checked against the person's seen marks at most, best first. */
export const SEEN_CHECK_LIMIT = 600;
/** Each round of the seen check reads this many candidates per article still wanted. */
const SEEN_ROUND_FACTOR = 3;
/** Each further pick from a source already picked counts for this much less. */
const SOURCE_REPEAT_PENALTY = 0.6;
const MAX_PER_SUPERTAG = 5;
/** Topics a pick names as why it matched, at most. */
export const MAX_KEYWORDS = 5;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface Candidate {
  articleId: string;
  sourceId: string;
  publishedAt: number;
  score: number;
  /** Matched topics with their contribution, best first once scored (`via`: matched through those related terms). */
  topics: Array<{ topic: Topic; weight: number; via?: string[] }>;
}

export interface Chosen {
  candidate: Candidate;
  /** `picks`, or the supertag whose group it belongs to. */
  group: string;
}

/** A topic matched through its related terms counts this much of a match by name in the body. */
export const RELATED_FACTOR = 0.5;

/**
 * Scores each article the postings name: matched topics, supertags counting double, title
 * above body, a topic named above one matched through its related terms, rare topics above
 * common ones, and fresh articles above old (a half-life that follows the plan's window: a
 * quarter of it, from 6 hours to a week).
 */
export function scoreCandidates(
  postings: Iterable<Posting>,
  topics: Topic[],
  rarity: Map<string, number>,
  now: number,
  coverageMs: number,
): Candidate[] {
  const byPhrase = new Map(topics.map((t) => [t.phrase, t]));
  const halfLifeHours = Math.min(
    7 * 24,
    Math.max(6, (Number.isFinite(coverageMs) ? coverageMs : 30 * DAY_MS) / 4 / HOUR_MS),
  );
  const candidates = new Map<string, Candidate>();
  for (const posting of postings) {
    const topic = byPhrase.get(posting.phrase);
    if (!topic) continue;
    const weight =
      (topic.isSupertag ? 2 : 1) *
      (posting.inTitle ? 2 : 1) *
      (posting.via ? RELATED_FACTOR : 1) *
      (0.5 + (rarity.get(posting.phrase) ?? 1)) *
      (1 + 0.1 * Math.min(5, Math.max(0, posting.titleCount + posting.bodyCount - 1)));
    const candidate = candidates.get(posting.articleId) ?? {
      articleId: posting.articleId,
      sourceId: posting.sourceId,
      publishedAt: posting.publishedAt,
      score: 0,
      topics: [],
    };
    candidate.topics.push(posting.via ? { topic, weight, via: posting.via } : { topic, weight });
    candidates.set(posting.articleId, candidate);
  }
  for (const candidate of candidates.values()) {
    const ageHours = Math.max(0, (now - candidate.publishedAt) / HOUR_MS);
    const freshness = 0.5 ** (ageHours / halfLifeHours);
    candidate.topics.sort((a, b) => b.weight - a.weight);
    candidate.score = candidate.topics.reduce((sum, t) => sum + t.weight, 0) * (0.3 + 0.7 * freshness);
  }
  return [...candidates.values()];
}

/** The candidates a refresh may show, best first, as many as the seen check looks at. */
export function eligible(candidates: Candidate[], excluded: (candidate: Candidate) => boolean): Candidate[] {
  return candidates
    .filter((c) => !excluded(c))
    .sort((a, b) => b.score - a.score)
    .slice(0, SEEN_CHECK_LIMIT);
}

/** The person's supertags in the order their groups are shown. */
export const supertagsOf = (topics: Topic[]) =>
  topics.filter((t) => t.isSupertag).sort((a, b) => a.topic.localeCompare(b.topic));

/** The topics a pick names as why it matched, best first. */
export const keywordsOf = (candidate: Candidate) => candidate.topics.slice(0, MAX_KEYWORDS).map((t) => t.topic.topic);

/** Of the topics a pick names, those matched through related terms, with the terms: `{ via }`, or nothing. */
export function viaOf(candidate: Candidate): { via?: Array<{ topic: string; terms: string[] }> } {
  const via = candidate.topics
    .slice(0, MAX_KEYWORDS)
    .flatMap((t) => (t.via ? [{ topic: t.topic.topic, terms: t.via }] : []));
  return via.length > 0 ? { via } : {};
}

/**
 * `via` spelt as the article writes its terms: related terms are folded tokens ('pod' for
 * "pods"), and a chip should read the article's own word. A term the article does not hold
 * as a word keeps its folded spelling.
 */
export function spelledVia<V extends { via?: Array<{ topic: string; terms: string[] }> }>(
  found: V,
  article: { title: string; summary: string; language?: string | undefined },
): V {
  if (!found.via) return found;
  const written = new Map<string, string>();
  for (const text of [article.title, article.summary]) {
    const options = article.language ? { language: article.language } : {};
    const folded = tokenize(text, options);
    const asWritten = tokenize(text, { ...options, foldPlurals: false });
    folded.forEach((token, i) => {
      if (!written.has(token)) written.set(token, asWritten[i] ?? token);
    });
  }
  return { ...found, via: found.via.map((v) => ({ ...v, terms: v.terms.map((t) => written.get(t) ?? t) })) };
}

/**
 * How many of a choice's `budget` each supertag's group may take before the other topics get
 * any: starred topics share the session's posts first (even on the free plan's 14 a session),
 * each up to MAX_PER_SUPERTAG, so a few ordinary picks remain when a person stars many.
 */
export function supertagShare(budget: number, supertags: number): number {
  if (supertags === 0 || budget <= 0) return 0;
  return Math.min(MAX_PER_SUPERTAG, Math.ceil(budget / supertags));
}

/**
 * Chooses up to `budget` of the best eligible candidates the person has not seen: first up to
 * `supertagShare` per supertag (its own group), then the best of the rest (picks). Seen marks
 * are checked in rounds, best candidates first, only as far down as the choice reaches — a few
 * dozen reads where checking every candidate would take hundreds.
 */
export async function chooseUnseen(
  eligibleCandidates: Candidate[],
  supertags: Topic[],
  budget: number,
  seenAmong: (articleIds: string[]) => Promise<Set<string>>,
): Promise<Chosen[]> {
  const perSupertag = supertagShare(budget, supertags.length);
  const seen = new Map<string, boolean>();
  for (let round = 1; ; round++) {
    // The best of all, and the best of each supertag (its group draws from further down).
    const wanted = new Set(
      eligibleCandidates.slice(0, round * SEEN_ROUND_FACTOR * Math.max(1, budget)).map((c) => c.articleId),
    );
    for (const supertag of supertags) {
      eligibleCandidates
        .filter((c) => c.topics.some((t) => t.topic.topicId === supertag.topicId))
        .slice(0, round * SEEN_ROUND_FACTOR * Math.max(1, perSupertag))
        .forEach((c) => wanted.add(c.articleId));
    }
    const unchecked = [...wanted].filter((id) => !seen.has(id));
    const found = await seenAmong(unchecked);
    for (const id of unchecked) seen.set(id, found.has(id));
    const unseen = eligibleCandidates.filter((c) => seen.get(c.articleId) === false);
    const chosen = choose(unseen, supertags, perSupertag, budget);
    if (chosen.length >= budget || seen.size >= eligibleCandidates.length) return chosen;
  }
}

/** Up to `perSupertag` for each supertag's group, then the best of the rest as picks. */
export function choose(unseen: Candidate[], supertags: Topic[], perSupertag: number, budget: number): Chosen[] {
  const chosen: Chosen[] = [];
  const taken = new Set<string>();
  for (const supertag of supertags) {
    const pool = unseen.filter(
      (c) => !taken.has(c.articleId) && c.topics.some((t) => t.topic.topicId === supertag.topicId),
    );
    for (const candidate of diversePicks(pool, Math.min(perSupertag, budget - chosen.length))) {
      chosen.push({ candidate, group: supertag.topic });
      taken.add(candidate.articleId);
    }
  }
  const rest = unseen.filter((c) => !taken.has(c.articleId));
  for (const candidate of diversePicks(rest, budget - chosen.length)) chosen.push({ candidate, group: PICKS_GROUP });
  return chosen;
}

/** The best `count` candidates, each further pick from an already picked source discounted. */
export function diversePicks<C extends { score: number; sourceId: string }>(pool: C[], count: number): C[] {
  const picked: C[] = [];
  const perSource = new Map<string, number>();
  const remaining = [...pool];
  while (picked.length < count && remaining.length > 0) {
    let best = 0;
    let bestScore = -1;
    for (let i = 0; i < remaining.length; i++) {
      const c = remaining[i]!;
      const effective = c.score * SOURCE_REPEAT_PENALTY ** (perSource.get(c.sourceId) ?? 0);
      if (effective > bestScore) {
        bestScore = effective;
        best = i;
      }
    }
    const [choice] = remaining.splice(best, 1);
    picked.push(choice!);
    perSource.set(choice!.sourceId, (perSource.get(choice!.sourceId) ?? 0) + 1);
  }
  return picked;
}
