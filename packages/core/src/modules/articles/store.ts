import { getMany, isConditionFailure, transact, utcDay, type WriteOp } from "../../adapters/dynamo/index.ts";
import {
  articleId as articleIdOf,
  canonicalUrl,
  sameSiteRule,
  titleFingerprint,
  type SameSite,
  type ParsedItem,
} from "../../lib/syndication/index.ts";
import { articleLanguage } from "../../lib/matching/index.ts";
import type { Source } from "../sources/index.ts";
import * as Topics from "../topics/index.ts";
import { ArticleClaimEntity } from "./article-claim.entity.ts";
import { ArticleEntity, type Article } from "./article.entity.ts";
import { coverOf, withCovers } from "./covers.ts";
import { log } from "../../lib/observability/index.ts";

/** How long a title fingerprint marks later look-alikes (syndicated copies, arriving within hours) as duplicates. */
const FINGERPRINT_HOURS = 36;
/** Fingerprints of very short titles collide by chance ("Update"), so they are not claimed. */
const MIN_FINGERPRINT_TOKENS = 3;
/** Claims that keep changing under a store (concurrent swaps) are read again this often at most. */
const ATTEMPTS = 4;

export type StoreOutcome =
  | {
      status: "new";
      article: Article;
      /** Earlier originals this article displaced (now its duplicates): their postings must go. */
      demoted: Article[];
    }
  | { status: "exists" }
  | { status: "duplicate"; article: Article };

export interface StoreOptions {
  /**
   * Called with the UTC days of the articles a write is about to add or change, before it is
   * made: a crash after the write then leaves nothing unrecorded (search marks them dirty).
   */
  beforeWrite?: (days: string[]) => Promise<void>;
  /**
   * The caller read a moment ago that the article is not stored (one batched read for all of
   * a feed's items, `storedIds`), so the store does not read it again. Safe either way: the
   * article's write is conditioned on its absence, and answers "exists" when it lost a race.
   */
  unseen?: boolean;
}

type NewArticle = Omit<Article, "duplicateOf">;
interface Claims {
  link: string;
  /** Absent when the title is too short to claim. */
  fingerprint?: string;
}
/** Who holds each claim now (live fingerprint claims only). */
interface Held {
  link?: string;
  fingerprint?: string;
}

/**
 * Stores a parsed item once. The same GUID from the same source is recognised (a re-fetch
 * writes nothing); the same canonical link or a near-identical title from another source is
 * stored as a duplicate linked to the original, so it is never shown twice.
 *
 * The original is the copy whose link is on its own source's site: a source that publishes
 * another site's links (a hostile feed copying an outlet, or an aggregator) never wins over
 * that site's own feed. When such a copy came first, the site's own article takes its place:
 * in one transaction, conditioned on nothing having changed, the claims move to the new
 * article and the earlier one becomes its duplicate (answered in `demoted`). Otherwise the
 * first to claim stays the original.
 *
 * An original names its copies from other sources (`coveredBy`): a copy is named in the same
 * transaction that stores it, conditioned on the original being unchanged, so a retried ingest
 * names it once; a displaced original's copies, and the displaced one itself, move to the
 * article that takes its place.
 */
