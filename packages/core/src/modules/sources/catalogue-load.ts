import { createHash } from "node:crypto";
import { isConditionFailure } from "../../adapters/dynamo/index.ts";
import { CatalogueVersionEntity } from "./catalogue-version.entity.ts";
import { all } from "./registry.ts";
import type { SourceType } from "./rules.ts";
import { SourceEntity, type Source } from "./source.entity.ts";
import * as Subjects from "./subjects.ts";

/** Keeping the sources in step with a catalogue: entries added, changed, retired and back. */

export interface CatalogueEntry {
  sourceId: string;
  name: string;
  siteUrl: string;
  feedUrl: string;
  type: SourceType;
  /** The catalogue's subject, e.g. "Cricket". */
  subject?: string;
  /** The country of the national list it is in. */
  country?: string;
  /** BCP 47 primary language of its articles, e.g. "en". */
  language?: string;
}

/** How long a load holds its claim: a crashed load's claim lapses after it and the next tick loads. */
export const LOAD_CLAIM_MS = 5 * 60 * 1000;
/** Writes a load has in flight at once. */
const WRITES_AT_ONCE = 25;
/** A retired source's next fetch: later than any tick. */
export const NEVER = Number.MAX_SAFE_INTEGER;
const VERSION_KEY = { name: "catalogue" } as const;

export type LoadOutcome =
  | { loaded: false; reason: "current" | "busy" }
  | { loaded: true; hash: string; added: number; updated: number; restored: number; retired: number };

type Change = "added" | "updated" | "restored" | "same";

/** The catalogue's version: a content hash of its entries, whatever their order. */
export function catalogueHash(entries: readonly CatalogueEntry[]): string {
  const rows = entries
    .map((e) => [e.sourceId, e.name, e.siteUrl, e.feedUrl, e.type, e.subject, e.country, e.language])
    .sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0));
  return createHash("sha256").update(JSON.stringify(rows)).digest("base64url");
}

/**
 * Makes the sources hold the catalogue `entries` when the loaded version differs from theirs
 * (otherwise one read): missing ones are added and due at once, changed ones updated, retired
 * ones that are back un-retired and due at once, and catalogue sources no longer listed retired
 * (never fetched again, articles kept). Suggested sources are never retired. A load claims the
 * version item with a conditional write, so loads started at once load once (the others answer
 * "busy"); a write that fails fails the load, and the next tick loads again.
 */
export async function loadCatalogue(entries: readonly CatalogueEntry[], now = Date.now()): Promise<LoadOutcome> {
  const hash = catalogueHash(entries);
  const { data: version } = await CatalogueVersionEntity.get(VERSION_KEY).go({ consistent: true });
  if (version?.hash === hash) return { loaded: false, reason: "current" };

  const claimUntil = now + LOAD_CLAIM_MS;
  const claimed = await CatalogueVersionEntity.update(VERSION_KEY)
    .set({ loadingHash: hash, loadingUntil: claimUntil })
    .where(
      (a, op) =>
        `(${op.notExists(a.loadingUntil)} OR ${op.lt(a.loadingUntil, now)}) AND (${op.notExists(a.hash)} OR ${op.ne(a.hash, hash)})`,
    )
    .go()
    .then(
      () => true,
      (error: unknown) => {
        if (isConditionFailure(error)) return false;
        throw error;
      },
    );
  if (!claimed) return { loaded: false, reason: "busy" };

  let counts: Omit<Extract<LoadOutcome, { loaded: true }>, "loaded" | "hash">;
  try {
    counts = await sync(entries, now);
  } catch (error) {
    // Let the next tick load at once rather than after the claim lapses (should this release fail
    // too, the claim lapses by itself); the load's own failure is what is thrown.
    await CatalogueVersionEntity.update(VERSION_KEY)
      .remove(["loadingHash", "loadingUntil"])
      .where((a, op) => `${op.eq(a.loadingUntil, claimUntil)} AND ${op.eq(a.loadingHash, hash)}`)
      .go()
      .catch(() => undefined);
    throw error;
  }
  await CatalogueVersionEntity.update(VERSION_KEY)
    .set({ hash, count: entries.length, loadedAt: now })
    .remove(["loadingHash", "loadingUntil"])
    .where((a, op) => `${op.eq(a.loadingUntil, claimUntil)} AND ${op.eq(a.loadingHash, hash)}`)
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
      throw new Error("the catalogue load outlived its claim; the next tick loads it again", { cause: error });
    });
  return { loaded: true, hash, ...counts };
}

