import * as Articles from "../articles/index.ts";
import * as Sources from "../sources/index.ts";
import type { FeedPick } from "./picks.ts";

/** Another source's copy of a picked story, in the wire shape of `FeedArticle.alsoCoveredBy`. */
export interface CoveredBy {
  source_name: string;
  source_id: string;
  link: string;
}

/**
 * The other sources that carried each pick's story, by pick id (picks with none left out), from
 * the picks' coverage as read now (a second, rare read for a pick displaced since by its
 * publisher's own copy, whose copies moved to that copy). Never the pick's own source, a source
 * the person silenced, or an untrusted source the person did not suggest (it reaches only those
 * who suggested it: read here unless the caller has them at hand).
 */
export async function coveredByOf(
  userId: string,
  picks: Pick<FeedPick, "id" | "sourceId">[],
  silenced: Set<string>,
  coverage: Map<string, Articles.Coverage>,
  unreachedAtHand?: Set<string>,
): Promise<Map<string, CoveredBy[]>> {
  const displaced = picks.flatMap((p) => coverage.get(p.id)?.duplicateOf ?? []);
  const originals = displaced.length > 0 ? await Articles.coverageOf(displaced) : new Map<string, Articles.Coverage>();
  const candidates = new Map<string, Articles.Cover[]>();
  for (const pick of picks) {
    const own = coverage.get(pick.id);
    if (!own) continue;
    const original = own.duplicateOf ? originals.get(own.duplicateOf) : undefined;
    const covers = original ? [original, ...original.coveredBy] : own.coveredBy;
    const others = covers.filter((c) => c.sourceId !== pick.sourceId && !silenced.has(c.sourceId));
    if (others.length > 0) candidates.set(pick.id, others);
  }
  if (candidates.size === 0) return new Map();
  const unreached = unreachedAtHand ?? (await Sources.untrustedNotSuggestedBy(userId));
  const answer = new Map<string, CoveredBy[]>();
  for (const [id, covers] of candidates) {
    const seen = new Set<string>();
    const named = covers.flatMap((c) => {
      if (unreached.has(c.sourceId) || seen.has(c.sourceId)) return [];
      seen.add(c.sourceId);
      return [{ source_name: c.sourceName, source_id: c.sourceId, link: c.link }];
    });
    if (named.length > 0) answer.set(id, named);
  }
  return answer;
}
