/** Deleting an article the person added to their graph (TanStack Query). */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  DELETE_ARTICLE_FAILED,
  READD_ARTICLE_FAILED,
  articleDeletedText,
  type AddedArticle,
} from "./added-articles.ts";
import { feedQuery, storeFeed, withAddedState } from "../feed/index.ts";
import { addedArticlesQuery, deleteAddedArticle, deleteMutationKey, readdArticle } from "./api.ts";
import { withIdAt, withoutId } from "../../lib/list-edits.ts";
import { useToast } from "../../components/Toasts.tsx";

/**
 * Deletes an added article: it leaves the list at once, and comes back to its place (with the
 * spec's alert) if the server refuses. Once deleted, the feed shown on the home page (and its
 * stored copy) no longer marks it added, and "undo" adds it back for a few seconds.
 */
export function useDeleteAddedArticle(userId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const key = addedArticlesQuery(userId).queryKey;

  const markInFeed = (articleId: string, added: boolean) => {
    const feed = queryClient.setQueryData(feedQuery(userId).queryKey, (shown) =>
      shown ? withAddedState(shown, articleId, added) : shown,
    );
    if (feed) storeFeed(userId, feed);
  };

  const readd = async (article: AddedArticle) => {
    await readdArticle(article.id);
    markInFeed(article.id, true);
    await queryClient.invalidateQueries({ queryKey: key, exact: true });
  };

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
      toast.alert(DELETE_ARTICLE_FAILED);
    },
    onSuccess: (_answer, article) => {
      markInFeed(article.id, false);
      toast.undoable(articleDeletedText(article.title), { run: () => readd(article), failed: READD_ARTICLE_FAILED });
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: deleteMutationKey(userId) }) === 1) {
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
      }
    },
  });
}
