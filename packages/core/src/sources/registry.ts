import type { SourceType } from "./rules.ts";
import { SourceEntity, type Source } from "./source.entity.ts";

/** The sources graph reads: looking them up and the ones due for a fetch. */

export async function get(sourceId: string): Promise<Source | undefined> {
  const { data } = await SourceEntity.get({ sourceId }).go();
  return data ?? undefined;
}

export async function byIds(sourceIds: string[]): Promise<Source[]> {
  if (sourceIds.length === 0) return [];
  const { data } = await SourceEntity.get(sourceIds.map((sourceId) => ({ sourceId }))).go();
  return data;
}

/** Every source (the catalogue is thousands at most: one partition, read in pages). */
export async function all(): Promise<Source[]> {
  const { data } = await SourceEntity.query.dueForFetch({ catalogue: "sources" }).go({ pages: "all" });
  return data;
}

/** Sources whose next fetch is due, oldest due first; never a retired one. */
export async function due(now = Date.now(), limit = 500): Promise<Source[]> {
  // `lt(now + 1)`, not `lte(now)`: on a partial sort key ElectroDB's lte leaves out the items
  // whose nextFetchAt is exactly `now` (their keys continue past the compared prefix).
  // A retired source's next fetch is past any tick, but a fetch under way as it was retired
  // may have set it again: it is left out here too.
  const { data } = await SourceEntity.query
    .dueForFetch({ catalogue: "sources" })
    .lt({ nextFetchAt: now + 1 })
    .where(({ retiredAt }, { notExists }) => notExists(retiredAt))
    .go({ limit, order: "asc" });
  return data;
}

export interface SourceSearchResult {
  id: string;
  name: string;
  type: SourceType;
  siteUrl: string;
}

/** Sources whose name or site contains `query`, names starting with it first. */
export async function search(query: string, limit = 20): Promise<SourceSearchResult[]> {
  const q = query.trim().toLowerCase();
  const sources = await all();
  return sources
    .map((s) => ({ s, name: s.name.toLowerCase(), site: s.siteUrl.toLowerCase() }))
    .filter(({ name, site }) => name.includes(q) || site.includes(q))
    .sort((a, b) => Number(b.name.startsWith(q)) - Number(a.name.startsWith(q)) || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map(({ s }) => ({ id: s.sourceId, name: s.name, type: s.type, siteUrl: s.siteUrl }));
}
