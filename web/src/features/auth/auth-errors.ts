import { ApiError, NETWORK_ERROR_STATUS } from "../../lib/api.ts";

export type AuthAction = "login" | "signup";

export interface AuthErrorResult {
  message: string;
  /** Set when the account still needs its e-mail verified: where the code should be entered. */
  verify?: { userId: string; email: string };
}

/** The login screen's messages, word for word from the spec's error catalogue. */
export const AUTH_MESSAGES = {
  invalidCredentials: "Invalid username or password.",
  verifyEmail: "Please verify your email address before logging in.",
  taken: "That username or email is already taken.",
  conflict: "A conflict occurred. Please try different credentials.",
  request: "Request could not be completed.",
  server: "Something went wrong. Please try again later.",
  networkLogin: "An unexpected error occurred",
  networkSignup: "An unexpected error occurred during signup",
} as const;

function text(value: unknown): string | undefined {
  if (typeof value === "string" && value.length > 0) return value;
  if (typeof value === "number") return String(value);
  return undefined;
}

/**
 * Maps a failed log-in or sign-up call to the message shown on the login screen. The answer's
 * `code` decides (the server's wording may change); the status decides only for answers without
 * a code we know, such as a proxy's.
 */
export function mapAuthError(action: AuthAction, error: unknown): AuthErrorResult {
  const network = action === "login" ? AUTH_MESSAGES.networkLogin : AUTH_MESSAGES.networkSignup;
  if (!(error instanceof ApiError) || error.status === NETWORK_ERROR_STATUS) return { message: network };

  const { status, code, body } = error;
  switch (code) {
    case "invalid_credentials":
      return { message: AUTH_MESSAGES.invalidCredentials };
    case "email_unverified": {
      const userId = text(body?.userId);
      return userId !== undefined
        ? { message: AUTH_MESSAGES.verifyEmail, verify: { userId, email: text(body?.email) ?? "" } }
        : { message: AUTH_MESSAGES.verifyEmail };
    }
    case "username_taken":
      return { message: AUTH_MESSAGES.taken };
  }

  if (status === 401) return { message: AUTH_MESSAGES.invalidCredentials };
  if (status === 409) return { message: AUTH_MESSAGES.conflict };
  // Other refusals (an invalid e-mail, rate_limited, ...) carry a message written for people.
  if (status >= 400 && status < 500) return { message: text(body?.error) ?? AUTH_MESSAGES.request };
  if (status >= 500) return { message: AUTH_MESSAGES.server };
  return { message: network };
}

/** The verify page's failures, word for word from the spec's error catalogue. */
export const VERIFY_MESSAGES = {
  /** The code was refused, and the answer did not say why. */
  checkCode: "verification failed. please check your code and try again.",
  /** The server failed, or the request never reached it. */
  failed: "Failed to verify account",
} as const;

/**
 * What the verify page says when verifying failed: the server's words for a refusal (a wrong,
 * expired or locked code says which and what to do); a refusal without words asks to check the
 * code; a server failure or a request that never reached it says the account was not verified.
 */
export function verifyFailureText(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === NETWORK_ERROR_STATUS) return VERIFY_MESSAGES.failed;
  const said = text(error.body?.error);
  if (error.status < 500) return said ?? VERIFY_MESSAGES.checkCode;
  // A 500's words are for the logs; a 503 ("busy, try again") is for the person.
  return error.status !== 500 && said !== undefined ? said : VERIFY_MESSAGES.failed;
}

export function verifyEmailPath(userId: string, email: string): string {
  const params = new URLSearchParams({ user_id: userId, email });
  return `/verify-email?${params.toString()}`;
}
