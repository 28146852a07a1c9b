/** Server state of the articles the person added to their graph (TanStack Query): the list and deleting. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { DELETE_ARTICLE_FAILED, type AddedArticle } from "./added-articles.ts";
import { feedQueryKey, storeFeed } from "../feed/api.ts";
import { addedArticlesQueryKey, deleteAddedArticle, listAddedArticles } from "../sources/api.ts";
import { type FeedResponse, withAddedState } from "../feed/feed.ts";
import { withIdAt, withoutId } from "../../lib/list-edits.ts";

export function useAddedArticles(userId: string) {
  return useQuery({
    queryKey: addedArticlesQueryKey(userId),
    queryFn: ({ signal }) => listAddedArticles(userId, signal),
    enabled: userId !== "",
  });
}

const deleteMutationKey = (userId: string) => ["added-articles", userId, "delete"] as const;

/**
 * Deletes an added article: it leaves the list at once, and comes back to its place (with the
 * spec's alert) if the server refuses. Once deleted, the feed shown on the home page (and its
 * stored copy) no longer marks it added.
 */
export function useDeleteAddedArticle(userId: string) {
  const queryClient = useQueryClient();
  const key = addedArticlesQueryKey(userId);
  return useMutation({
    mutationKey: deleteMutationKey(userId),
    mutationFn: (article: AddedArticle) => deleteAddedArticle(article.id),
    onMutate: async (article) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const index = queryClient.getQueryData<AddedArticle[]>(key)?.findIndex((a) => a.id === article.id) ?? -1;
      queryClient.setQueryData<AddedArticle[]>(key, (list) => list && withoutId(list, article.id));
      return { index };
    },
    onError: (error, article, context) => {
      console.error("deleting an added article failed", error);
      if (context && context.index >= 0) {
        queryClient.setQueryData<AddedArticle[]>(key, (list) => withIdAt(list ?? [], article, context.index));
      }
      window.alert(DELETE_ARTICLE_FAILED);
    },
    onSuccess: (_answer, article) => {
      const feed = queryClient.setQueryData<FeedResponse>(feedQueryKey(userId), (shown) =>
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
