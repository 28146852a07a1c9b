/**
 * Links to outside accounts (Spotify, YouTube) over OAuth 2.0 with PKCE: single-use pending
 * authorizations, links with their tokens sealed at rest, access tokens refreshed (rotated
 * refresh tokens kept), a revoked grant marked disconnected, and the writes of a person's set of
 * held items that keep holder counts and caps. The providers' own modules build on it.
 */
export {
  ConnectFailedError,
  deleteConnection,
  finishAuthorization,
  keepAuthorization,
  LinkRevokedError,
  linkState,
  markSynced,
  NotConnectedError,
  purgeConnects,
  resyncConnected,
  saveConnection,
  startAuthorization,
  storedTokens,
  takeAuthorization,
  withAccessToken,
  type LinkState,
  type ResyncTally,
} from "./links.ts";
export {
  GrantRefusedError,
  ProviderUnavailableError,
  revokeToken,
  type OAuthProvider,
  type Tokens,
} from "../../adapters/oauth/index.ts";
export { getJson, TokenRejectedError } from "../../adapters/oauth/index.ts";
export { cancelConnect, failureReason, finishConnect, startConnect, type ConnectFlow } from "./connect.ts";
export { addItems, removeItems, updateItems, type AddResult, type Counter } from "./item-set.ts";
export * from "./rules.ts";
