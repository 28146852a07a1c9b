import { randomBytes, timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { s256, SigningKey, subjectOf } from "./keys.ts";
import { chooserPage, errorPage, pageCsp, type Identity } from "./page.ts";

/** Google's published endpoints, used when GOOGLE_CLIENT_ID is set (as on AWS: infra/google.ts). */
const GOOGLE = {
  issuer: "https://accounts.google.com",
  authorizationEndpoint: "https://accounts.google.com/o/oauth2/v2/auth",
  tokenEndpoint: "https://oauth2.googleapis.com/token",
  jwksUri: "https://www.googleapis.com/oauth2/v3/certs",
};

export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  /** What graph links as `Resource.GoogleOidc`. */
  oidc: typeof GOOGLE;
  /** Whether graph signs in against the stand-in (mounted at `STAND_IN_PATH`). */
  standIn: boolean;
}

export const STAND_IN_PATH = "/_google";

/**
 * Real Google when GOOGLE_CLIENT_ID (and its secret) are set; otherwise the stand-in on this
 * port, with a client id and a secret made for this run.
 */
export function googleSettings(runtimeUrl: string, env: NodeJS.ProcessEnv = process.env): GoogleSettings {
  if (env.GOOGLE_CLIENT_ID) {
    return {
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET ?? "",
      oidc: GOOGLE,
      standIn: false,
    };
  }
  const issuer = `${runtimeUrl}${STAND_IN_PATH}`;
  return {
    clientId: "graph-local.apps.googleusercontent.test",
    clientSecret: randomBytes(24).toString("base64url"),
    oidc: {
      issuer,
      authorizationEndpoint: `${issuer}/authorize`,
      tokenEndpoint: `${issuer}/token`,
      jwksUri: `${issuer}/jwks`,
    },
    standIn: true,
  };
}

/** Codes live as briefly as Google's; each is used once. */
const CODE_TTL_MS = 60_000;
const ID_TOKEN_TTL_SECONDS = 3600;

interface Grant {
  redirectUri: string;
  codeChallenge: string;
  nonce: string | undefined;
  identity: Identity;
  expiresAt: number;
}

/**
 * An OpenID provider standing in for Google: discovery document, an account chooser where a
 * person picks or types a test identity, a token endpoint that checks the client, the code (once),
 * the redirect URI and the PKCE verifier, a JWKS, and RS256 ID tokens carrying the nonce.
 * Only `redirectUri` (graph's callback page) is accepted, as Google accepts only registered ones.
 */
