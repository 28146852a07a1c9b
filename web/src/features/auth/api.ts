/**
 * Calls of signing in: logging in, signing up, verifying the e-mail, resetting the password and
 * signing in with Google (the session check, the public config and logging out are the shell's,
 * in lib/session.tsx). Every one is made with `logoutOn401: false`: their 401 is an answer about
 * credentials, not a session that just ended.
 */
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";

const answer = { logoutOn401: false } as const;

export const logIn = (identifier: string, password: string) =>
  call(client.api.login.$post({ json: { identifier, password } }), answer);

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
