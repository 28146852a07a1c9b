/** How the home page answers a refused manual refresh. */
import { ApiError } from "../../lib/api.ts";

export interface RefreshRefusal {
  /** The server's own message, which the spec has the page alert. */
  message: string;
  /** How long the refresh button stays off; null when the server did not say. */
  retryAfterMs: number | null;
}

/**
 * The refusals a manual refresh can meet by design, chosen by code: not part of the plan, still
 * cooling down, the day's refreshes used up, or too many requests. Anything else is a failure to
 * log, not to show.
 */
export function refreshRefusal(error: unknown): RefreshRefusal | null {
  if (!(error instanceof ApiError)) return null;
  switch (error.code) {
    case "not_in_plan":
    case "refresh_cooldown":
    case "out_of_refreshes":
    case "rate_limited": {
      const seconds = Number(error.body?.tryAgainAfter);
      return {
        message: error.message,
        retryAfterMs: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null,
      };
    }
    default:
      return null;
  }
}