export function mountGoogle(root: Hono, settings: GoogleSettings, redirectUri: string) {
  const { clientId, clientSecret, oidc } = settings;
  const key = new SigningKey();
  const grants = new Map<string, Grant>();
  const known = new Map<string, Identity>();
  const siteOrigin = new URL(redirectUri).origin;

  const sweep = (now: number) => {
    for (const [code, grant] of grants) if (grant.expiresAt <= now) grants.delete(code);
  };

  /** What the authorize request asked for, or why it is refused (shown, never redirected: the redirect is not trusted yet). */
  const authorizeParams = (
    read: (name: string) => string | undefined,
  ):
    | { error: string }
    | {
        error?: undefined;
        params: Record<string, string> & { state: string; code_challenge: string; nonce: string };
      } => {
    const params = {
      client_id: read("client_id") ?? "",
      redirect_uri: read("redirect_uri") ?? "",
      response_type: read("response_type") ?? "",
      state: read("state") ?? "",
      code_challenge: read("code_challenge") ?? "",
      code_challenge_method: read("code_challenge_method") ?? "",
      nonce: read("nonce") ?? "",
      scope: read("scope") ?? "",
    };
    if (params.client_id !== clientId) return { error: "The OAuth client was not found." };
    if (params.redirect_uri !== redirectUri)
      return { error: "redirect_uri_mismatch: the redirect URI is not registered." };
    if (params.response_type !== "code") return { error: "Only response_type=code is supported." };
    if (params.code_challenge_method !== "S256" || !params.code_challenge) return { error: "PKCE (S256) is required." };
    if (!params.scope.split(" ").includes("openid")) return { error: "The openid scope is required." };
    return { params };
  };

  const app = new Hono()
    .get("/.well-known/openid-configuration", (c) =>
      c.json({
        issuer: oidc.issuer,
        authorization_endpoint: oidc.authorizationEndpoint,
        token_endpoint: oidc.tokenEndpoint,
        jwks_uri: oidc.jwksUri,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        scopes_supported: ["openid", "email", "profile"],
        token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
        code_challenge_methods_supported: ["S256"],
        claims_supported: ["aud", "email", "email_verified", "exp", "iat", "iss", "name", "nonce", "sub"],
      }),
    )
    .get("/jwks", (c) => c.json({ keys: [key.publicJwk] }))
    .get("/authorize", (c) => {
      const asked = authorizeParams((name) => c.req.query(name));
      c.header("Content-Security-Policy", pageCsp(siteOrigin));
      if (asked.error !== undefined) return c.html(errorPage(asked.error), 400);
      return c.html(chooserPage(`${STAND_IN_PATH}/authorize`, asked.params, [...known.values()]));
    })
    .post("/authorize", async (c) => {
      const form = await c.req.parseBody();
      const field = textField(form);
      const asked = authorizeParams(field);
      if (asked.error !== undefined) {
        c.header("Content-Security-Policy", pageCsp(siteOrigin));
        return c.html(errorPage(asked.error), 400);
      }
      const back = new URL(redirectUri);
      back.searchParams.set("state", asked.params.state);
      const email = field("email")?.trim().toLowerCase() ?? "";
      if (field("cancel") || !email.includes("@")) {
        back.searchParams.set("error", "access_denied");
        return c.redirect(back.toString(), 303);
      }
      const identity: Identity = {
        email,
        name: field("name")?.trim() || email.split("@")[0]!,
        emailVerified: field("email_verified") === "on",
      };
      known.set(`${identity.email}:${identity.emailVerified}`, identity);
      const now = Date.now();
      sweep(now);
      const code = `4/${randomBytes(24).toString("base64url")}`;
      grants.set(code, {
        redirectUri,
        codeChallenge: asked.params.code_challenge,
        nonce: asked.params.nonce || undefined,
        identity,
        expiresAt: now + CODE_TTL_MS,
      });
      back.searchParams.set("code", code);
      return c.redirect(back.toString(), 303);
    })
    .post("/token", async (c) => {
      const form = await c.req.parseBody();
      const field = textField(form);
      const [id, secret] = basicCredentials(c.req.header("authorization")) ?? [
        field("client_id"),
        field("client_secret"),
      ];
      if (id !== clientId || !secret || !sameText(secret, clientSecret))
        return c.json({ error: "invalid_client", error_description: "The OAuth client was not found." }, 401);
      if (field("grant_type") !== "authorization_code")
        return c.json({ error: "unsupported_grant_type", error_description: "Only authorization_code." }, 400);
      const code = field("code") ?? "";
      const grant = grants.get(code);
      // A code is spent by its first use, right or wrong, as at Google.
      grants.delete(code);
      const invalid = (description: string) => c.json({ error: "invalid_grant", error_description: description }, 400);
      if (!grant || grant.expiresAt <= Date.now()) return invalid("Malformed auth code.");
      if (field("redirect_uri") !== grant.redirectUri) return invalid("Bad Request: redirect_uri mismatch.");
      const verifier = field("code_verifier") ?? "";
      if (!verifier || s256(verifier) !== grant.codeChallenge) return invalid("Invalid code verifier.");
      const iat = Math.floor(Date.now() / 1000);
      const idToken = key.sign({
        iss: oidc.issuer,
        azp: clientId,
        aud: clientId,
        sub: subjectOf(grant.identity.email),
        email: grant.identity.email,
        email_verified: grant.identity.emailVerified,
        name: grant.identity.name,
        iat,
        exp: iat + ID_TOKEN_TTL_SECONDS,
        ...(grant.nonce ? { nonce: grant.nonce } : {}),
      });
      return c.json({
        access_token: randomBytes(24).toString("base64url"),
        expires_in: ID_TOKEN_TTL_SECONDS,
        scope: "openid email profile",
        token_type: "Bearer",
        id_token: idToken,
      });
    });
  root.route(STAND_IN_PATH, app);
}

function basicCredentials(header: string | undefined): [string, string] | undefined {
  const match = /^Basic\s+(.+)$/i.exec(header ?? "");
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, "base64").toString();
  const colon = decoded.indexOf(":");
  return colon < 0 ? undefined : [decoded.slice(0, colon), decoded.slice(colon + 1)];
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A form's text field by name (files and repeated fields are not text). */
const textField =
  (form: Record<string, unknown>) =>
  (name: string): string | undefined => {
    const value = form[name];
    return typeof value === "string" ? value : undefined;
  };
