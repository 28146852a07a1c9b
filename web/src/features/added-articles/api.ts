/** Calls of the articles the person added to their graph: the list (also shown on their profile) and deleting one. */
import { queryOptions } from "@tanstack/react-query";
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";

export const addedArticlesQuery = (userId: string) =>
  queryOptions({
    queryKey: ["added-articles", userId] as const,
    queryFn: ({ signal }) =>
      call(client.api.articles.from_db_by_user_id[":id"].$get({ param: { id: userId } }, { init: { signal } })),
    enabled: userId !== "",
  });

/** Shared by every delete, so the list is re-read only when the last one has settled. */
export const deleteMutationKey = (userId: string) => [...addedArticlesQuery(userId).queryKey, "delete"] as const;

/** Takes an article out of the person's graph. */
export function deleteAddedArticle(articleId: string) {
  return call(client.api.articles.$delete({ json: { articleId } }));
}

/** Puts an article back into the person's graph (undoing a delete): the state wanted, so a retry cannot flip it. */
export function readdArticle(articleId: string) {
  return call(client.api.articles.toggle_add_article.$post({ json: { articleId, added: true } }));
}
