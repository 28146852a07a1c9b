/** How a person signs in: with an e-mail and password, or with another provider. */
export type AuthProvider = "email" | "google";
/** Every way the person can sign in: a password, Google, or both (Google linked to a password account). */
export type SignInMethods = "password" | "google" | "both";

export const ACCOUNT_MESSAGES = {
  passwordRequired: "Enter your password to delete your account.",
  /** An account without a password (Google only) confirms by typing its username. */
  usernameRequired: "Type your username to delete your account.",
  usernameWrong: "That is not your username.",
} as const;
