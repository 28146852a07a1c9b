/** Deleting from one of the person's paged lists (channels, videos): off the list at once, back in its place if refused. */
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ListData, placeOf, withItemAt, withoutItem } from "../../lib/paged-list.ts";

export function useListDelete<T extends { id: string }>(options: {
  key: QueryKey;
  remove: (item: T) => Promise<unknown>;
  onStart: () => void;
  onFailed: (error: unknown) => void;
  /** After the last delete on its way has settled: the list (and what else counts it) read again. */
  refresh: () => void;
}) {
  const { key } = options;
  const queryClient = useQueryClient();
  const mutationKey = [...key, "delete"];
  const write = (change: (data: ListData<T>) => ListData<T>) =>
    queryClient.setQueryData<ListData<T>>(key, (data) => (data ? change(data) : data));
  return useMutation({
    mutationKey,
    mutationFn: options.remove,
    onMutate: async (item) => {
      options.onStart();
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const place = placeOf(queryClient.getQueryData<ListData<T>>(key), item.id);
      write((data) => withoutItem(data, item.id));
      return { place };
    },
    onError: (error, item, context) => {
      // Back where it was, not a snapshot of the list (which would undo other deletes on their way).
      if (context?.place) {
        const place = context.place;
        write((data) => withItemAt(data, item, place));
      }
      options.onFailed(error);
    },
    onSettled: () => {
      // Read again once the last delete has settled (an earlier answer would bring back a later one).
      if (queryClient.isMutating({ mutationKey }) === 1) options.refresh();
    },
  });
}
