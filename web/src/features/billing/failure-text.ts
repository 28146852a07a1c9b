import { ApiError, errorText } from "../../lib/api.ts";

/** The spec's texts for a failed call (section 8): the server's 4xx text, or the generic ones. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status >= 500) return "Something went wrong. Please try again later.";
  return errorText(error, "Request could not be completed.");
}
