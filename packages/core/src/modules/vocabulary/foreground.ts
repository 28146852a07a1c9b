import { createHash } from "node:crypto";
import { getMany, isConditionFailure } from "../../adapters/dynamo/index.ts";
import { IngestQueue, enqueue } from "../../adapters/queues/index.ts";
import { mapLimited } from "../../lib/util/index.ts";
import { currentBackground, requestBackground } from "./background.ts";
import { PhraseVocabularyEntity, VOCABULARY_SHARDS } from "./phrase-vocabulary.entity.ts";
import {
  changedMaterially,
  MIN_BACKGROUND_ARTICLES,
  MIN_FOREGROUND_ARTICLES,
  strongTerms,
  type Background,
  type Foreground,
  type StrongTerm,
} from "./significance.ts";

/** Terms counted per phrase at most: past it the rarest go (they could not become strong soon). */
export const MAX_COUNTED_TERMS = 3000;
/** Article ids remembered per phrase (the ring that makes counting idempotent). */
export const COUNTED_RING = 300;
/** Recent articles are matched again for a phrase at most this often. */
const RELATED_REQUEUE_MS = 60 * 60 * 1000;
const ATTEMPTS = 8;
const WRITE_CONCURRENCY = 8;

export const shardOf = (phrase: string) => createHash("md5").update(phrase).digest()[0]! % VOCABULARY_SHARDS;

/** An article that names phrases, with its terms (`termsOf`). */
export interface NamingArticle {
  articleId: string;
  terms: string[];
  /** The phrases it names (its direct matches). */
  phrases: string[];
}

type Stored = {
  shard: number;
  phrase: string;
  articles: number;
  counts: string;
  counted: string[];
  strong: string[];
  strongAt: number;
  relatedQueuedAt?: number;
  version: number;
};

const decodeCounts = (text: string) =>
  new Map(
    text
      .split("\n")
      .filter(Boolean)
      .map((line): [string, number] => {
        const at = line.lastIndexOf(" ");
        return [line.slice(0, at), Number(line.slice(at + 1))];
      }),
  );
const encodeCounts = (counts: Map<string, number>) => [...counts].map(([t, n]) => `${t} ${n}`).join("\n");
export const decodeStrong = (lines: string[]): StrongTerm[] =>
  lines.map((line) => {
    const at = line.lastIndexOf(" ");
    const weight = Number(line.slice(at + 1));
    return { term: line.slice(0, at), weight, score: weight };
  });
const encodeStrong = (terms: StrongTerm[]) => terms.map((t) => `${t.term} ${t.weight.toFixed(3)}`);

/** Keeps the MAX_COUNTED_TERMS most frequent terms. */
function bounded(counts: Map<string, number>): Map<string, number> {
  if (counts.size <= MAX_COUNTED_TERMS) return counts;
  return new Map([...counts].sort((a, b) => b[1] - a[1]).slice(0, MAX_COUNTED_TERMS));
}

/**
 * Counts trusted articles that name phrases into those phrases' foregrounds (one write per
 * phrase, whatever the number of articles), and finds their strong terms again. An article
 * counted before for a phrase (its id in the phrase's ring) counts nothing: a retried job, a
 * backfill of a phrase already learning, and a source trusted again change nothing. Phrases
 * whose strong terms became usable or changed materially have their recent articles queued to
 * be matched again through them (at most once per hour each). Answers those phrases.
 */
export async function learn(articles: NamingArticle[], now = Date.now()): Promise<string[]> {
  const byPhrase = new Map<string, NamingArticle[]>();
  for (const article of articles) {
    for (const phrase of new Set(article.phrases)) {
      const list = byPhrase.get(phrase);
      if (list) list.push(article);
      else byPhrase.set(phrase, [article]);
    }
  }
  if (byPhrase.size === 0) return [];
  const background = await currentBackground(now);
  const learnt = await mapLimited([...byPhrase], WRITE_CONCURRENCY, ([phrase, list]) =>
    learnPhrase(phrase, list, background, now),
  );
  const requeue = [...byPhrase.keys()].filter((_, i) => learnt[i]!.requeue);
  await queueRelated(requeue);
  // A phrase with enough articles to learn from and no background to learn against (a new stage):
  // the background is built now rather than at the next scheduled build, up to six hours away.
  if (background.articles < MIN_BACKGROUND_ARTICLES && learnt.some((l) => l.ready)) await requestBackground(now);
  return requeue;
}

/**
 * Counts a phrase's new articles and finds its strong terms again; answers whether its recent
 * articles are to be matched again, and whether it has the articles to learn from (`ready`).
 */
