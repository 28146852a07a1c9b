import { CodeChallengeMethod, OAuth2Client } from "arctic";
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import { Resource } from "sst";

/**
 * Where the OpenID provider lives. On AWS these are Google's (infra/google.ts); locally, without
 * Google credentials, they are the stand-in's (packages/local/src/google/). The code is the same.
 */
export interface ProviderSettings {
  clientId: string;
  clientSecret: string;
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
  redirectUri: string;
}

/** Google signs ID tokens with either spelling of its issuer. */
const GOOGLE_ISSUER = "https://accounts.google.com";

export function settings(): ProviderSettings {
  const oidc = Resource.GoogleOidc;
  return {
    clientId: Resource.GoogleClientId.value,
    clientSecret: Resource.GoogleClientSecret.value,
    issuer: oidc.issuer,
    authorizationEndpoint: oidc.authorizationEndpoint,
    tokenEndpoint: oidc.tokenEndpoint,
    jwksUri: oidc.jwksUri,
    // The web app's page that posts the code back (web/src/features/auth/GoogleCallback.tsx).
    redirectUri: `${Resource.Config.siteUrl.replace(/\/$/, "")}/login/google/callback`,
  };
}

export const isConfigured = () => {
  const { clientId, clientSecret } = settings();
  return clientId.length > 0 && clientSecret.length > 0;
};

const clientOf = (s: ProviderSettings) => new OAuth2Client(s.clientId, s.clientSecret, s.redirectUri);

/** The address to send the browser to: S256 PKCE, the nonce the ID token must carry. */
export function authorizationUrl(s: ProviderSettings, state: string, codeVerifier: string, nonce: string): string {
  const url = clientOf(s).createAuthorizationURLWithPKCE(
    s.authorizationEndpoint,
    state,
    CodeChallengeMethod.S256,
    codeVerifier,
    ["openid", "email", "profile"],
  );
  url.searchParams.set("nonce", nonce);
  // Lets a person with several Google accounts choose which one to use.
  url.searchParams.set("prompt", "select_account");
  return url.toString();
}

/** Exchanges the code (with the PKCE verifier) for tokens and answers the ID token. */
export async function exchangeCode(s: ProviderSettings, code: string, codeVerifier: string): Promise<string> {
  const tokens = await clientOf(s).validateAuthorizationCode(s.tokenEndpoint, code, codeVerifier);
  return tokens.idToken();
}

/** The provider's signing keys, fetched and cached (and refetched on an unknown key id) by jose. */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keysOf(jwksUri: string) {
  let keys = keySets.get(jwksUri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(jwksUri));
    keySets.set(jwksUri, keys);
  }
  return keys;
}

export interface GoogleIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | undefined;
}

/**
 * Checks an ID token: signed by one of the provider's keys (RS256), from the provider, for this
 * client, not expired, and carrying the nonce of this sign-in. Throws when any of it fails.
 */
export async function verifyIdToken(s: ProviderSettings, idToken: string, nonce: string): Promise<GoogleIdentity> {
  const issuers = s.issuer === GOOGLE_ISSUER ? [GOOGLE_ISSUER, "accounts.google.com"] : [s.issuer];
  const { payload } = await jwtVerify(idToken, keysOf(s.jwksUri), {
    issuer: issuers,
    audience: s.clientId,
    algorithms: ["RS256"],
    requiredClaims: ["exp", "iat", "sub", "nonce"],
    clockTolerance: 30,
  });
  if (payload.nonce !== nonce) throw new Error("the ID token's nonce is not this sign-in's");
  return identityOf(payload);
}

function identityOf(payload: JWTPayload): GoogleIdentity {
  const { sub, email, email_verified: verified, name } = payload as JWTPayload & Record<string, unknown>;
  if (typeof sub !== "string" || sub.length === 0 || sub.length > 255) throw new Error("the ID token has no subject");
  if (typeof email !== "string" || email.length === 0) throw new Error("the ID token has no email");
  return {
    subject: sub,
    email: email.trim().toLowerCase(),
    // Google sends a boolean; some providers send the string "true".
    emailVerified: verified === true || verified === "true",
    name: typeof name === "string" ? name : undefined,
  };
}
