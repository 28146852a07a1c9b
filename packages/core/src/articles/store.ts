import { isConditionFailure, transact, utcDay } from "../db.ts";
import { articleId as articleIdOf, canonicalUrl, titleFingerprint, type ParsedItem } from "../ingest/index.ts";
import type { Source } from "../sources/index.ts";
import { ArticleClaimEntity } from "./article-claim.entity.ts";
import { ArticleEntity, type Article } from "./article.entity.ts";

/** How long a title fingerprint marks later look-alikes (syndicated copies, arriving within hours) as duplicates. */
const FINGERPRINT_HOURS = 36;
/** Fingerprints of very short titles collide by chance ("Update"), so they are not claimed. */
const MIN_FINGERPRINT_TOKENS = 3;

export type StoreOutcome =
  { status: "new"; article: Article } | { status: "exists" } | { status: "duplicate"; article: Article };

/**
 * Stores a parsed item once. The same GUID from the same source is recognised (a re-fetch
 * writes nothing); the same canonical link or a near-identical title from another source is
 * stored as a duplicate linked to the first, so it is never shown twice.
 */
export async function storeArticle(
  source: Pick<Source, "sourceId" | "name" | "type">,
  item: ParsedItem,
  now = Date.now(),
): Promise<StoreOutcome> {
  const articleId = articleIdOf(source.sourceId, item.guid);
  const { data: existing } = await ArticleEntity.get({ articleId }).go();
  if (existing) return { status: "exists" };

  const link = canonicalUrl(item.link);
  const fingerprint = titleFingerprint(item.title);
  const publishedAt = Math.min(item.publishedAt ?? now, now);
  const article = {
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
  };
  const claimFingerprint = fingerprint.split(" ").length >= MIN_FINGERPRINT_TOKENS;
  const result = await transact([
    ArticleEntity.create(article),
    ArticleClaimEntity.create({ kind: "link", value: link, articleId }),
    ...(claimFingerprint
      ? [
          ArticleClaimEntity.put({
            kind: "fingerprint",
            value: fingerprint,
            articleId,
            expiresAt: Math.floor(now / 1000) + FINGERPRINT_HOURS * 3600,
          }).where((attr, op) => `${op.notExists(attr.articleId)} OR ${op.lt(attr.expiresAt, Math.floor(now / 1000))}`),
        ]
      : []),
  ]);
  if (!result.canceled) return { status: "new", article };
  // The article itself exists: an earlier attempt stored it.
  if (result.reasons[0] !== "None") return { status: "exists" };
  const original = await claimedBy(link, claimFingerprint ? fingerprint : undefined);
  if (!original || original === articleId) return { status: "exists" };
  const duplicate = { ...article, duplicateOf: original };
  await ArticleEntity.create(duplicate)
    .go()
    .catch((error: unknown) => {
      // Stored by a concurrent fetch of the same item: the same duplicate.
      if (!isConditionFailure(error)) throw error;
    });
  return { status: "duplicate", article: duplicate };
}

async function claimedBy(link: string, fingerprint: string | undefined): Promise<string | undefined> {
  const byLink = await ArticleClaimEntity.get({ kind: "link", value: link }).go();
  if (byLink.data) return byLink.data.articleId;
  if (!fingerprint) return undefined;
  const byTitle = await ArticleClaimEntity.get({ kind: "fingerprint", value: fingerprint }).go();
  return byTitle.data?.articleId;
}

export async function byIds(ids: string[]): Promise<Map<string, Article>> {
  if (ids.length === 0) return new Map();
  const { data } = await ArticleEntity.get(ids.map((articleId) => ({ articleId }))).go();
  return new Map(data.map((a) => [a.articleId, a]));
}