async function sync(entries: readonly CatalogueEntry[], now: number) {
  const sources = await all();
  const byId = new Map(sources.map((s) => [s.sourceId, s]));
  const listed = new Set(entries.map((e) => e.sourceId));
  const changes = await inBatches(entries, (entry) => apply(entry, byId.get(entry.sourceId), now));
  const leaving = sources.filter(
    (s) => s.origin === "catalogue" && s.retiredAt === undefined && !listed.has(s.sourceId),
  );
  await inBatches(leaving, (s) =>
    SourceEntity.patch({ sourceId: s.sourceId }).set({ retiredAt: now, nextFetchAt: NEVER }).go(),
  );
  // The subjects shown with articles are read from one item: written again with the sources.
  await Subjects.refreshIndex(now);
  const count = (change: Change) => changes.filter((c) => c === change).length;
  return { added: count("added"), updated: count("updated"), restored: count("restored"), retired: leaving.length };
}

/**
 * Makes the sources hold `entries` (trusted sources, e.g. the local demo feeds or a test's; they
 * may live on private addresses), adding only: missing ones are added and due at once, changed
 * ones updated in place, retired ones un-retired. Nothing is retired (see `loadCatalogue`).
 */
export async function ensureCatalogue(entries: readonly CatalogueEntry[], now = Date.now()): Promise<void> {
  if (entries.length === 0) return;
  const { data: existing } = await SourceEntity.get(entries.map(({ sourceId }) => ({ sourceId }))).go();
  const byId = new Map(existing.map((s) => [s.sourceId, s]));
  const changes = await inBatches(entries, (entry) => apply(entry, byId.get(entry.sourceId), now));
  // A changed subject shows at once: the item the feed reads subjects from is written again.
  if (changes.some((c) => c !== "same") || !(await Subjects.indexed())) await Subjects.refreshIndex(now);
}

/** Brings one source in line with its entry; says what that took. */
async function apply(entry: CatalogueEntry, current: Source | undefined, now: number): Promise<Change> {
  const facts = {
    name: entry.name,
    siteUrl: entry.siteUrl,
    feedUrl: entry.feedUrl,
    type: entry.type,
    ...(entry.subject !== undefined ? { subject: entry.subject } : {}),
    ...(entry.country !== undefined ? { country: entry.country } : {}),
    ...(entry.language !== undefined ? { language: entry.language } : {}),
  };
  if (!current) {
    return SourceEntity.create({
      sourceId: entry.sourceId,
      ...facts,
      trusted: true,
      origin: "catalogue",
      nextFetchAt: now,
      createdAt: now,
    })
      .go()
      .then(
        () => "added" as const,
        (error: unknown) => {
          // Created by a concurrent start meanwhile: what it wrote is the same entry.
          if (isConditionFailure(error)) return "same" as const;
          throw error;
        },
      );
  }
  const returning = current.retiredAt !== undefined;
  const dropCountry = entry.country === undefined && current.country !== undefined;
  const dropSubject = entry.subject === undefined && current.subject !== undefined;
  const changed =
    returning ||
    dropCountry ||
    dropSubject ||
    current.origin !== "catalogue" ||
    !current.trusted ||
    Object.entries(facts).some(([key, value]) => current[key as keyof typeof facts] !== value);
  if (!changed) return "same";
  // A source that is back, or moved to a new address, is due at once; a renamed one keeps its turn.
  const due = returning || current.feedUrl !== entry.feedUrl ? { nextFetchAt: now } : {};
  // A suggested source the catalogue lists becomes a catalogue source (trusted, and retired if it leaves).
  const update = SourceEntity.patch({ sourceId: entry.sourceId }).set({
    ...facts,
    trusted: true,
    origin: "catalogue",
    ...due,
  });
  const removed = [
    ...(returning ? (["retiredAt"] as const) : []),
    ...(dropCountry ? (["country"] as const) : []),
    ...(dropSubject ? (["subject"] as const) : []),
  ];
  await (removed.length > 0 ? update.remove(removed) : update).go();
  return returning ? "restored" : "updated";
}

/** Runs `write` over `items`, at most `WRITES_AT_ONCE` at a time; the first failure fails it. */
async function inBatches<T, R>(items: readonly T[], write: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += WRITES_AT_ONCE) {
    results.push(...(await Promise.all(items.slice(i, i + WRITES_AT_ONCE).map(write))));
  }
  return results;
}
