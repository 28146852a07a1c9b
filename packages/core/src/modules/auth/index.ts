/** Accounts: sign-up, verification, log-in, sessions, password reset. */
export {
  signUp,
  logIn,
  verify,
  resendCode,
  requestPasswordReset,
  resetPassword,
  MESSAGES,
  LIMITS,
  CODE_TTL_SECONDS,
  CODE_MAX_WRONG_TRIES,
  RESET_TTL_SECONDS,
} from "./accounts.ts";
export * as Sessions from "./sessions.ts";
export { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS } from "./sessions.ts";
export type { Session } from "./sessions.ts";
export { purgeUnverified, UNVERIFIED_GRACE_DAYS } from "./purge-unverified.ts";
export { confirmPassword, WRONG_PASSWORD } from "./confirm-password.ts";
export { purgeAccount } from "./purge.ts";
export { personData } from "./person-data.ts";
