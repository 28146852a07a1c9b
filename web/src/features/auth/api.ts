/**
 * Calls of signing in and out: the session check, the public config, logging in, signing up,
 * verifying the e-mail, resetting the password and signing in with Google. Every one is made
 * with `logoutOn401: false` but logging out: their 401 is an answer about credentials, not a
 * session that just ended.
 */
import { queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";

const answer = { logoutOn401: false } as const;

/** `GET /api/check_auth`: signed in (with who and on which plan) or not. */
export type Session = InferResponseType<typeof client.api.check_auth.$get, 200>;

export const SIGNED_OUT: Session = { isAuthenticated: false };

/** The session as the server sees it; signed out when it cannot say (offline, an outage). */
async function readSession(): Promise<Session> {
  try {
    return await call(client.api.check_auth.$get(), answer);
  } catch {
    return SIGNED_OUT;
  }
}

export const sessionQuery = queryOptions({
  queryKey: ["auth", "check"] as const,
  queryFn: readSession,
  staleTime: 60_000,
  retry: false,
});

export const AUTH_QUERY_KEY = sessionQuery.queryKey;

/** What the server lets the page know before sign-in (whether Google sign-in is set up). */
export const publicConfigQuery = queryOptions({
  queryKey: ["config"] as const,
  queryFn: () => call(client.api.config.$get(), answer),
  staleTime: Infinity,
  retry: false,
});

export const logIn = (identifier: string, password: string) =>
  call(client.api.login.$post({ json: { identifier, password } }), answer);

export const logOut = () => call(client.api.logout.$post(), answer);

export const signUp = (account: { username: string; email: string; password: string }) =>
  call(client.api.signup.$post({ json: account }), answer);

export const verifyAccount = (userId: string, code: string) =>
  call(client.api.verify_account.$post({ json: { userId, code } }), answer);

export const resendVerification = (email: string) =>
  call(client.api["verify-email-resend"].$post({ json: { email } }), answer);

export const requestPasswordReset = (email: string) =>
  call(client.api.password.request_password_reset.$post({ json: { email } }), answer);

export const resetPassword = (token: string, newPassword: string) =>
  call(client.api.password.reset_password.$post({ json: { token, newPassword } }), answer);

/** Posts Google's code and state back (once: they work one time). */
export const finishGoogleSignIn = (code: string, state: string) =>
  call(client.api.login.google.callback.$post({ json: { code, state } }), answer);

/** Links Google to the password account of the same e-mail, with its password. */
export const linkGoogle = (password: string, linkingToken: string) =>
  call(client.api.login.google.link.$post({ json: { password, linkingToken } }), answer);
