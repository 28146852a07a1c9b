import { conditionally } from "../../adapters/dynamo/index.ts";
import { HostEntity, type Host } from "./host.entity.ts";

/**
 * Host leases: one fetch job per host at a time, across every worker. Taken by the tick with a
 * conditional write, renewed by the job's worker when it starts, released when it is done; a
 * lease whose worker died frees itself at `leasedUntil`.
 */

/** The key feeds are grouped by: the feed URL's host (name, and port when not the default). */
export function hostOf(feedUrl: string): string {
  try {
    return new URL(feedUrl).host.toLowerCase();
  } catch {
    return feedUrl.toLowerCase();
  }
}

export async function hostsByName(hosts: string[]): Promise<Map<string, Host>> {
  if (hosts.length === 0) return new Map();
  const { data } = await HostEntity.get(hosts.map((host) => ({ host }))).go();
  return new Map(data.map((h) => [h.host, h]));
}

/** Leases `host` to `leaseId` until `until`, when it is neither leased nor held back at `now`. */
export async function takeHostLease(host: string, leaseId: string, now: number, until: number): Promise<boolean> {
  return conditionally(
    HostEntity.upsert({ host, leaseId, leasedUntil: until, run: 0 })
      .where(
        ({ leasedUntil, notBefore }, { notExists, lt, lte }) =>
          `(${notExists(leasedUntil)} OR ${lt(leasedUntil, now)}) AND (${notExists(notBefore)} OR ${lte(notBefore, now)})`,
      )
      .go(),
  );
}

/**
 * Extends the lease `leaseId` holds for its run `run`; false when it no longer holds it
 * (released, taken after it ran out, or a later run of it was handed on already).
 */
export async function renewHostLease(host: string, leaseId: string, until: number, run = 0): Promise<boolean> {
  return conditionally(
    HostEntity.patch({ host })
      .set({ leasedUntil: until })
      .where((attr, op) => holdsRun(attr, op, leaseId, run))
      .go(),
  );
}

/** Moves the lease from run `run` on to the next (the rest of its sources in a new message), if it is still at that run. */
export async function advanceHostLease(host: string, leaseId: string, run: number, until: number): Promise<boolean> {
  return conditionally(
    HostEntity.patch({ host })
      .set({ run: run + 1, leasedUntil: until })
      .where((attr, op) => holdsRun(attr, op, leaseId, run))
      .go(),
  );
}

// ElectroDB's where-callback parameter types, loosened to what the condition uses.
type HostAttributes = Record<"leaseId" | "run", unknown>;
interface HostOperations {
  eq(attribute: unknown, value: unknown): string;
  notExists(attribute: unknown): string;
}

/** The lease is `leaseId`'s, at run `run` (a lease taken before runs were counted is at run 0). */
function holdsRun(attr: HostAttributes, { eq, notExists }: HostOperations, leaseId: string, run: number): string {
  const atRun = run === 0 ? `(${notExists(attr.run)} OR ${eq(attr.run, 0)})` : eq(attr.run, run);
  return `${eq(attr.leaseId, leaseId)} AND ${atRun}`;
}

/** Gives the host back, if `leaseId` still holds it. */
export async function releaseHostLease(host: string, leaseId: string): Promise<void> {
  // Not its own any more (taken after it ran out): nothing to give back.
  await conditionally(
    HostEntity.patch({ host })
      .remove(["leaseId", "leasedUntil"])
      .where((attr, { eq }) => eq(attr.leaseId, leaseId))
      .go(),
  );
}

/** Holds the host back until `notBefore` (its `Retry-After`); a later hold already set stays. */
export async function holdHost(host: string, notBefore: number): Promise<void> {
  await conditionally(
    HostEntity.upsert({ host, notBefore })
      .where((attr, { notExists, lt }) => `${notExists(attr.notBefore)} OR ${lt(attr.notBefore, notBefore)}`)
      .go(),
  );
}

/** Until when a host asked to be left alone (its `Retry-After`), if it still does at `now`. */
export async function heldUntil(host: string, now = Date.now()): Promise<number | undefined> {
  const { data } = await HostEntity.get({ host }).go({ attributes: ["notBefore"] });
  return data?.notBefore !== undefined && data.notBefore > now ? data.notBefore : undefined;
}
