import { createHash } from "node:crypto";
import { getMany } from "../../adapters/dynamo/index.ts";
import { displayTopic, phraseKey } from "../../lib/matching/index.ts";
import { articleCounts, associationsOf } from "./associations.ts";
import { BUILTIN_TOPICS } from "./builtin.ts";
import { ensureCounts } from "./counts.ts";
import { DictionaryPhraseEntity } from "./dictionary-phrase.entity.ts";
import { shardOf } from "./dictionary.ts";
import { followerSamples, followPhrases, spellings } from "./followers.ts";
import { topicIdOf } from "./ids.ts";
import { SUGGESTION_LIMITS, TOPIC_LIMITS } from "./rules.ts";
import { SkippedTopicEntity } from "./skipped-topic.entity.ts";
import {
  ASSOCIATION_LIMITS,
  builtinWhy,
  firstDayName,
  mergeOutside,
  monthOf,
  overlap,
  previousMonthOf,
  rankSuggestions,
  type PeerEvidence,
  type SeedEvidence,
} from "./suggestion-rules.ts";
import { TopicCountsEntity } from "./topic-counts.entity.ts";
import { TopicEntity } from "./topic.entity.ts";

export interface SimilarTopicsRequest {
  /** The person's topics to start from; none (or none of theirs) means all of them. */
  seedTopicIds?: string[];
  /** Topics not to answer (those the page shows or holds already). */
  excludeIds?: string[];
  limit?: number;
}

/** A topic suggested to a person: the id it would have as theirs, its name, and why. */
export interface SuggestedTopic {
  id: string;
  topic: string;
  why: string;
}

/**
 * The built-in topics by phrase, in their order, and by the id each would have as a person's
 * topic: folded when first asked for, not at import (every function that loads topics would pay).
 */
let builtins: { byPhrase: Map<string, string>; byId: Map<string, string> } | undefined;

function builtinTopics() {
  if (builtins) return builtins;
  const byPhrase = new Map(BUILTIN_TOPICS.map((topic) => [phraseKey(topic), topic]));
  builtins = { byPhrase, byId: new Map([...byPhrase].map(([phrase, topic]) => [topicIdOf(phrase), topic])) };
  return builtins;
}

/**
 * A topic suggested from outside graph's topic data (the subjects of the person's books, say),
 * with why; the strongest first. The topic is folded to a phrase here like any typed topic.
 */
export interface OutsideSuggestion {
  topic: string;
  why: string;
}

type OwnTopic = { topicId: string; topic: string; phrase: string; isSupertag: boolean; createdAt: number };

/**
 * Topics to suggest to a person, the best evidence first, from what graph already knows — never
 * by reading articles on the request:
 *
 * 1. topics that matched the same articles as the person's topics this month and last (the
 *    association data ingestion keeps, `associations.ts`), weighed so that two niche topics
 *    appearing together count more than a pairing with a topic that matches everything;
 * 2. topics of people whose topics overlap the person's (the phrases' follower samples);
 * 3. for a person the evidence has too little for (few topics, little matched yet), the
 *    built-in topics, the most followed first.
 *
 * Suggestions from `outside` (read by the caller, side by side with these reads) are merged in:
 * every third place is theirs while both last, and either fills what the other leaves.
 *
 * Never a topic the person follows, has skipped, or the request leaves out. It reads a bounded
 * number of items: the person's topics and skips, two month items and one sample per seed (at
 * most `maxSeeds`), two month items per strongest candidate (at most `recountPerSuggestion`
 * per answer), the topics of at most `peers` people, and at most one item per answer.
 */
