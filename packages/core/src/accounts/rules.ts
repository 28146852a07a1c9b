/** How a person signs in: with an e-mail and password, or with another provider. */
export type AuthProvider = "email" | "google";

export const ACCOUNT_MESSAGES = {
  passwordRequired: "Enter your password to delete your account.",
} as const;
