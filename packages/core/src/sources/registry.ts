import { isConditionFailure } from "../db.ts";
import type { SourceType } from "./rules.ts";
import { SourceEntity, type Source } from "./source.entity.ts";
import * as Subjects from "./subjects.ts";

/** The sources graph reads: looking them up, the ones due for a fetch, and the catalogue. */

export interface CatalogueEntry {
  sourceId: string;
  name: string;
  siteUrl: string;
  feedUrl: string;
  type: SourceType;
  /** The catalogue's subject for it (e.g. "Cricket"), shown with its articles. */
  subject?: string;
}

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

/** Sources whose next fetch is due, oldest due first (the tick reads them in pages: `takeDue`). */
export async function due(now = Date.now(), limit = 500): Promise<Source[]> {
  // `lt(now + 1)`, not `lte(now)`: on a partial sort key ElectroDB's lte leaves out the items
  // whose nextFetchAt is exactly `now` (their keys continue past the compared prefix).
  const { data } = await SourceEntity.query
    .dueForFetch({ catalogue: "sources" })
    .lt({ nextFetchAt: now + 1 })
    .go({ limit, order: "asc" });
  return data;
}

/**
 * Makes the catalogue hold `entries` (trusted sources, e.g. the deployment's defaults or the
 * local demo feeds; they may live on private addresses): missing ones are added and due at
 * once, changed ones updated in place. When any was added or changed (or the subjects were
 * never written), the catalogue's subjects are written again, so a changed subject shows at once.
 */
export async function ensureCatalogue(entries: readonly CatalogueEntry[], now = Date.now()): Promise<void> {
  if (entries.length === 0) return;
  const { data: existing } = await SourceEntity.get(entries.map(({ sourceId }) => ({ sourceId }))).go();
  const byId = new Map(existing.map((s) => [s.sourceId, s]));
  let changed = false;
  await Promise.all(
    entries.map(async (entry) => {
      const current = byId.get(entry.sourceId);
      if (!current) {
        changed = true;
        // Created by a concurrent start meanwhile: what it wrote is the same entry.
        await SourceEntity.create({ ...entry, trusted: true, origin: "catalogue", nextFetchAt: now, createdAt: now })
          .go()
          .catch((error: unknown) => {
            if (!isConditionFailure(error)) throw error;
          });
      } else if (
        current.feedUrl !== entry.feedUrl ||
        current.name !== entry.name ||
        current.siteUrl !== entry.siteUrl ||
        current.type !== entry.type ||
        current.subject !== entry.subject ||
        current.origin !== "catalogue"
      ) {
        changed = true;
        // A catalogue source stored before origins were recorded is marked as one here.
        const patch = SourceEntity.patch({ sourceId: entry.sourceId }).set({
          ...(entry.subject !== undefined && { subject: entry.subject }),
          name: entry.name,
          siteUrl: entry.siteUrl,
          feedUrl: entry.feedUrl,
          type: entry.type,
          trusted: true,
          origin: "catalogue",
          nextFetchAt: now,
        });
        // A subject the catalogue no longer gives is taken away.
        await (entry.subject === undefined && current.subject !== undefined ? patch.remove(["subject"]) : patch).go();
      }
    }),
  );
  if (changed || !(await Subjects.indexed())) await Subjects.refreshIndex(now);
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