export async function similarTopics(
  userId: string,
  request: SimilarTopicsRequest = {},
  now = Date.now(),
  outside: OutsideSuggestion[] | Promise<OutsideSuggestion[]> = [],
): Promise<SuggestedTopic[]> {
  const limit = request.limit ?? SUGGESTION_LIMITS.defaultLimit;
  const [topics, skipped, sampled, fromOutside] = await Promise.all([
    ownTopics(userId),
    skippedIds(userId),
    isSampled(userId),
    outside,
  ]);
  if (!sampled) await enrolInSamples(userId, topics, now);

  const followed = new Set(topics.map((t) => t.phrase));
  const leftOut = new Set([...(request.excludeIds ?? []), ...skipped]);
  const ids = new Map<string, string>();
  const idOf = (phrase: string) => {
    let id = ids.get(phrase);
    if (id === undefined) ids.set(phrase, (id = topicIdOf(phrase)));
    return id;
  };
  const excluded = (phrase: string) => followed.has(phrase) || leftOut.has(idOf(phrase));

  const seeds = chooseSeeds(topics, request.seedTopicIds ?? []);
  const months = [monthOf(now), previousMonthOf(now)] as const;
  const seedPhrases = seeds.map((s) => s.phrase);
  const since = firstDayName(months[1]);
  // Two reads that wait for nothing of each other's: people sharing the seeds, and the seeds'
  // associations (then the strongest candidates' own counts, read afresh: the counts kept
  // beside an association are as of when the two last met, and only those candidates keep
  // that evidence).
  const recount = Math.max(ASSOCIATION_LIMITS.minRecount, ASSOCIATION_LIMITS.recountPerSuggestion * limit);
  const [peers, { seedEvidence, fresh }] = await Promise.all([
    followerSamples(seedPhrases).then((samples) => peersOf(userId, topics, seeds, samples)),
    associationsOf(seedPhrases, [...months]).then(async (associations) => {
      const seedEvidence = seeds.map((seed) =>
        evidenceOf(seed, associations.get(seed.phrase)?.months ?? [], months[0]),
      );
      const strongest = rankSuggestions({ seeds: seedEvidence, peers: [], excluded, since })
        .slice(0, recount)
        .map((r) => r.phrase);
      return { seedEvidence, fresh: await articleCounts(strongest, [...months]) };
    }),
  ]);
  const recounted = seedEvidence.map((seed) => ({
    ...seed,
    partners: seed.partners.flatMap((p) =>
      fresh.has(p.phrase) ? [{ ...p, articles: Math.max(p.articles, fresh.get(p.phrase)!) }] : [],
    ),
  }));
  const ranked = mergeOutside(
    rankSuggestions({ seeds: recounted, peers, excluded, since }),
    outsideCandidates(fromOutside, excluded),
    limit,
  );

  const unnamed = ranked.filter((r) => !builtinTopics().byPhrase.has(r.phrase) && !r.topic).map((r) => r.phrase);
  const spelled = await spellings(unnamed);
  const answer: SuggestedTopic[] = ranked.map((r) => ({
    id: idOf(r.phrase),
    topic: builtinTopics().byPhrase.get(r.phrase) ?? r.topic ?? spelled.get(r.phrase) ?? displayTopic(r.phrase),
    why: r.why,
  }));
  if (answer.length < limit) {
    const taken = new Set(ranked.map((r) => r.phrase));
    answer.push(
      ...(await builtinSuggestions(userId, (phrase) => excluded(phrase) || taken.has(phrase), limit - answer.length)),
    );
  }
  return answer;
}

/** Outside suggestions as phrases, each once, the ones too long for a topic or left out dropped. */
function outsideCandidates(
  outside: OutsideSuggestion[],
  excluded: (phrase: string) => boolean,
): Array<{ phrase: string; topic: string; why: string }> {
  const seen = new Set<string>();
  return outside.flatMap(({ topic: raw, why }) => {
    const phrase = phraseKey(raw);
    const topic = displayTopic(raw);
    if (!phrase || seen.has(phrase) || excluded(phrase)) return [];
    if (topic.length > TOPIC_LIMITS.maxLength || phrase.split(" ").length > TOPIC_LIMITS.maxWords) return [];
    seen.add(phrase);
    return [{ phrase, topic, why }];
  });
}

/**
 * The names of topics graph could suggest to the person, by their ids: what to list for a
 * suggestion that was skipped by its id alone. They are looked for where suggestions come
 * from — the built-in topics, the person's own topics, the topics that appeared with theirs this
 * month and last, and the topics of people who share theirs — reading what a suggestion reads
 * (no more), never the whole dictionary. An id none of them gives is left out.
 */
export async function suggestionNames(
  userId: string,
  ids: readonly string[],
  now = Date.now(),
): Promise<Map<string, string>> {
  const names = new Map(
    ids.flatMap((id) => (builtinTopics().byId.has(id) ? [[id, builtinTopics().byId.get(id)!] as const] : [])),
  );
  const wanted = new Set(ids.filter((id) => !names.has(id)));
  if (wanted.size === 0) return names;
  const topics = await ownTopics(userId);
  const seeds = chooseSeeds(topics, []);
  const seedPhrases = seeds.map((s) => s.phrase);
  const [associations, peers] = await Promise.all([
    associationsOf(seedPhrases, [monthOf(now), previousMonthOf(now)]),
    followerSamples(seedPhrases).then((samples) => peersOf(userId, topics, seeds, samples)),
  ]);
  // Each phrase that could be suggested, with how people write it where that is known here.
  const written = new Map<string, string | undefined>();
  for (const { months } of associations.values()) {
    for (const month of months) for (const phrase of Object.keys(month.partners)) written.set(phrase, undefined);
  }
  for (const t of [...topics, ...peers.flatMap((p) => p.topics)]) written.set(t.phrase, t.topic);
  const found = [...written].filter(([phrase]) => wanted.has(topicIdOf(phrase)));
  const spelled = await spellings(found.flatMap(([phrase, topic]) => (topic ? [] : [phrase])));
  for (const [phrase, topic] of found) {
    names.set(topicIdOf(phrase), topic ?? spelled.get(phrase) ?? displayTopic(phrase));
  }
  return names;
}

/** The ids of the person's skipped topics. */
async function skippedIds(userId: string): Promise<Set<string>> {
  const { data } = await SkippedTopicEntity.query.byUser({ userId }).go({ pages: "all", attributes: ["topicId"] });
  return new Set(data.map((s) => s.topicId));
}

