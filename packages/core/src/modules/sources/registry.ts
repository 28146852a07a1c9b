import type { SourceType } from "./rules.ts";
import { SourceEntity, type Source } from "./source.entity.ts";

/** The sources graph reads: looking them up and searching them (the due ones: `fetch-plan.ts`). */

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
