/** Muting and unmuting words (TanStack Query): shown at once, undone if the server refuses. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForgetFeed } from "../feed/index.ts";
import {
  filterMutationKey,
  filtersQuery,
  muteMutationKey,
  muteWord,
  mutesQuery,
  sendFilterChange,
  unmuteWord,
  type FilterChange,
} from "./api.ts";
import { undoOf, withChange, type FiltersView } from "./feed-filters.ts";
import { withWord, withoutWord, type MuteList } from "./mute-words.ts";

/**
 * A change to the list, shown at once. A failure undoes only that word's change (not a snapshot
 * of the list, which would also undo other changes still on their way); a success forgets the
 * stored feed, which still holds (or lacks) the word's articles.
 */
function useMuteChange(userId: string, change: { send: (word: string) => Promise<unknown>; muting: boolean }) {
  const queryClient = useQueryClient();
  const forgetFeed = useForgetFeed(userId);
  const key = mutesQuery(userId).queryKey;
  return useMutation({
    mutationKey: muteMutationKey(userId),
    mutationFn: change.send,
    onMutate: async (word: string) => {
      // A list read still on its way would overwrite the change with the old state.
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const list = queryClient.getQueryData(key);
      const had = list?.words.includes(word) ?? false;
      if (list) queryClient.setQueryData(key, change.muting ? withWord(list, word) : withoutWord(list, word));
      return { had };
    },
    onError: (error, word, held) => {
      console.error(change.muting ? "muting a word failed" : "unmuting a word failed", error);
      queryClient.setQueryData(key, (list: MuteList | undefined) => {
        if (!list || !held) return list;
        if (change.muting) return held.had ? list : withoutWord(list, word);
        return held.had ? withWord(list, word) : list;
      });
    },
    onSuccess: () => forgetFeed(),
    onSettled: () => {
      // Re-read the list from the server once no other change is on its way.
      if (queryClient.isMutating({ mutationKey: muteMutationKey(userId) }) === 1) {
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
      }
    },
  });
}

export const useMuteWord = (userId: string) => useMuteChange(userId, { send: muteWord, muting: true });
export const useUnmuteWord = (userId: string) => useMuteChange(userId, { send: unmuteWord, muting: false });

/**
 * A change of the advanced filters, shown at once. A failure undoes only that change (as a
 * muted word's does), so other changes on their way stay; a success forgets the stored feed.
 */
export function useFilterChange(userId: string) {
  const queryClient = useQueryClient();
  const forgetFeed = useForgetFeed(userId);
  const key = filtersQuery(userId).queryKey;
  return useMutation({
    mutationKey: filterMutationKey(userId),
    mutationFn: sendFilterChange,
    onMutate: async (change: FilterChange) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const view = queryClient.getQueryData(key);
      if (view) queryClient.setQueryData(key, withChange(view, change));
      return { undo: view ? undoOf(view, change) : null };
    },
    onError: (error, _change, held) => {
      console.error("changing a feed filter failed", error);
      const undo = held?.undo;
      if (undo)
        queryClient.setQueryData(key, (view: FiltersView | undefined) => (view ? withChange(view, undo) : view));
    },
    onSuccess: () => forgetFeed(),
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: filterMutationKey(userId) }) === 1) {
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
      }
    },
  });
}
