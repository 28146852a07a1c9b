import { getMany, isConditionFailure, transact } from "../../adapters/dynamo/index.ts";
import { UnavailableError } from "../../lib/errors/index.ts";
import { AssociationMarkEntity } from "./association-mark.entity.ts";
import { syncedMatcher } from "./dictionary.ts";
import { PhraseMonthEntity } from "./phrase-month.entity.ts";
import { PhrasePairEntity } from "./phrase-pair.entity.ts";
import {
  ASSOCIATION_LIMITS,
  countedPhrases,
  expiryOf,
  mergePartners,
  monthOf,
  pairsOf,
  previousMonthOf,
  type Partners,
} from "./suggestion-rules.ts";

/** A lost race on a phrase's partners list is tried again this often (the next article settles it otherwise). */
const PARTNER_ATTEMPTS = 5;
/** A transaction that keeps meeting busy items (TransactionConflict) is sent again this often. */
const COUNT_ATTEMPTS = 3;

export interface CountedArticle {
  articleId: string;
  title: string;
  summary?: string;
  publishedAt: number;
  duplicateOf?: string;
  /** BCP 47 primary language, when known: decides how its words are matched (see `tokenize`). */
  language?: string;
}

/**
 * Counts a newly stored article into the association data that topic suggestions read: which
 * topic phrases it matched (its strongest `phrasesPerArticle`, so one article writes a bounded
 * number of items), per calendar month of publication.
 *
 * In one transaction: a mark for the article (created only if absent), +1 on each phrase's
 * month item and +1 on each pair's month item. An article met again (a re-fetch, a retried job)
 * finds its mark and counts nothing; a crash counts all of it or none. Then each phrase's list of
 * strongest associations takes the new exact counts (`updatePartners`).
 *
 * Articles published before last month are not counted (no suggestion reads them), nor copies
 * of another article (the original counted). Answers whether the article was counted now.
 */
export async function recordAssociations(article: CountedArticle, now = Date.now()): Promise<boolean> {
  if (article.duplicateOf) return false;
  const month = monthOf(article.publishedAt);
  if (month < previousMonthOf(now) || month > monthOf(now)) return false;
  const matcher = await syncedMatcher();
  const phrases = countedPhrases(
    matcher.matchArticle({ title: article.title, body: article.summary ?? "", language: article.language }),
  );
  if (phrases.length === 0) return false;
  const pairs = pairsOf(phrases);
  const expiresAt = expiryOf(month);
  const ops = [
    AssociationMarkEntity.create({ articleId: article.articleId, month, phrases, expiresAt }),
    ...phrases.map((phrase) => PhraseMonthEntity.upsert({ phrase, month, expiresAt }).add({ articles: 1 })),
    ...pairs.map(([first, second]) => PhrasePairEntity.upsert({ month, first, second, expiresAt }).add({ count: 1 })),
  ];
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await transact(ops);
      if (result.canceled) {
        if (result.reasons[0] !== "None") return false; // counted before
        throw new Error(`counting article ${article.articleId} was refused: ${result.reasons.join(", ")}`);
      }
      break;
    } catch (error) {
      // Busy phrases: the transaction wrote nothing, so it can simply be sent again.
      if (!(error instanceof UnavailableError) || attempt === COUNT_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt * (0.5 + Math.random())));
    }
  }
  if (pairs.length > 0) await updatePartners(month, phrases, pairs);
  return true;
}

type MonthItem = { phrase: string; articles?: number; partners?: Partners; version?: number };

/**
 * Gives each phrase's list of associations the exact counts of its pairs with the other phrases
 * (read back after the transaction, so they include every article counted so far), keeping the
 * strongest `partnersPerPhrase`. The list is rewritten whole on the condition that its version
 * is the one read; a writer that lost a race reads again. Idempotent: writing the same counts
 * again changes nothing.
 */
async function updatePartners(month: string, phrases: string[], pairs: Array<[string, string]>): Promise<void> {
  const [items, pairItems] = await Promise.all([
    readMonthItems(month, phrases),
    getMany<{ first: string; second: string; count: number }>(
      PhrasePairEntity,
      pairs.map(([first, second]) => ({ month, first, second })),
      ["first", "second", "count"],
      { consistent: true },
    ),
  ]);
  const articles = new Map(phrases.map((p) => [p, items.get(p)?.articles ?? 0]));
  const fresh = new Map<string, Partners>(phrases.map((p) => [p, {}]));
  for (const { first, second, count } of pairItems) {
    fresh.get(first)![second] = [count, articles.get(second) ?? 0];
    fresh.get(second)![first] = [count, articles.get(first) ?? 0];
  }
  await Promise.all(
    phrases.map(async (phrase) => {
      let item = items.get(phrase);
      for (let attempt = 1; item && attempt <= PARTNER_ATTEMPTS; attempt++) {
        const merged = mergePartners(
          item.partners ?? {},
          fresh.get(phrase)!,
          item.articles ?? 0,
          ASSOCIATION_LIMITS.partnersPerPhrase,
        );
        if (!merged) return;
        const version = item.version;
        try {
          await PhraseMonthEntity.patch({ phrase, month })
            .set({ partners: merged, version: (version ?? 0) + 1 })
            .where((attr, op) => (version === undefined ? op.notExists(attr.version) : op.eq(attr.version, version)))
            .go({ response: "none" });
          return;
        } catch (error) {
          if (!isConditionFailure(error)) throw error;
        }
        item = (await readMonthItems(month, [phrase])).get(phrase);
      }
    }),
  );
}

async function readMonthItems(month: string, phrases: string[]): Promise<Map<string, MonthItem>> {
  const items = await getMany<MonthItem>(
    PhraseMonthEntity,
    phrases.map((phrase) => ({ phrase, month })),
    ["phrase", "articles", "partners", "version"],
    { consistent: true },
  );
  return new Map(items.map((i) => [i.phrase, i]));
}

/** A phrase's counts over some months, as a suggestion reads them. */
export interface PhraseMonths {
  phrase: string;
  /** Per month read: articles, and partners with their counts. */
  months: Array<{ month: string; articles: number; partners: Partners }>;
}

/** The month items of phrases, for each of `months` (missing ones count nothing). */
export async function associationsOf(phrases: string[], months: string[]): Promise<Map<string, PhraseMonths>> {
  type Stored = { phrase: string; month: string; articles?: number; partners?: Partners };
  const items = await getMany<Stored>(
    PhraseMonthEntity,
    phrases.flatMap((phrase) => months.map((month) => ({ phrase, month }))),
    ["phrase", "month", "articles", "partners"],
  );
  const found = new Map<string, PhraseMonths>(phrases.map((phrase) => [phrase, { phrase, months: [] }]));
  for (const item of items) {
    found.get(item.phrase)?.months.push({
      month: item.month,
      articles: item.articles ?? 0,
      partners: item.partners ?? {},
    });
  }
  return found;
}

/** Phrases' article counts, summed over `months` (phrases with none left out). */
export async function articleCounts(phrases: string[], months: string[]): Promise<Map<string, number>> {
  const items = await getMany<{ phrase: string; articles?: number }>(
    PhraseMonthEntity,
    phrases.flatMap((phrase) => months.map((month) => ({ phrase, month }))),
    ["phrase", "articles"],
  );
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.phrase, (counts.get(item.phrase) ?? 0) + (item.articles ?? 0));
  return counts;
}
