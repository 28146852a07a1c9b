/** A pick as the following feed keeps it: enough to draw a friend's card without reading the article. */
export const sharedPick = {
  type: "map",
  properties: {
    article_id: { type: "string", required: true },
    title: { type: "string", required: true },
    link: { type: "string", required: true },
    source_name: { type: "string", required: true },
    source_type: { type: "string", required: true },
    best_matching_keywords: { type: "list", items: { type: "string" }, required: true },
  },
} as const;

export interface SharedPick {
  article_id: string;
  title: string;
  link: string;
  source_name: string;
  source_type: string;
  best_matching_keywords: string[];
}