export async function storeArticle(
  source: StoredSource,
  item: ParsedItem,
  now = Date.now(),
  options: StoreOptions = {},
): Promise<StoreOutcome> {
  const articleId = articleIdOf(source.sourceId, item.guid);
  if (!options.unseen) {
    const { data: existing } = await ArticleEntity.get({ articleId }).go();
    if (existing) return { status: "exists" };
  }

  const { article, claims, expiresAt } = prepared(source, item, now, articleId, await sameSiteRule());

  await options.beforeWrite?.([article.day]);
  let held: Held = {};
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const holders = await articlesHolding(held);
    if (holders === "changed") {
      held = await claimsHeld(claims, now);
      continue;
    }
    if (holders.length > 0) {
      // Only a copy on its own source's site displaces, and only copies that are not on theirs.
      const displaces = article.onSourceSite && holders.every((h) => h.onSourceSite === false);
      if (!displaces) {
        const stored = await storeDuplicate(article, originalAmong(holders));
        if (stored !== "changed") return stored;
        held = await claimsHeld(claims, now);
        continue;
      }
      await options.beforeWrite?.([...new Set(holders.map((h) => h.day))]);
    }

    // The displaced originals and the copies they named become this article's copies.
    const covers = withCovers(
      article.sourceId,
      undefined,
      holders.flatMap((h) => [coverOf(h), ...(h.coveredBy ?? [])]),
    );
    const result = await transact([
      ArticleEntity.create(covers ? { ...article, coveredBy: covers } : article),
      ...claimOps(articleId, claims, held, expiresAt, now),
      ...holders.map((h) =>
        ArticleEntity.patch({ articleId: h.articleId })
          .set({ duplicateOf: articleId })
          .remove(["coveredBy"])
          .where((attr, op) => `${op.notExists(attr.duplicateOf)} AND ${coversUnchanged(h, attr.coveredBy, op)}`),
      ),
    ]);
    if (!result.canceled) {
      // Only the write that stored the article gets here, so its matches are counted once; a
      // story whose copy was stored first was counted with that copy. Only a trusted source's
      // articles count: they reach everyone, where a suggested source's feed only its suggesters.
      if (holders.length === 0 && source.trusted === true) await countAssociations(article, now);
      return { status: "new", article, demoted: holders.map((h) => ({ ...h, duplicateOf: articleId })) };
    }
    // The article itself exists: an earlier attempt stored it.
    if (result.reasons[0] !== "None") return { status: "exists" };
    // A claim is held, or changed hands since it was read: see who holds what now.
    held = await claimsHeld(claims, now);
  }
  throw new Error(`the claims of article ${articleId} kept changing; it is tried again with the next fetch`);
}

type StoredSource = Pick<Source, "sourceId" | "name" | "type" | "siteUrl"> &
  Partial<Pick<Source, "trusted" | "language">>;

/**
 * Writes one transaction takes at most (DynamoDB's limit is 100): an article and its two claims
 * each, and one more for what the caller writes with them (`alsoWrite`).
 */
const BATCH_WRITES = 99;

/**
 * Stores items the caller read as not stored (`storedIds`) whose claims are free, all in one
 * transaction (a chunk of 33 a transaction): on a first fetch the usual case, one write for a
 * feed's articles instead of one each. Conditioned as `storeArticle`'s first try is (the
 * article absent, each claim free or lapsed), so it stores nothing that one would not. When
 * any condition fails, or the items of a chunk share an article or a claim, its items are not
 * stored here: they are answered in `rest`, for `storeArticle` one by one, which settles
 * duplicates and displacements (so one bad item never costs the others).
 */
export async function storeNew(
  source: StoredSource,
  items: ParsedItem[],
  now = Date.now(),
  options: Pick<StoreOptions, "beforeWrite"> & {
    /**
     * A write of the caller's that goes in each transaction with the articles it stores (their
     * ids given): stored together or not at all, such as the source's note of articles not
     * matched yet.
     */
    alsoWrite?: (articleIds: string[]) => WriteOp;
  } = {},
): Promise<{ stored: Array<{ item: ParsedItem; article: Article }>; rest: ParsedItem[] }> {
  const stored: Array<{ item: ParsedItem; article: Article }> = [];
  const rest: ParsedItem[] = [];
  const keys = new Set<string>();
  const chunks: Array<Array<ReturnType<typeof prepared> & { item: ParsedItem }>> = [[]];
  const sameSite = await sameSiteRule();
  for (const item of items) {
    let next: ReturnType<typeof prepared> & { item: ParsedItem };
    try {
      next = { ...prepared(source, item, now, articleIdOf(source.sourceId, item.guid), sameSite), item };
    } catch {
      // An item that cannot be made an article: `storeArticle` tells why, for it alone.
      rest.push(item);
      continue;
    }
    const own = [next.article.articleId, `link ${next.claims.link}`, `title ${next.claims.fingerprint ?? ""}`];
    // Two items of one feed that are one article or one story: only the first is tried here.
    if (own.some((key) => keys.has(key))) {
      rest.push(item);
      continue;
    }
    own.forEach((key) => keys.add(key));
    let chunk = chunks[chunks.length - 1]!;
    if ((chunk.length + 1) * 3 > BATCH_WRITES) chunks.push((chunk = []));
    chunk.push(next);
  }
  for (const chunk of chunks.filter((c) => c.length > 0)) {
    let canceled: boolean;
    try {
      await options.beforeWrite?.([...new Set(chunk.map((c) => c.article.day))]);
      const result = await transact([
        ...chunk.flatMap(({ article, claims, expiresAt }) => [
          ArticleEntity.create(article),
          ...claimOps(article.articleId, claims, {}, expiresAt, now),
        ]),
        ...(options.alsoWrite ? [options.alsoWrite(chunk.map((c) => c.article.articleId))] : []),
      ]);
      canceled = result.canceled;
    } catch {
      // Nothing of the chunk was written: its items are tried one by one, each failing alone.
      canceled = true;
    }
    if (canceled) {
      rest.push(...chunk.map((c) => c.item));
      continue;
    }
    for (const { item, article } of chunk) {
      // As in `storeArticle`: a story met first here is counted once, and only from a trusted source.
      if (source.trusted === true) await countAssociations(article, now);
      stored.push({ item, article });
    }
  }
  // In the feed's order, so the first of two items telling one story stays its original.
  const order = new Map(items.map((item, i) => [item, i]));
  return { stored, rest: rest.sort((a, b) => order.get(a)! - order.get(b)!) };
}

