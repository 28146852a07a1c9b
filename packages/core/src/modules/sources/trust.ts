import { transact } from "../../adapters/dynamo/index.ts";
import { TRUST_SUGGESTERS } from "./rules.ts";
import { SourceSuggesterEntity } from "./source-suggester.entity.ts";
import { SourceEntity, type Source } from "./source.entity.ts";
import { SuggestedSourceEntity } from "./suggested-source.entity.ts";
import { UntrustedSourceEntity } from "./untrusted-source.entity.ts";

/**
 * Who a source's articles reach. A source someone suggests starts untrusted: it feeds only the
 * people who suggested it. It becomes trusted — its articles reach everyone — when
 * `TRUST_SUGGESTERS` different people have suggested it, or when an operator trusts it.
 * Catalogue sources are trusted from the start.
 */

/** Changes to the same source at once (other suggesters) are read again this often at most. */
const ATTEMPTS = 10;

/** Whether the source may live on a private address: catalogue sources only, never suggested ones. */
export function mayUsePrivateAddress(source: Pick<Source, "origin" | "trusted">): boolean {
  // Before origins were recorded, only catalogue sources were trusted.
  return source.origin === "catalogue" || (source.origin === undefined && source.trusted);
}

type NewSuggestedSource = Pick<Source, "sourceId" | "name" | "siteUrl" | "feedUrl" | "type" | "nextFetchAt">;

/** Whether a suggester was counted now, and whether that made the source trusted. */
export interface Counted {
  counted: boolean;
  /** The source became trusted now: its past articles must enter search (the caller's part). */
  trusted: boolean;
}

/**
 * Creates a source from a suggestion, untrusted and listed as such, with its suggester counted,
 * all at once. Answers "exists" when the source was there already (another suggestion of the
 * same feed created it meanwhile): the suggester is then counted towards that source's trust.
 */
export async function createSuggested(
  source: NewSuggestedSource,
  suggester: { userId: string; suggestionId: string },
  now = Date.now(),
): Promise<{ status: "created" | "exists" } & Counted> {
  const result = await transact([
    SourceEntity.create({ ...source, trusted: false, origin: "suggested", suggesterCount: 1, createdAt: now }),
    UntrustedSourceEntity.put({ sourceId: source.sourceId }),
    SourceSuggesterEntity.create({ sourceId: source.sourceId, ...suggester, createdAt: now }),
  ]);
  if (!result.canceled) return { status: "created", counted: true, trusted: false };
  if (result.reasons[0] === "None") {
    throw new Error(`source ${source.sourceId} does not exist but already counts ${suggester.userId}`);
  }
  return { status: "exists", ...(await recordSuggester(source.sourceId, suggester)) };
}

/**
 * Counts a person who suggested an existing source, once per person, atomically with the
 * source's count (a conditional write on the count it read, read again when another suggester
 * came first); the suggester that brings the count to `TRUST_SUGGESTERS` trusts the source in
 * the same transaction. Answers whether this person was counted now, and whether that trusted it.
 */
export async function recordSuggester(
  sourceId: string,
  suggester: { userId: string; suggestionId: string },
  now = Date.now(),
): Promise<Counted> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const { data: source } = await SourceEntity.get({ sourceId }).go();
    if (!source) throw new Error(`no source ${sourceId} to count a suggester of`);
    // Sources stored before suggesters were counted have no count: none counted.
    const count = (source.suggesterCount as number | undefined) ?? 0;
    const trusting = !source.trusted && count + 1 >= TRUST_SUGGESTERS;
    const result = await transact([
      SourceSuggesterEntity.create({ sourceId, ...suggester, createdAt: now }),
      SourceEntity.patch({ sourceId })
        .set({ suggesterCount: count + 1, ...(trusting ? { trusted: true } : {}) })
        .where((attr, op) => {
          const counted =
            count === 0
              ? `(${op.notExists(attr.suggesterCount)} OR ${op.eq(attr.suggesterCount, 0)})`
              : op.eq(attr.suggesterCount, count);
          return `${counted} AND ${op.eq(attr.trusted, source.trusted)}`;
        }),
      ...(trusting ? [UntrustedSourceEntity.delete({ sourceId })] : []),
    ]);
    if (!result.canceled) return { counted: true, trusted: trusting };
    // This person was counted before (an earlier suggestion of the same feed).
    if (result.reasons[0] !== "None") return { counted: false, trusted: false };
    // Another suggester (or a trust) came first: read again after a moment, spread out.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
  }
  throw new Error(`the suggesters of source ${sourceId} kept changing; the suggestion is checked again later`);
}

/**
 * Trusts a source on an operator's word: its articles reach everyone from the next feed refresh
 * on. Answers the source and whether it was trusted now (its past articles must then enter
 * search: the caller's part), or undefined when there is no source with this id. Trusting a
 * trusted source changes nothing.
 */
export async function trust(sourceId: string): Promise<{ source: Source; trustedNow: boolean } | undefined> {
  const { data: source } = await SourceEntity.get({ sourceId }).go();
  if (!source) return undefined;
  const result = await transact([
    SourceEntity.patch({ sourceId }).set({ trusted: true }),
    // Also when trusted already: a list entry left behind would still keep it from everyone.
    UntrustedSourceEntity.delete({ sourceId }),
  ]);
  if (result.canceled) throw new Error(`source ${sourceId} could not be trusted: ${result.reasons.join(", ")}`);
  return { source: { ...source, trusted: true }, trustedNow: !source.trusted };
}

/** Sources whose articles do not reach everyone: one query of one partition. */
export async function untrustedIds(): Promise<Set<string>> {
  const { data } = await UntrustedSourceEntity.query.bySource({}).go({ pages: "all" });
  return new Set(data.map((s) => s.sourceId));
}

/**
 * The sources a person's feed must leave out: the untrusted ones they did not suggest. Read
 * fresh on every call (two single-partition queries), never from a cache: a source suggested a
 * moment ago must not reach anyone else in between.
 */
export async function untrustedNotSuggestedBy(userId: string): Promise<Set<string>> {
  const [untrusted, suggestions] = await Promise.all([
    untrustedIds(),
    SuggestedSourceEntity.query.byUser({ userId }).go({ pages: "all" }),
  ]);
  for (const s of suggestions.data) {
    if (s.sourceId && (s.approvalState === "approved" || s.approvalState === "duplicate")) untrusted.delete(s.sourceId);
  }
  return untrusted;
}

/**
 * Lists a source stored before trust was recorded this way: one that is not trusted came from
 * a suggestion and joins the untrusted list (once; a source trusted meanwhile is left alone).
 */
export async function recordLegacyOrigin(source: Pick<Source, "sourceId" | "origin" | "trusted">): Promise<void> {
  if (source.origin !== undefined || source.trusted) return;
  // Cancelled when another fetch recorded it, or it was trusted, in between: nothing left to do.
  await transact([
    SourceEntity.patch({ sourceId: source.sourceId })
      .set({ origin: "suggested" })
      .where((attr, op) => `${op.notExists(attr.origin)} AND ${op.eq(attr.trusted, false)}`),
    UntrustedSourceEntity.put({ sourceId: source.sourceId }),
  ]);
}
