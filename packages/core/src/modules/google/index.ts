/** Google sign-in: OpenID Connect with PKCE, new accounts, and linking Google to an existing account. */
export { startSignIn, finishSignIn, linkAccount, isLinked, type SignedIn } from "./sign-in.ts";
export { isConfigured } from "../../adapters/google/index.ts";
export { purgeAccount } from "./purge.ts";
export { GOOGLE_MESSAGES, LINKING_TOKEN_TTL_SECONDS, SIGN_IN_TTL_SECONDS } from "./rules.ts";
export { personData } from "./person-data.ts";
