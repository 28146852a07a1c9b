import * as Articles from "../articles/index.ts";
import * as Mutes from "../mutes/index.ts";
import type { MuteMatcher } from "../mutes/index.ts";
import * as Seen from "./seen.ts";

/**
 * What a refresh (or the digest) leaves out of its choice: the articles the person has seen,
 * and those their muted words hide. Both are answered by this one exclusion function, which the
 * choice calls in rounds (see `chooseUnseen`), so a muted article never takes a place the plan's
 * posts a day would give an article shown. Articles are read (title, summary, language) only
 * when the person mutes something.
 */
export function seenOrMutedAmong(userId: string, muted: MuteMatcher) {
  return async (ids: string[]): Promise<Set<string>> => {
    const [seen, hidden] = await Promise.all([Seen.seenAmong(userId, ids), mutedIds(muted, ids)]);
    for (const id of hidden) seen.add(id);
    return seen;
  };
}

async function mutedIds(muted: MuteMatcher, ids: string[]): Promise<Set<string>> {
  if (muted.size === 0 || ids.length === 0) return new Set();
  const articles = await Articles.byIds(ids);
  return Mutes.mutedAmong(muted, [...articles.values()]);
}

/** A stored pick its person's muted words hide (by its title: a session keeps no summary). */
export const isMutedPick = (muted: MuteMatcher, pick: { title: string; language?: string }) =>
  muted.size > 0 && muted.hides(pick);
