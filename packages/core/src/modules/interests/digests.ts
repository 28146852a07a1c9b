import { gunzipSync, gzipSync } from "node:zlib";
import { conditionally, getMany } from "../../adapters/dynamo/index.ts";
import type { InterestEntry } from "../../lib/person-data/index.ts";
import { DigestEntity } from "./digest.entity.ts";
import { DIGEST_MAX_AGE_MS, type InterestKind } from "./rules.ts";

/** One item a person holds, as mutual interests weigh and name it. */
export type DigestEntry = InterestEntry;

/** An entry as stored: a row rather than an object, so a thousand of them parse in a fraction of the time. */
type StoredEntry = [id: string, label: string, people: number, ref?: string | null, link?: string, source?: string];

const toRow = (e: DigestEntry): StoredEntry =>
  e.link !== undefined || e.source !== undefined
    ? [e.id, e.label, e.people, e.ref ?? null, e.link ?? "", e.source ?? ""]
    : e.ref !== undefined
      ? [e.id, e.label, e.people, e.ref]
      : [e.id, e.label, e.people];

function fromRow([id, label, people, ref, link, source]: StoredEntry): DigestEntry {
  const entry: DigestEntry = { id, label, people };
  if (typeof ref === "string") entry.ref = ref;
  if (link !== undefined) entry.link = link;
  if (source !== undefined) entry.source = source;
  return entry;
}

/** A person's digest of one kind: its entries when built and fresh, else what a build must store under. */
export type Digest =
  | { userId: string; kind: InterestKind; fresh: true; entries: DigestEntry[] }
  | { userId: string; kind: InterestKind; fresh: false; version: number };

/**
 * Marks `kinds` of the person's digests for rebuilding: call it after every write that changes
 * which items of a kind the person holds. Throws when it cannot (a caller must not report a
 * change it could not mark).
 */
export async function changed(userId: string, kinds: InterestKind[]): Promise<void> {
  await Promise.all(
    [...new Set(kinds)].map((kind) => DigestEntity.update({ userId, kind }).add({ version: 1 }).remove(["data"]).go()),
  );
}

/** Every digest of `userIds` × `kinds` in one batched read (16 keys for two people's eight kinds). */
export async function readDigests(
  userIds: string[],
  kinds: readonly InterestKind[],
  now = Date.now(),
): Promise<Digest[]> {
  const keys = userIds.flatMap((userId) => kinds.map((kind) => ({ userId, kind })));
  const items = await getMany<{
    userId: string;
    kind: InterestKind;
    version?: number;
    data?: Uint8Array;
    builtAt?: number;
  }>(DigestEntity, keys, ["userId", "kind", "version", "data", "builtAt"], { consistent: true });
  const found = new Map(items.map((i) => [`${i.userId}\n${i.kind}`, i]));
  return keys.map(({ userId, kind }): Digest => {
    const item = found.get(`${userId}\n${kind}`);
    if (item?.data && (item.builtAt ?? 0) > now - DIGEST_MAX_AGE_MS) {
      return {
        userId,
        kind,
        fresh: true,
        entries: (JSON.parse(gunzipSync(item.data).toString("utf8")) as StoredEntry[]).map(fromRow),
      };
    }
    return { userId, kind, fresh: false, version: item?.version ?? 0 };
  });
}

/**
 * Stores a digest built from what the person held at `version`; false (nothing stored) when it
 * changed since, so the next read builds it again.
 */
export async function storeDigest(
  userId: string,
  kind: InterestKind,
  version: number,
  entries: DigestEntry[],
  now = Date.now(),
): Promise<boolean> {
  const data = gzipSync(JSON.stringify(entries.map(toRow)));
  return conditionally(
    DigestEntity.update({ userId, kind })
      .set({ data, builtAt: now, version })
      .where((attr, op) =>
        version === 0 ? `${op.notExists(attr.version)} OR ${op.eq(attr.version, 0)}` : op.eq(attr.version, version),
      )
      .go(),
  );
}

/** Removes every digest of a deleted account. */
export async function purgeAccount(userId: string): Promise<void> {
  const { data } = await DigestEntity.query.byUser({ userId }).go({ pages: "all", attributes: ["kind"] });
  if (data.length > 0) await DigestEntity.delete(data.map((d) => ({ userId, kind: d.kind }))).go();
}