async function ownTopics(userId: string): Promise<OwnTopic[]> {
  const { data } = await TopicEntity.query.byUser({ userId }).go({
    pages: "all",
    attributes: ["topicId", "topic", "phrase", "isSupertag", "createdAt"],
  });
  return data;
}

/**
 * The seeds: the person's topics the request names (all of them if it names none of theirs),
 * supertags first, then the newest, at most `maxSeeds`.
 */
function chooseSeeds(topics: OwnTopic[], seedTopicIds: string[]): OwnTopic[] {
  const wanted = new Set(seedTopicIds);
  const named = topics.filter((t) => wanted.has(t.topicId));
  return (named.length > 0 ? named : topics)
    .sort(
      (a, b) =>
        Number(b.isSupertag) - Number(a.isSupertag) || b.createdAt - a.createdAt || (a.phrase < b.phrase ? -1 : 1),
    )
    .slice(0, ASSOCIATION_LIMITS.maxSeeds);
}

/** A seed's articles and partners summed over the months read. */
function evidenceOf(
  seed: OwnTopic,
  months: Array<{ month: string; articles: number; partners: Record<string, [number, number]> }>,
  thisMonth: string,
): SeedEvidence {
  const partners = new Map<string, { phrase: string; pair: number; pairThisMonth: number; articles: number }>();
  let articles = 0;
  for (const m of months) {
    articles += m.articles;
    for (const [phrase, [pair, theirs]] of Object.entries(m.partners)) {
      let p = partners.get(phrase);
      if (!p) partners.set(phrase, (p = { phrase, pair: 0, pairThisMonth: 0, articles: 0 }));
      p.pair += pair;
      p.articles += theirs;
      if (m.month === thisMonth) p.pairThisMonth += pair;
    }
  }
  return { topic: seed.topic, articles, partners: [...partners.values()] };
}

/**
 * People who follow the seeds (from the samples), the most seeds in common first, at most
 * `peers` of them, with their actual topics and how much those overlap the person's.
 */
async function peersOf(
  userId: string,
  topics: OwnTopic[],
  seeds: OwnTopic[],
  samples: Map<string, string[]>,
): Promise<PeerEvidence[]> {
  const common = new Map<string, number>();
  for (const seed of seeds) {
    for (const other of samples.get(seed.phrase) ?? []) {
      if (other !== userId) common.set(other, (common.get(other) ?? 0) + 1);
    }
  }
  const chosen = [...common]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, ASSOCIATION_LIMITS.peers)
    .map(([other]) => other);
  const mine = new Map(topics.map((t) => [t.phrase, t.topic]));
  const lists = await Promise.all(
    chosen.map((other) =>
      TopicEntity.query.byUser({ userId: other }).go({ pages: "all", attributes: ["phrase", "topic"] }),
    ),
  );
  return lists.map(({ data }) => {
    const shared = data.flatMap((t) => (mine.has(t.phrase) ? [mine.get(t.phrase)!] : []));
    return {
      similarity: overlap(shared.length, data.length, topics.length),
      shared,
      topics: data.map((t) => ({ phrase: t.phrase, topic: t.topic })),
    };
  });
}

/** Built-in topics left to suggest, the most followed first (then in an order of the person's own). */
async function builtinSuggestions(
  userId: string,
  excluded: (phrase: string) => boolean,
  count: number,
): Promise<SuggestedTopic[]> {
  const candidates = [...builtinTopics().byPhrase.keys()].filter((phrase) => !excluded(phrase));
  if (candidates.length === 0 || count <= 0) return [];
  const entries = await getMany<{ phrase: string; followers?: number }>(
    DictionaryPhraseEntity,
    candidates.map((phrase) => ({ shard: shardOf(phrase), phrase })),
    ["phrase", "followers"],
  );
  const followers = new Map(entries.map((e) => [e.phrase, Math.max(0, e.followers ?? 0)]));
  const order = (phrase: string) => createHash("md5").update(`${userId}\u0000${phrase}`).digest().readUInt32BE(0);
  return candidates
    .map((phrase) => ({ phrase, followers: followers.get(phrase) ?? 0, order: order(phrase) }))
    .sort((a, b) => b.followers - a.followers || a.order - b.order)
    .slice(0, count)
    .map(({ phrase, followers }) => ({
      id: topicIdOf(phrase),
      topic: builtinTopics().byPhrase.get(phrase)!,
      why: builtinWhy(followers),
    }));
}

/** Whether the person's topics are in the follower samples (see `enrolInSamples`). */
async function isSampled(userId: string): Promise<boolean> {
  const { data } = await TopicCountsEntity.get({ userId }).go({ attributes: ["sampledAt"] });
  return data?.sampledAt !== undefined;
}

/**
 * Enters the person's topics in the follower samples once, for topics added before the samples
 * were kept (every later add and remove keeps them itself).
 */
async function enrolInSamples(userId: string, topics: OwnTopic[], now: number): Promise<void> {
  if (topics.length === 0) return;
  await followPhrases(userId, topics);
  await ensureCounts(userId);
  await TopicCountsEntity.patch({ userId }).set({ sampledAt: now }).go({ response: "none" });
}
