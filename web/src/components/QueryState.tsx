import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { LoadFailed } from "./LoadFailed.tsx";

interface QueryStateProps<T> {
  query: Pick<UseQueryResult<T>, "data" | "isError" | "refetch">;
  /** What was being read, for the failure: "couldn't load {what}." */
  what: string;
  /** Said while the first answer is on its way. */
  loading?: string;
  /** Shown instead of the list when the answer is an empty list. */
  empty?: ReactNode;
  /**
   * Keep showing what was read when a later read fails: for a form over the data, whose unsaved
   * edits the failure box would throw away. Otherwise the failure replaces it.
   */
  keepDataOnError?: boolean;
  children: (data: T) => ReactNode;
}

/** A query's answer, or while there is none yet, that it is loading; when it failed, a way to try again. */
export function QueryState<T>(props: QueryStateProps<T>) {
  const { query, what, loading = "loading...", empty, keepDataOnError = false, children } = props;
  const { data } = query;
  if (query.isError && !(keepDataOnError && data !== undefined))
    return <LoadFailed what={what} retry={() => void query.refetch()} />;
  if (data === undefined)
    return (
      <p className="loading" role="status">
        {loading}
      </p>
    );
  if (empty !== undefined && Array.isArray(data) && data.length === 0) return <>{empty}</>;
  return <>{children(data)}</>;
}
