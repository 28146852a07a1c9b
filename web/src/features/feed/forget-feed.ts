import { useCallback } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { clearStoredFeed, feedQuery } from "./api.ts";

/**
 * Changing topics or silenced sources makes the feed out of date: the stored copy is dropped and
 * the cached query marked stale, so the home page asks the server (which recomputes it) when it
 * is next shown.
 */
export function useForgetFeed(userId: string) {
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearStoredFeed(userId);
    void queryClient.invalidateQueries({ queryKey: feedQuery(userId).queryKey });
  }, [queryClient, userId]);
}
