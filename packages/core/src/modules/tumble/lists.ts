/**
 * Which tumble-word lists a person has (by their plan, read per request) and a random term of
 * one. The built-in list is everyone's and needs no read; the themes are constants; a person's
 * topics' list and written list are read when asked for.
 */
import { getTogether } from "../../adapters/dynamo/index.ts";
import { conflict, notFound } from "../../lib/errors/index.ts";
import { planIncludes, type Plan } from "../../lib/plans/rules.ts";
import { requireFeature } from "../../lib/plans/index.ts";
import * as Topics from "../topics/index.ts";
import * as Users from "../users/index.ts";
import * as Vocabulary from "../vocabulary/index.ts";
import {
  BUILTIN_LIST,
  fixedTerms,
  isTumbleListId,
  pickTerm,
  termKey,
  TOPICS_LIST,
  TUMBLE_LIMITS,
  TUMBLE_LIST_IDS,
  TUMBLE_LIST_NAMES,
  TUMBLE_MESSAGES,
  WRITTEN_LIST,
  type TumbleListId,
} from "./rules.ts";
import { writtenTermsRead } from "./written.ts";

export interface TumbleListView {
  id: TumbleListId;
  name: string;
  kind: "builtin" | "theme" | "topics" | "written";
  /** How many terms it holds (null: not counted, as the plan does not include it). */
  terms: number | null;
  /** Whether the person's plan includes it (the others are listed so the page can show them locked). */
  included: boolean;
}

export interface TumbleListsView {
  lists: TumbleListView[];
  /** Whether the plan includes themed lists and the person's own. */
  themedLists: boolean;
}

const kindOf = (id: TumbleListId): TumbleListView["kind"] =>
  id === BUILTIN_LIST ? "builtin" : id === TOPICS_LIST ? "topics" : id === WRITTEN_LIST ? "written" : "theme";

/** A plan read with the written list's terms, in one request (a deleted account's plan is free's). */
async function planAndWritten(userId: string): Promise<{ plan: Plan; written: string[] }> {
  const read = await getTogether({ plan: Users.planRead(userId), written: writtenTermsRead(userId) });
  return { plan: read.plan ?? "free", written: read.written };
}

async function planOf(userId: string): Promise<Plan> {
  return (await getTogether({ plan: Users.planRead(userId) })).plan ?? "free";
}

/**
 * The list of a person's topics: each topic as they named it, then the related terms graph
 * learnt for them (the strongest few of each topic, taken a round at a time), duplicates ignoring
 * case dropped, at most as many as a written list holds.
 */
export async function topicTerms(userId: string): Promise<string[]> {
  const topics = await Topics.listRaw(userId);
  const related =
    topics.length === 0 ? new Map<string, string[]>() : await Vocabulary.strongTermsOfMany(topics.map((t) => t.phrase));
  const terms: string[] = [];
  const seen = new Set<string>();
  const take = (term: string) => {
    const key = termKey(term);
    if (key === "" || seen.has(key) || terms.length >= TUMBLE_LIMITS.maxTerms) return;
    seen.add(key);
    terms.push(term);
  };
  for (const topic of topics) take(topic.topic);
  for (let round = 0; round < TUMBLE_LIMITS.relatedPerTopic; round++) {
    for (const topic of topics) {
      const term = related.get(topic.phrase)?.[round];
      if (term !== undefined) take(term);
    }
  }
  return terms;
}

/** Every list, each with whether the person's plan includes it and, where included, its size. */
export async function lists(userId: string): Promise<TumbleListsView> {
  const { plan, written } = await planAndWritten(userId);
  const themedLists = planIncludes(plan, "themedLists");
  const topics = themedLists ? (await topicTerms(userId)).length : null;
  return {
    themedLists,
    lists: TUMBLE_LIST_IDS.map((id) => ({
      id,
      name: TUMBLE_LIST_NAMES[id],
      kind: kindOf(id),
      terms: fixedTerms(id)?.length ?? (id === TOPICS_LIST ? topics : written.length),
      included: id === BUILTIN_LIST || themedLists,
    })),
  };
}

/** The terms of one list, refused (403 plan_required) when the plan does not include it. */
async function termsOf(userId: string, id: TumbleListId): Promise<readonly string[]> {
  if (id === BUILTIN_LIST) return fixedTerms(id)!;
  if (id === WRITTEN_LIST) {
    const { plan, written } = await planAndWritten(userId);
    requireFeature(plan, "themedLists");
    return written;
  }
  requireFeature(await planOf(userId), "themedLists");
  return fixedTerms(id) ?? (await topicTerms(userId));
}

/**
 * A random term of a list, other than `avoid` (what the page shows now) where the list has
 * another: 404 for a list that does not exist, 403 for one the plan lacks, 409 for an empty one.
 */
export async function randomTerm(
  userId: string,
  list: string,
  avoid?: string,
): Promise<{ term: string; list: TumbleListId }> {
  if (!isTumbleListId(list)) throw notFound(TUMBLE_MESSAGES.unknownList);
  const terms = await termsOf(userId, list);
  if (terms.length === 0) throw conflict(TUMBLE_MESSAGES.listEmpty, "list_empty");
  return { term: pickTerm(terms, [avoid]), list };
}