async function learnPhrase(
  phrase: string,
  articles: NamingArticle[],
  background: Background,
  now: number,
): Promise<{ requeue: boolean; ready: boolean }> {
  const shard = shardOf(phrase);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { data } = await PhraseVocabularyEntity.get({ shard, phrase }).go({ consistent: true });
    const stored = data;
    const seen = new Set(stored?.counted ?? []);
    const fresh = [...new Map(articles.filter((a) => !seen.has(a.articleId)).map((a) => [a.articleId, a])).values()];
    if (fresh.length === 0) return { requeue: false, ready: (stored?.articles ?? 0) >= MIN_FOREGROUND_ARTICLES };
    const counts = decodeCounts(stored?.counts ?? "");
    for (const article of fresh) {
      for (const term of new Set(article.terms)) counts.set(term, (counts.get(term) ?? 0) + 1);
    }
    const foreground: Foreground = { articles: (stored?.articles ?? 0) + fresh.length, counts: bounded(counts) };
    const next = settle(phrase, stored, foreground, background, now);
    const counted = [...(stored?.counted ?? []), ...fresh.map((a) => a.articleId)].slice(-COUNTED_RING);
    if (await write({ ...next, counts: encodeCounts(foreground.counts), counted }, stored)) {
      return { requeue: next.requeue, ready: foreground.articles >= MIN_FOREGROUND_ARTICLES };
    }
  }
  return { requeue: false, ready: false };
}

/** The item's strong terms found again, and whether recent articles are to be matched again. */
function settle(
  phrase: string,
  stored: Stored | null,
  foreground: Foreground,
  background: Background,
  now: number,
): Omit<Stored, "counts" | "counted"> & { requeue: boolean } {
  const before = stored?.strong ?? [];
  const strong = encodeStrong(strongTerms(phrase, foreground, background));
  const same = strong.length === before.length && strong.every((line, i) => line === before[i]);
  const material = changedMaterially(
    decodeStrong(before).map((t) => t.term),
    decodeStrong(strong).map((t) => t.term),
  );
  const requeue = material && now - (stored?.relatedQueuedAt ?? 0) >= RELATED_REQUEUE_MS;
  return {
    shard: shardOf(phrase),
    phrase,
    articles: foreground.articles,
    strong,
    strongAt: same ? (stored?.strongAt ?? now) : now,
    ...(requeue
      ? { relatedQueuedAt: now }
      : stored?.relatedQueuedAt
        ? { relatedQueuedAt: stored.relatedQueuedAt }
        : {}),
    version: (stored?.version ?? 0) + 1,
    requeue,
  };
}

/** Writes the item if nobody wrote it since it was read; false if somebody did. */
async function write(next: Stored & { requeue?: boolean }, stored: Stored | null): Promise<boolean> {
  const { requeue: _, ...item } = next;
  try {
    await PhraseVocabularyEntity.put(item)
      .where((attr, op) => (stored ? op.eq(attr.version, stored.version) : op.notExists(attr.version)))
      .go({ response: "none" });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Finds every learning phrase's strong terms again against a new background (the scheduled
 * job, once the background is built); answers the phrases queued to be matched again.
 */
export async function relearnAll(background: Background, now = Date.now()): Promise<string[]> {
  const shards = Array.from({ length: VOCABULARY_SHARDS }, (_, shard) => shard);
  const requeue: string[] = [];
  for (const shard of shards) {
    const { data } = await PhraseVocabularyEntity.query.byShard({ shard }).go({ pages: "all" });
    await mapLimited(data as Stored[], WRITE_CONCURRENCY, async (stored) => {
      const foreground = { articles: stored.articles, counts: decodeCounts(stored.counts) };
      const next = settle(stored.phrase, stored, foreground, background, now);
      const unchanged = next.strongAt === stored.strongAt && !next.requeue;
      // Lost a race with ingest: that writer found the terms again itself.
      if (
        !unchanged &&
        (await write({ ...next, counts: stored.counts, counted: stored.counted }, stored)) &&
        next.requeue
      )
        requeue.push(stored.phrase);
    });
  }
  await queueRelated(requeue);
  return requeue;
}

/** Queues recent articles to be matched again through these phrases' strong terms. */
async function queueRelated(phrases: string[]): Promise<void> {
  for (let i = 0; i < phrases.length; i += 50) {
    await enqueue(IngestQueue, [{ kind: "backfill", phrases: phrases.slice(i, i + 50), related: true }]);
  }
}

/**
 * The strong terms of many phrases at once, strongest first (a phrase graph learnt nothing of is
 * left out): one batch read per 100 phrases, for a read that is not on the matching path (the
 * tumble list of a person's own topics).
 */
export async function strongTermsOfMany(phrases: string[]): Promise<Map<string, string[]>> {
  const unique = [...new Set(phrases)];
  const data = await getMany<{ phrase: string; strong?: string[] }>(
    PhraseVocabularyEntity,
    unique.map((phrase) => ({ shard: shardOf(phrase), phrase })),
    ["phrase", "strong"],
  );
  return new Map(data.map((d) => [d.phrase, decodeStrong(d.strong ?? []).map((t) => t.term)]));
}

/** The strong terms of phrases as stored (for matching recent articles again through them). */
export async function strongTermsOf(phrases: string[]): Promise<Map<string, StrongTerm[]>> {
  const found = new Map<string, StrongTerm[]>();
  for (const phrase of phrases) {
    const { data } = await PhraseVocabularyEntity.get({ shard: shardOf(phrase), phrase }).go({
      attributes: ["phrase", "strong"],
    });
    if (data?.strong) found.set(phrase, decodeStrong(data.strong));
  }
  return found;
}
