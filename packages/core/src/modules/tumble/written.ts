/** The list a person writes: read, replaced whole (the page's editor), or added to one term at a time. */
import { conditionally, getTogether, itemRead } from "../../adapters/dynamo/index.ts";
import { badRequest, UnavailableError } from "../../lib/errors/index.ts";
import { requireFeature } from "../../lib/plans/index.ts";
import * as Users from "../users/index.ts";
import { checkTerms, TERM_PROBLEM_MESSAGES, TUMBLE_LIMITS, TUMBLE_MESSAGES } from "./rules.ts";
import { WrittenListEntity, type WrittenList } from "./written-list.entity.ts";

/** An add that lost a race with another change of the list is tried again this often. */
const ATTEMPTS = 4;

/** The written list as the page shows it: the terms in order, and the limits it states. */
export interface WrittenListView {
  terms: string[];
  maxTerms: number;
  maxLength: number;
}

const view = (terms: string[]): WrittenListView => ({
  terms,
  maxTerms: TUMBLE_LIMITS.maxTerms,
  maxLength: TUMBLE_LIMITS.maxLength,
});

/** The written list's terms as a read for `getTogether` (none written: empty). */
export const writtenTermsRead = (userId: string) =>
  itemRead<WrittenList, "terms", string[]>(WrittenListEntity, { userId }, ["terms"], (item) => item?.terms ?? [], {
    consistent: true,
  });

async function stored(userId: string) {
  const { data } = await WrittenListEntity.get({ userId }).go({ consistent: true });
  return { terms: data?.terms ?? [], keys: new Set(data?.keys ?? []), count: data?.count ?? 0 };
}

/**
 * The person's plan must include themed lists to read or change their written list: a plan
 * without them keeps the list untouched (a later upgrade finds it as it was) and refuses it.
 */
async function requireThemedLists(userId: string): Promise<void> {
  requireFeature((await getTogether({ plan: Users.planRead(userId) })).plan ?? "free", "themedLists");
}

/** The written list, with the plan read in the same request. */
export async function readWritten(userId: string): Promise<WrittenListView> {
  const read = await getTogether({ plan: Users.planRead(userId), terms: writtenTermsRead(userId) });
  requireFeature(read.plan ?? "free", "themedLists");
  return view(read.terms);
}

/** The terms checked, or the refusal of the first bad one (its place and what is wrong) or of too many. */
function checked(raw: readonly string[]): string[] {
  const { terms, problem, tooMany } = checkTerms(raw);
  if (problem) {
    throw badRequest(TERM_PROBLEM_MESSAGES[problem.code], problem.code, { index: problem.index, term: problem.term });
  }
  if (tooMany) throw badRequest(TUMBLE_MESSAGES.tooMany, "limit_reached", { maxTerms: TUMBLE_LIMITS.maxTerms });
  return terms;
}

/**
 * Replaces the written list with `raw` (cleaned, duplicates ignoring case dropped): one put of
 * the whole item, so parallel replacements leave one of them whole. A refusal changes nothing.
 */
export async function replaceWritten(userId: string, raw: readonly string[]): Promise<WrittenListView> {
  await requireThemedLists(userId);
  const terms = checked(raw);
  if (terms.length === 0) {
    await WrittenListEntity.delete({ userId }).go();
    return view([]);
  }
  const keys = terms.map((t) => t.toLocaleLowerCase("en"));
  await WrittenListEntity.put({ userId, terms, keys, count: terms.length, changedAt: Date.now() }).go({
    response: "none",
  });
  return view(terms);
}

/**
 * Adds one term at the end of the written list. One conditional update adds it on condition
 * that the list is under its limit and holds no term of the same key, so parallel adds never
 * pass the limit (a list not written yet is created by a put on condition it still is not). A
 * term there already changes nothing; a refusal changes nothing.
 */
export async function addWritten(userId: string, raw: string): Promise<WrittenListView> {
  await requireThemedLists(userId);
  const [term] = checked([raw]);
  const key = term!.toLocaleLowerCase("en");
  const limit: number = TUMBLE_LIMITS.maxTerms;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const added =
      (await conditionally(
        WrittenListEntity.update({ userId })
          .append({ terms: [term!] })
          .add({ keys: [key], count: 1 })
          .set({ changedAt: Date.now() })
          .where(
            (attr, op) =>
              `${op.exists(attr.count)} AND ${op.lt(attr.count, limit)} AND ${op.notContains(attr.keys, key)}`,
          )
          .go({ response: "none" }),
      )) ||
      (await conditionally(
        WrittenListEntity.create({ userId, terms: [term!], keys: [key], count: 1, changedAt: Date.now() }).go({
          response: "none",
        }),
      ));
    if (added) return view((await stored(userId)).terms);
    const current = await stored(userId);
    if (current.keys.has(key)) return view(current.terms);
    if (current.count >= limit) throw badRequest(TUMBLE_MESSAGES.tooMany, "limit_reached", { maxTerms: limit });
    // Changed between the writes and the read (the list replaced meanwhile): try again.
  }
  throw new UnavailableError();
}
