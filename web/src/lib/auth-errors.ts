import { ApiError, NETWORK_ERROR_STATUS } from "./api.ts";

export type AuthAction = "login" | "signup";

export interface AuthErrorResult {
  message: string;
  /** Set when the account still needs its e-mail verified: where the code should be entered. */
  verify?: { userId: string; email: string };
}

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

function field(body: unknown, name: string): string | undefined {
  if (body && typeof body === "object" && name in body) {
    const value = (body as Record<string, unknown>)[name];
    if (typeof value === "string" && value.length > 0) return value;
    if (typeof value === "number") return String(value);
  }
  return undefined;
}

/** Maps a failed log-in or sign-up call to the message shown on the login screen. */
export function mapAuthError(action: AuthAction, error: unknown): AuthErrorResult {
  const network = action === "login" ? AUTH_MESSAGES.networkLogin : AUTH_MESSAGES.networkSignup;
  if (!(error instanceof ApiError) || error.status === NETWORK_ERROR_STATUS) return { message: network };

  const { status, body } = error;
  const serverText = field(body, "error") ?? "";

  if (status === 401) return { message: AUTH_MESSAGES.invalidCredentials };

  if (status === 403 && serverText.toLowerCase().includes("verify your email")) {
    const userId = field(body, "userId");
    const email = field(body, "email");
    return userId !== undefined
      ? { message: AUTH_MESSAGES.verifyEmail, verify: { userId, email: email ?? "" } }
      : { message: AUTH_MESSAGES.verifyEmail };
  }

  if (status === 409) {
    return {
      message: serverText.toLowerCase().includes("unique constraint") ? AUTH_MESSAGES.taken : AUTH_MESSAGES.conflict,
    };
  }

  if (status >= 400 && status < 500) return { message: serverText || AUTH_MESSAGES.request };
  if (status >= 500) return { message: AUTH_MESSAGES.server };
  return { message: network };
}

export function verifyEmailPath(userId: string, email: string): string {
  const params = new URLSearchParams({ user_id: userId, email });
  return `/verify-email?${params.toString()}`;
}
