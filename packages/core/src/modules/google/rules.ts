/** Google sign-in's limits and messages (pure: the web app shows the same words). */

/** How long a person has at Google between pressing the button and coming back. */
export const SIGN_IN_TTL_SECONDS = 10 * 60;
/** How long an offer to link Google to an existing account stays open. */
export const LINKING_TOKEN_TTL_SECONDS = 10 * 60;

export const GOOGLE_MESSAGES = {
  /** Any failed return from Google: wrong or missing state, a used or wrong code, a bad ID token. */
  failed: "Google sign-in failed. Please try again",
  /** The page's own fallback when the server gave no reason (network, outage, Google's refusal). */
  failedShort: "Google sign-in failed.",
  /** The page's fallback when linking failed without a reason from the server. */
  linkFailed: "Linking failed. Check your password.",
  linkRequired: "An account with this email already exists. Enter its password to link your Google account.",
  emailUnverified:
    "Google has not verified the email address of this Google account, so it cannot be used to sign in here.",
  linkingTokenInvalid: "This link request is invalid or has expired. Sign in with Google again.",
  alreadyLinked: "This account is already linked to another Google account.",
  notConfigured: "Google sign-in is not configured.",
} as const;