/** The article an item makes, the claims it takes and when its title's claim lapses. */
function prepared(source: StoredSource, item: ParsedItem, now: number, articleId: string, sameSite: SameSite) {
  const link = canonicalUrl(item.link);
  const fingerprint = titleFingerprint(item.title);
  const publishedAt = Math.min(item.publishedAt ?? now, now);
  const article: NewArticle = {
    articleId,
    sourceId: source.sourceId,
    sourceName: source.name,
    sourceType: source.type,
    title: item.title,
    link,
    guid: item.guid,
    summary: item.summary,
    publishedAt,
    ingestedAt: now,
    day: utcDay(publishedAt),
    fingerprint,
    onSourceSite: sameSite(link, source.siteUrl),
  };
  // The feed's language, else the source's, else what the text's script tells (see `articleLanguage`).
  const language = articleLanguage(`${item.title}\n${item.summary}`, item.language, source.language);
  if (language) article.language = language;
  if (item.excerpt) article.excerpt = item.excerpt;
  if (item.readingMinutes) article.readingMinutes = item.readingMinutes;
  const claims: Claims = { link };
  if (fingerprint.split(" ").length >= MIN_FINGERPRINT_TOKENS) claims.fingerprint = fingerprint;
  const expiresAt = Math.floor(now / 1000) + FINGERPRINT_HOURS * 3600;
  return { article, claims, expiresAt };
}

/**
 * The articles holding `held`'s claims; "changed" when one is gone or is a duplicate by now
 * (claims always name an original, so the claims moved meanwhile and must be read again).
 */
async function articlesHolding(held: Held): Promise<Article[] | "changed"> {
  const ids = [...new Set([held.link, held.fingerprint].filter((id): id is string => id !== undefined))];
  if (ids.length === 0) return [];
  const found = await byIds(ids);
  const holders = ids.map((id) => found.get(id));
  if (holders.some((h) => h === undefined || h.duplicateOf !== undefined)) return "changed";
  return holders as Article[];
}

/**
 * The article a copy that may not displace them repeats: a holder on its own source's site
 * (or stored before that was known) first, else the link's holder, else the title's.
 */
function originalAmong(holders: Article[]): Article {
  // Holders are in claim order: the link's holder (when held) first.
  return holders.find((h) => h.onSourceSite !== false) ?? holders[0]!;
}

/** The few condition operations `coversUnchanged` uses (ElectroDB's `where` gives them). */
interface Conditions {
  notExists(attribute: never): string;
  size(attribute: never): string | number;
  escape(value: number): string | number | boolean;
}

/**
 * A condition that `original`'s named copies are still those it was read with. Copies are only
 * ever added (until it is displaced, which the callers' `duplicateOf` condition catches), so
 * their count tells.
 */
function coversUnchanged<A>(original: Article, coveredBy: A, op: Conditions): string {
  const count = original.coveredBy?.length ?? 0;
  const attribute = coveredBy as never;
  return count === 0
    ? `(${op.notExists(attribute)} OR ${op.size(attribute)} = ${op.escape(0)})`
    : `${op.size(attribute)} = ${op.escape(count)}`;
}

