/** Server state of the suggested sources (TanStack Query): the list, read again while any is being checked, and suggesting. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { listSuggestions, suggestSource, suggestionsQueryKey } from "./api.ts";
import { pendingPollInterval, withNewSuggestion, type Suggestion } from "./suggested-sources.ts";

/**
 * The person's suggestions. A suggestion is checked in the background, so while one is pending
 * the list is read again every few seconds until it has turned into added!, rejected or a
 * duplicate; then the polling stops.
 */
export function useSuggestions(userId: string) {
  return useQuery({
    queryKey: suggestionsQueryKey(userId),
    queryFn: ({ signal }) => listSuggestions(signal),
    enabled: userId !== "",
    refetchInterval: (query) => pendingPollInterval(query.state.data),
  });
}

/** Suggests a link; the new suggestion is listed at once and the list read again. */
export function useSuggestSource(userId: string, onSuggested: () => void) {
  const queryClient = useQueryClient();
  const key = suggestionsQueryKey(userId);
  return useMutation({
    mutationFn: suggestSource,
    onSuccess: (made) => {
      queryClient.setQueryData<Suggestion[]>(key, (list) => withNewSuggestion(list ?? [], made));
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
      onSuggested();
    },
    onError: (error) => console.error("suggesting a source failed", error),
  });
}
