/** Suggesting a source (TanStack Query): the new suggestion is listed at once. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { suggestSource, suggestionsQuery } from "./api.ts";
import { withNewSuggestion } from "./suggested-sources.ts";

/** Suggests a link; the new suggestion is listed at once and the list read again. */
export function useSuggestSource(userId: string, onSuggested: () => void) {
  const queryClient = useQueryClient();
  const key = suggestionsQuery(userId).queryKey;
  return useMutation({
    mutationFn: suggestSource,
    onSuccess: (made) => {
      queryClient.setQueryData(key, (list) => withNewSuggestion(list ?? [], made));
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
      onSuggested();
    },
    onError: (error) => console.error("suggesting a source failed", error),
  });
}