/** Each claim taken by `articleId`: a free one created, a held one moved only if still held by the same article. */
function claimOps(articleId: string, claims: Claims, held: Held, expiresAt: number, now: number): WriteOp[] {
  const ops: WriteOp[] = [
    held.link
      ? ArticleClaimEntity.put({ kind: "link", value: claims.link, articleId }).where((attr, op) =>
          op.eq(attr.articleId, held.link!),
        )
      : ArticleClaimEntity.create({ kind: "link", value: claims.link, articleId }),
  ];
  if (claims.fingerprint) {
    const claim = ArticleClaimEntity.put({ kind: "fingerprint", value: claims.fingerprint, articleId, expiresAt });
    ops.push(
      held.fingerprint
        ? claim.where((attr, op) => op.eq(attr.articleId, held.fingerprint!))
        : claim.where(
            (attr, op) => `${op.notExists(attr.articleId)} OR ${op.lt(attr.expiresAt, Math.floor(now / 1000))}`,
          ),
    );
  }
  return ops;
}

/**
 * Counts a new article's matches into the data topic suggestions read. Secondary data: a failure
 * is logged and never costs the article (it is stored, and is indexed next).
 */
async function countAssociations(article: NewArticle, now: number): Promise<void> {
  try {
    await Topics.recordAssociations(article, now);
  } catch (error) {
    log.error("associations: an article not counted", { articleId: article.articleId, error });
  }
}

async function claimsHeld(claims: Claims, now: number): Promise<Held> {
  const held: Held = {};
  const byLink = await ArticleClaimEntity.get({ kind: "link", value: claims.link }).go();
  if (byLink.data) held.link = byLink.data.articleId;
  if (claims.fingerprint) {
    const byTitle = await ArticleClaimEntity.get({ kind: "fingerprint", value: claims.fingerprint }).go();
    // A lapsed fingerprint claim is free to take.
    if (byTitle.data && (byTitle.data.expiresAt ?? Infinity) >= Math.floor(now / 1000)) {
      held.fingerprint = byTitle.data.articleId;
    }
  }
  return held;
}

/**
 * Stores `article` as a copy of `original`, named on it in the same write; "changed" when the
 * original changed since it was read (displaced, or it named another copy meanwhile).
 */
async function storeDuplicate(article: NewArticle, original: Article): Promise<StoreOutcome | "changed"> {
  if (original.articleId === article.articleId) return { status: "exists" };
  const duplicate: Article = { ...article, duplicateOf: original.articleId };
  const covers = withCovers(original.sourceId, original.coveredBy, [coverOf(article)]);
  if (!covers) {
    // Nothing to name (the same source, or the original names enough copies).
    await ArticleEntity.create(duplicate)
      .go()
      .catch((error: unknown) => {
        // Stored by a concurrent fetch of the same item: the same duplicate.
        if (!isConditionFailure(error)) throw error;
      });
    return { status: "duplicate", article: duplicate };
  }
  const result = await transact([
    ArticleEntity.create(duplicate),
    ArticleEntity.patch({ articleId: original.articleId })
      .set({ coveredBy: covers })
      .where((attr, op) => `${op.notExists(attr.duplicateOf)} AND ${coversUnchanged(original, attr.coveredBy, op)}`),
  ]);
  if (!result.canceled) return { status: "duplicate", article: duplicate };
  // Stored by a concurrent fetch of the same item: the same duplicate.
  if (result.reasons[0] !== "None") return { status: "duplicate", article: duplicate };
  return "changed";
}

/** Which of these articles are stored (one batched read, keys only). */
export async function storedIds(ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const items = await getMany<{ articleId: string }>(
    ArticleEntity,
    [...new Set(ids)].map((articleId) => ({ articleId })),
    ["articleId"],
  );
  return new Set(items.map((a) => a.articleId));
}

export async function byIds(ids: string[]): Promise<Map<string, Article>> {
  if (ids.length === 0) return new Map();
  const { data } = await ArticleEntity.get(ids.map((articleId) => ({ articleId }))).go();
  return new Map(data.map((a) => [a.articleId, a]));
}
