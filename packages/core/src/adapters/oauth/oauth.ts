import { CodeChallengeMethod, OAuth2Client, OAuth2RequestError, ArcticFetchError } from "arctic";
import * as z from "zod";
import type { LinkProvider } from "../../modules/connections/rules.ts";

/**
 * One OAuth 2.0 provider as the link code needs it: the client, where its endpoints are (from
 * linked resources, never written here), the scopes and the authorization page's extra
 * parameters. Spotify's and YouTube's modules each make theirs.
 */
export interface OAuthProvider extends OAuthClient {
  name: LinkProvider;
}

/** Any OAuth 2.0 client by its endpoints: a provider's, or a service linked outside connections (Discord). */
export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  redirectUri: string;
  scopes: string[];
  /** Added to the authorization address (Google's `access_type=offline`, `prompt=consent`). */
  authorizationParams?: Record<string, string>;
}

/** Tokens as a token endpoint answered them, checked. */
export interface Tokens {
  accessToken: string;
  /** Absent when the provider gave none (a refresh that does not rotate). */
  refreshToken: string | undefined;
  /** Epoch ms. */
  accessExpiresAt: number;
  /** The scopes granted, when the provider says (a person may grant fewer than asked). */
  scopes: string[] | undefined;
}

/** The provider refused the grant (a revoked, expired or rotated-away refresh token, a used code). */
export class GrantRefusedError extends Error {
  constructor(readonly code: string) {
    super(`the provider refused the grant (${code})`);
    this.name = "GrantRefusedError";
  }
}

/** The provider could not be reached or answered something no OAuth server answers. */
export class ProviderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProviderUnavailableError";
  }
}

const clientOf = (p: OAuthClient) => new OAuth2Client(p.clientId, p.clientSecret, p.redirectUri);

/** The consent page's address: with PKCE (S256) unless `codeVerifier` is null. */
export function authorizationUrl(p: OAuthClient, state: string, codeVerifier: string | null): string {
  const url =
    codeVerifier === null
      ? clientOf(p).createAuthorizationURL(p.authorizationEndpoint, state, p.scopes)
      : clientOf(p).createAuthorizationURLWithPKCE(
          p.authorizationEndpoint,
          state,
          CodeChallengeMethod.S256,
          codeVerifier,
          p.scopes,
        );
  for (const [name, value] of Object.entries(p.authorizationParams ?? {})) url.searchParams.set(name, value);
  return url.toString();
}

/** A token answer, untrusted: only what is used, within sane sizes. */
const TokenAnswer = z.object({
  access_token: z.string().min(1).max(8192),
  refresh_token: z.string().min(1).max(8192).optional(),
  expires_in: z
    .number()
    .int()
    .positive()
    .max(10 * 365 * 24 * 3600)
    .optional(),
  scope: z.string().max(4096).optional(),
});

/** Access tokens without an expiry are treated as lasting an hour (both providers' default). */
const DEFAULT_LIFETIME_S = 3600;

function tokensOf(data: object): Tokens {
  const parsed = TokenAnswer.safeParse(data);
  if (!parsed.success) throw new ProviderUnavailableError("the token endpoint answered no usable token");
  return {
    accessToken: parsed.data.access_token,
    refreshToken: parsed.data.refresh_token,
    accessExpiresAt: Date.now() + (parsed.data.expires_in ?? DEFAULT_LIFETIME_S) * 1000,
    scopes: parsed.data.scope?.split(/[\s,]+/).filter(Boolean),
  };
}

/** Turns arctic's failures into the two that matter: the grant refused, or the provider unreachable. */
async function calling<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof OAuth2RequestError) throw new GrantRefusedError(error.code);
    if (error instanceof ArcticFetchError) throw new ProviderUnavailableError("the provider is not reachable");
    if (error instanceof GrantRefusedError || error instanceof ProviderUnavailableError) throw error;
    throw new ProviderUnavailableError(`the provider answered unexpectedly (${(error as Error).name})`);
  }
}

/** Exchanges a code (with the PKCE verifier) for tokens. */
export const exchangeCode = async (p: OAuthClient, code: string, codeVerifier: string | null) =>
  (await exchangeCodeAnswer(p, code, codeVerifier)).tokens;

/**
 * Exchanges a code and answers the tokens with the token endpoint's whole answer, untrusted,
 * for what a provider adds beside them (Discord's `webhook`): the caller checks it.
 */
export const exchangeCodeAnswer = (
  p: OAuthClient,
  code: string,
  codeVerifier: string | null,
): Promise<{ tokens: Tokens; answer: unknown }> =>
  calling(async () => {
    const data = (await clientOf(p).validateAuthorizationCode(p.tokenEndpoint, code, codeVerifier)).data;
    return { tokens: tokensOf(data), answer: data };
  });

/** A new access token (and, from a provider that rotates them, a new refresh token). */
export const refreshTokens = (p: OAuthProvider, refreshToken: string) =>
  calling(async () => tokensOf((await clientOf(p).refreshAccessToken(p.tokenEndpoint, refreshToken, [])).data));

/**
 * Revokes a token at the provider's revocation endpoint (RFC 7009; Google revokes the whole
 * grant from either of its tokens). A token the provider no longer knows counts as revoked.
 */
export async function revokeToken(p: OAuthClient, revocationEndpoint: string, token: string): Promise<void> {
  try {
    await calling(() => clientOf(p).revokeToken(revocationEndpoint, token));
  } catch (error) {
    if (error instanceof GrantRefusedError && (error.code === "invalid_token" || error.code === "invalid_grant"))
      return;
    throw error;
  }
}
