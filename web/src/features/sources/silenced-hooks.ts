/** Silencing and un-silencing sources (TanStack Query). */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { silenceMutationKey, silenceSource, silencedQuery, unsilenceSource } from "./api.ts";
import { withIdAt, withoutId } from "../../lib/list-edits.ts";
import {
  SILENCE_FAILED,
  UNSILENCE_FAILED,
  asSilenced,
  isSilenced,
  sourceSilencedText,
  type SilencedSource,
  type SourceHit,
} from "./silenced-sources.ts";
import { useForgetFeed } from "../feed/index.ts";
import { useToast } from "../../components/Toasts.tsx";

/**
 * Silencing and un-silencing show at once. A failure undoes only that one source's change (not
 * a snapshot of the list, which would also undo other changes still on their way) and says so;
 * a success forgets the stored feed, which still holds the source's articles (or lacks them).
 */
function useSilencedChange<V extends { id: string }, C>(
  userId: string,
  change: {
    send: (source: V) => Promise<unknown>;
    apply: (list: SilencedSource[], source: V) => { list: SilencedSource[]; context: C };
    undo: (list: SilencedSource[], source: V, context: C) => SilencedSource[];
    failed: string;
    /** Offers "undo" after the change has been made on the server. */
    done?: (source: V) => void;
  },
) {
  const queryClient = useQueryClient();
  const forgetFeed = useForgetFeed(userId);
  const toast = useToast();
  const key = silencedQuery(userId).queryKey;
  return useMutation({
    mutationKey: silenceMutationKey(userId),
    mutationFn: change.send,
    onMutate: async (source: V) => {
      // A list read still on its way would overwrite the change with the old state.
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const { list, context } = change.apply(queryClient.getQueryData(key) ?? [], source);
      queryClient.setQueryData(key, list);
      return { context };
    },
    onError: (error, source, held) => {
      console.error("changing silenced sources failed", error);
      if (held) queryClient.setQueryData(key, (list) => change.undo(list ?? [], source, held.context));
      toast.alert(change.failed);
    },
    onSuccess: (_answer, source) => {
      forgetFeed();
      change.done?.(source);
    },
    onSettled: () => {
      // Re-read the list from the server once no other change is on its way.
      if (queryClient.isMutating({ mutationKey: silenceMutationKey(userId) }) === 1) {
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
      }
    },
  });
}

/** Silences a source, and offers to un-silence it for a few seconds. */
export function useSilence(userId: string) {
  const queryClient = useQueryClient();
  const forgetFeed = useForgetFeed(userId);
  const toast = useToast();
  const unsilence = async (source: Pick<SourceHit, "id">) => {
    await unsilenceSource(source.id);
    queryClient.setQueryData(silencedQuery(userId).queryKey, (list) => withoutId(list ?? [], source.id));
    forgetFeed();
  };
  return useSilencedChange<Pick<SourceHit, "id" | "name">, { was: boolean }>(userId, {
    send: (source) => silenceSource(source.id),
    apply: (list, source) => {
      const was = isSilenced(list, source.id);
      return { list: was ? list : [...list, asSilenced(source)], context: { was } };
    },
    undo: (list, source, { was }) => (was ? list : withoutId(list, source.id)),
    failed: SILENCE_FAILED,
    done: (source) =>
      toast.undoable(sourceSilencedText(source.name), {
        run: () => unsilence(source),
        failed: UNSILENCE_FAILED,
      }),
  });
}

export function useUnsilence(userId: string) {
  return useSilencedChange<SilencedSource, { index: number }>(userId, {
    send: (source) => unsilenceSource(source.id),
    apply: (list, source) => ({
      list: withoutId(list, source.id),
      context: { index: list.findIndex((s) => s.id === source.id) },
    }),
    undo: (list, source, { index }) => (index < 0 ? list : withIdAt(list, source, index)),
    failed: UNSILENCE_FAILED,
  });
}
