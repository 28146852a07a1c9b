import type { SharedPick } from "../../adapters/queues/index.ts";

/**
 * A pick as the following feed keeps it (its shape is the share queue's `SharedPick`). Not
 * required only because entries stored before picks were camelCase carry the legacy names
 * instead: read through `sharedPickOf`, never written.
 */
export const sharedPick = {
  type: "map",
  properties: {
    articleId: { type: "string" },
    title: { type: "string", required: true },
    link: { type: "string", required: true },
    sourceName: { type: "string" },
    sourceType: { type: "string" },
    bestMatchingKeywords: { type: "list", items: { type: "string" } },
    article_id: { type: "string" },
    source_name: { type: "string" },
    source_type: { type: "string" },
    best_matching_keywords: { type: "list", items: { type: "string" } },
  },
} as const;

/** Every field of the queue's `SharedPick` is stored: a field added there and not here does not compile. */
const storesEveryField: Exclude<keyof SharedPick, keyof typeof sharedPick.properties> extends never ? true : never =
  true;
void storesEveryField;

type Stored = Partial<SharedPick> & {
  title: string;
  link: string;
  article_id?: string;
  source_name?: string;
  source_type?: string;
  best_matching_keywords?: string[];
};

/** A stored pick in today's shape, whichever shape it was stored in. */
export function sharedPickOf(stored: Stored): SharedPick {
  return {
    articleId: stored.articleId ?? stored.article_id ?? "",
    title: stored.title,
    link: stored.link,
    sourceName: stored.sourceName ?? stored.source_name ?? "",
    sourceType: stored.sourceType ?? stored.source_type ?? "",
    bestMatchingKeywords: stored.bestMatchingKeywords ?? stored.best_matching_keywords ?? [],
  };
}
