/** Muting and unmuting words (TanStack Query): shown at once, undone if the server refuses. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForgetFeed } from "../feed/index.ts";
import { muteMutationKey, muteWord, mutesQuery, unmuteWord } from "./api.ts";
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
