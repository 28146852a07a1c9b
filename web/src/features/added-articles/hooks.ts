/** Deleting an article the person added to their graph (TanStack Query). */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { DELETE_ARTICLE_FAILED, type AddedArticle } from "./added-articles.ts";
import { feedQuery, storeFeed, withAddedState } from "../feed/index.ts";
import { addedArticlesQuery, deleteAddedArticle, deleteMutationKey } from "./api.ts";
import { withIdAt, withoutId } from "../../lib/list-edits.ts";

/**
 * Deletes an added article: it leaves the list at once, and comes back to its place (with the
 * spec's alert) if the server refuses. Once deleted, the feed shown on the home page (and its
 * stored copy) no longer marks it added.
 */
export function useDeleteAddedArticle(userId: string) {
  const queryClient = useQueryClient();
  const key = addedArticlesQuery(userId).queryKey;
  return useMutation({
    mutationKey: deleteMutationKey(userId),
    mutationFn: (article: AddedArticle) => deleteAddedArticle(article.id),
    onMutate: async (article) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const index = queryClient.getQueryData(key)?.findIndex((a) => a.id === article.id) ?? -1;
      queryClient.setQueryData(key, (list) => list && withoutId(list, article.id));
      return { index };
    },
    onError: (error, article, context) => {
      console.error("deleting an added article failed", error);
      if (context && context.index >= 0) {
        queryClient.setQueryData(key, (list) => withIdAt(list ?? [], article, context.index));
      }
      window.alert(DELETE_ARTICLE_FAILED);
    },
    onSuccess: (_answer, article) => {
      const feed = queryClient.setQueryData(feedQuery(userId).queryKey, (shown) =>
        shown ? withAddedState(shown, article.id, false) : shown,
      );
      if (feed) storeFeed(userId, feed);
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: deleteMutationKey(userId) }) === 1) {
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
      }
    },
  });
}
