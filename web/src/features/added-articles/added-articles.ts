/** The articles a person added to their graph, as the settings page lists them. */
import type { InferResponseType } from "hono/client";
import type { client } from "../../lib/client.ts";

/** `GET /api/articles/from_db_by_user_id/{id}`: one added article, newest first. */
export type AddedArticle = InferResponseType<
  (typeof client.api.articles.from_db_by_user_id)[":id"]["$get"],
  200
>[number];

/** The spec's alert when a delete fails, word for word. */
export const DELETE_ARTICLE_FAILED = "Failed to delete the article.";
/** Said with "undo" after an article is deleted, and when putting it back fails. */
export const articleDeletedText = (title: string) => `deleted "${title}"`;
export const READD_ARTICLE_FAILED = "failed to put the article back. add it again from your feed";
