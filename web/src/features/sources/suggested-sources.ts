/** Sources the person suggested: their shape (from the API), how each state reads, and failure texts. */
import { SUGGESTION_MESSAGES } from "@graph/core/modules/sources/rules";
import type { InferResponseType } from "hono/client";
import { ApiError, NETWORK_ERROR_STATUS } from "../../lib/api.ts";
import type { client } from "../../lib/client.ts";

/** `GET /api/rss/user_source_suggested_list`: one of the person's suggestions, as the route answers it. */
export type Suggestion = InferResponseType<typeof client.api.rss.user_source_suggested_list.$get, 200>[number];
export type ApprovalState = Suggestion["approval_state"];

/** Each state in the spec's words. */
export const APPROVAL_TEXT: Record<ApprovalState, string> = {
  pending: "pending...",
  approved: "added!",
  rejected: "rejected :(",
  duplicate: "already exists!",
};

/** How often the list is read again while a suggestion is still being checked (ms). */
export const PENDING_POLL_MS = 3_000;

export const SUGGEST_FAILED = "couldn't suggest that source. please try again.";
export const SUGGEST_OFFLINE = "couldn't reach graph. check your connection and try again.";
export const SUGGEST_TOO_MANY = "too many suggestions at once. please wait a moment and try again.";

export function hasPending(suggestions: readonly Suggestion[] | undefined): boolean {
  return suggestions?.some((s) => s.approval_state === "pending") ?? false;
}

/** The list's refetch interval: every few seconds while one is pending, never otherwise. */
export function pendingPollInterval(suggestions: readonly Suggestion[] | undefined): number | false {
  return hasPending(suggestions) ? PENDING_POLL_MS : false;
}

/** Whether the link field holds something to send (the server refuses an empty link). */
export function canSuggest(link: string): boolean {
  return link.trim() !== "";
}

/** The list with a just-made suggestion first (as the server lists them, newest first). */
export function withNewSuggestion(suggestions: readonly Suggestion[], made: Suggestion): Suggestion[] {
  return [made, ...suggestions.filter((s) => s.id !== made.id)];
}

/**
 * What to say when a suggestion failed, chosen by status and code: a refusal of the link itself
 * (`invalid_input`: not a web address, not http(s)) in the server's own words, which are written
 * to be shown; too many waiting (`limit_reached`), too many requests, no connection or anything
 * else in ours.
 */
export function suggestFailureText(error: unknown): string {
  if (!(error instanceof ApiError)) return SUGGEST_FAILED;
  if (error.status === NETWORK_ERROR_STATUS) return SUGGEST_OFFLINE;
  if (error.status === 429 || error.code === "rate_limited") return SUGGEST_TOO_MANY;
  if (error.code === "limit_reached") return SUGGESTION_MESSAGES.tooManyPending;
  if (error.status === 400 && error.code === "invalid_input" && error.body?.error) return error.body.error;
  return SUGGEST_FAILED;
}
