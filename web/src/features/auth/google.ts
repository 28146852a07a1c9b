/** Where the Google button sends the browser: the API answers with a redirect to Google (or its local stand-in). */
export const GOOGLE_START_PATH = "/api/login/google";

/** What the callback page hands the login page (in the history entry's state) when it does not sign in. */
export type GoogleReturnState = { googleLinking: { email: string; linkingToken: string } } | { googleError: string };

/** The callback's hand-over, if the current history entry carries one (anything else is ignored). */
export function readGoogleReturn(state: unknown): GoogleReturnState | undefined {
  if (typeof state !== "object" || state === null) return undefined;
  const { googleLinking, googleError } = state as Record<string, unknown>;
  if (typeof googleError === "string") return { googleError };
  if (typeof googleLinking === "object" && googleLinking !== null) {
    const { email, linkingToken } = googleLinking as Record<string, unknown>;
    if (typeof email === "string" && typeof linkingToken === "string")
      return { googleLinking: { email, linkingToken } };
  }
  return undefined;
}
