/**
 * OAuth 2.0 with PKCE against any provider (arctic), and authorised JSON reads of its API: the
 * one client that Spotify, YouTube and Google build on.
 */
export {
  authorizationUrl,
  exchangeCode,
  exchangeCodeAnswer,
  refreshTokens,
  revokeToken,
  GrantRefusedError,
  ProviderUnavailableError,
  type OAuthClient,
  type OAuthProvider,
  type Tokens,
} from "./oauth.ts";
export { getJson, TokenRejectedError } from "./http.ts";
/** PKCE's verifier and the state parameter, made as arctic makes them. */
export { generateCodeVerifier, generateState } from "arctic";
