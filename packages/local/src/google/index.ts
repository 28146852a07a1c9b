import { randomBytes } from "node:crypto";
import { Hono, type Context } from "hono";
import { basicCredentials, bearerToken, s256, sameText, textField } from "../oauth-requests.ts";
import { SigningKey, subjectOf } from "./keys.ts";
import { chooserPage, errorPage, pageCsp, type Identity } from "./page.ts";
import {
  apiError,
  channelCatalogue,
  etagOf,
  IMAGES_PATH,
  offsetOf,
  ownChannelOf,
  pageToken,
  publishedAt,
  subscriptionsOf,
  thumbnailsOf,
  YOUTUBE_API_PATH,
  youtubeImagesApp,
} from "./youtube.ts";

/** Google's published endpoints, used when GOOGLE_CLIENT_ID is set (as on AWS: infra/google.ts). */
const GOOGLE = {
  issuer: "https://accounts.google.com",
  authorizationEndpoint: "https://accounts.google.com/o/oauth2/v2/auth",
  tokenEndpoint: "https://oauth2.googleapis.com/token",
  jwksUri: "https://www.googleapis.com/oauth2/v3/certs",
};

/** The YouTube Data API and Google's revocation endpoint (infra/media.ts links them as `YouTubeApi`). */
export const YOUTUBE = {
  apiUrl: "https://www.googleapis.com/youtube/v3",
  revocationEndpoint: "https://oauth2.googleapis.com/revoke",
};

export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  /** What graph links as `Resource.GoogleOidc`. */
  oidc: typeof GOOGLE;
  /** What graph links as `Resource.YouTubeApi`. */
  youtube: typeof YOUTUBE;
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
      youtube: YOUTUBE,
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
    youtube: { apiUrl: `${issuer}${YOUTUBE_API_PATH}`, revocationEndpoint: `${issuer}/revoke` },
    standIn: true,
  };
}

/** Codes live as briefly as Google's; each is used once. Access tokens live an hour. */
const CODE_TTL_MS = 60_000;
const ID_TOKEN_TTL_SECONDS = 3600;
const ACCESS_TOKEN_TTL_SECONDS = 3599;

const YOUTUBE_READONLY = "https://www.googleapis.com/auth/youtube.readonly";
/** The scopes that let a token read the person's YouTube account. */
const YOUTUBE_READ_SCOPES = [
  YOUTUBE_READONLY,
  "https://www.googleapis.com/auth/youtube",
  "https://www.googleapis.com/auth/youtube.force-ssl",
];
/** The scopes the stand-in knows; asking for another is `invalid_scope`, as at Google. */
const SCOPES = new Set([
  "openid",
  "email",
  "profile",
  "https://www.googleapis.com/auth/userinfo.email",
  "https://www.googleapis.com/auth/userinfo.profile",
  ...YOUTUBE_READ_SCOPES,
]);

interface Code {
  redirectUri: string;
  codeChallenge: string;
  nonce: string | undefined;
  identity: Identity;
  scopes: string[];
  offline: boolean;
  expiresAt: number;
}

/** What a person consented to: its access tokens and (with access_type=offline) its refresh token. */
interface Grant {
  identity: Identity;
  scopes: string[];
  revoked: boolean;
}

export interface GoogleStandInOptions {
  /**
   * The redirect URIs registered for the client: graph's sign-in callback page and the
   * YouTube connection's callback; Google accepts only registered ones.
   */
  redirectUris: string[];
  /** Where browsers load channel thumbnails from (this port, or SITE_URL naming it). */
  imagesUrl: string;
  now?: () => number;
}

/**
 * Mounts the Google stand-in on `root` at `STAND_IN_PATH` (this machine only: see local-only.ts)
 * and its channel thumbnails at `IMAGES_PATH` (public, as Google's image host).
 */
export function mountGoogle(root: Hono, settings: GoogleSettings, options: GoogleStandInOptions) {
  const { app, titleOf } = googleApp(settings, options);
  root.route(STAND_IN_PATH, app);
  root.route(IMAGES_PATH, youtubeImagesApp(titleOf));
}

/**
 * An OpenID provider standing in for Google: discovery document, an account chooser where a
 * person picks or types a test identity, a token endpoint that checks the client, the code (once),
 * the redirect URI and the PKCE verifier, a JWKS, and RS256 ID tokens carrying the nonce. With
 * `access_type=offline` it issues a refresh token (`grant_type=refresh_token`), `/revoke` revokes
 * a grant, and the YouTube Data API's `subscriptions` and `channels` answer the identity's own
 * (`YOUTUBE_API_PATH`). Dev hooks revoke an identity's grants (`POST /dev/revoke {"email"}`, as
 * removing graph's access in the Google account does) or expire its access tokens
 * (`POST /dev/expire {"email"}`).
 */
export function googleApp(settings: GoogleSettings, options: GoogleStandInOptions) {
  const { clientId, clientSecret, oidc } = settings;
  const now = options.now ?? Date.now;
  const imagesUrl = options.imagesUrl.replace(/\/+$/, "");
  const key = new SigningKey();
  const codes = new Map<string, Code>();
  const known = new Map<string, Identity>();
  const accessTokens = new Map<string, { grant: Grant; expiresAt: number }>();
  const refreshTokens = new Map<string, Grant>();
  const ownChannels = new Map<string, string>();
  const siteOrigins = [...new Set(options.redirectUris.map((uri) => new URL(uri).origin))].join(" ");

  // Expired access tokens are kept a day, so they are answered as such.
  const sweep = (at: number) => {
    for (const [code, grant] of codes) if (grant.expiresAt <= at) codes.delete(code);
    for (const [t, access] of accessTokens) if (access.expiresAt <= at - 86_400_000) accessTokens.delete(t);
  };

  /** What the authorize request asked for, or why it is refused (shown, never redirected: the redirect is not trusted yet). */
  const authorizeParams = (
    read: (name: string) => string | undefined,
  ):
    | { error: string }
    | {
        error?: undefined;
        params: Record<string, string> & { state: string; code_challenge: string; nonce: string; redirect_uri: string };
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
      access_type: read("access_type") ?? "",
    };
    const scopes = params.scope.split(" ").filter(Boolean);
    if (params.client_id !== clientId) return { error: "The OAuth client was not found." };
    if (!options.redirectUris.includes(params.redirect_uri))
      return { error: "redirect_uri_mismatch: the redirect URI is not registered." };
    if (params.response_type !== "code") return { error: "Only response_type=code is supported." };
    if (params.code_challenge_method !== "S256" || !params.code_challenge) return { error: "PKCE (S256) is required." };
    if (scopes.some((s) => !SCOPES.has(s))) return { error: "invalid_scope: Some requested scopes were invalid." };
    if (!scopes.includes("openid") && !scopes.some((s) => YOUTUBE_READ_SCOPES.includes(s)))
      return { error: "The openid scope is required." };
    if (!["", "online", "offline"].includes(params.access_type))
      return { error: `Invalid access_type: ${params.access_type}` };
    return { params };
  };

  const revokeGrant = (grant: Grant) => {
    grant.revoked = true;
    for (const [t, access] of accessTokens) if (access.grant === grant) accessTokens.delete(t);
  };

  const grantsOf = (email: string) => {
    const who = email.trim().toLowerCase();
    const grants = new Set<Grant>();
    for (const grant of refreshTokens.values()) if (grant.identity.email === who) grants.add(grant);
    for (const { grant } of accessTokens.values()) if (grant.identity.email === who) grants.add(grant);
    return grants;
  };

  const app = new Hono()
    .get("/.well-known/openid-configuration", (c) =>
      c.json({
        issuer: oidc.issuer,
        authorization_endpoint: oidc.authorizationEndpoint,
        token_endpoint: oidc.tokenEndpoint,
        jwks_uri: oidc.jwksUri,
        revocation_endpoint: settings.youtube.revocationEndpoint,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        scopes_supported: ["openid", "email", "profile"],
        token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
        grant_types_supported: ["authorization_code", "refresh_token"],
        code_challenge_methods_supported: ["S256"],
        claims_supported: ["aud", "email", "email_verified", "exp", "iat", "iss", "name", "nonce", "sub"],
      }),
    )
    .get("/jwks", (c) => c.json({ keys: [key.publicJwk] }))
    .get("/authorize", (c) => {
      const asked = authorizeParams((name) => c.req.query(name));
      c.header("Content-Security-Policy", pageCsp(siteOrigins));
      if (asked.error !== undefined) return c.html(errorPage(asked.error), 400);
      return c.html(chooserPage(`${STAND_IN_PATH}/authorize`, asked.params, [...known.values()]));
    })
    .post("/authorize", async (c) => {
      const form = await c.req.parseBody();
      const field = textField(form);
      const asked = authorizeParams(field);
      if (asked.error !== undefined) {
        c.header("Content-Security-Policy", pageCsp(siteOrigins));
        return c.html(errorPage(asked.error), 400);
      }
      const back = new URL(asked.params.redirect_uri);
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
      const own = ownChannelOf(identity.email, identity.name);
      ownChannels.set(own.id, own.title);
      const at = now();
      sweep(at);
      const code = `4/${randomBytes(24).toString("base64url")}`;
      codes.set(code, {
        redirectUri: asked.params.redirect_uri,
        codeChallenge: asked.params.code_challenge,
        nonce: asked.params.nonce || undefined,
        identity,
        scopes: asked.params.scope!.split(" ").filter(Boolean),
        offline: asked.params.access_type === "offline",
        expiresAt: at + CODE_TTL_MS,
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
      const invalid = (description: string) => c.json({ error: "invalid_grant", error_description: description }, 400);
      const grantType = field("grant_type");
      sweep(now());
      if (grantType === "refresh_token") {
        const grant = refreshTokens.get(field("refresh_token") ?? "");
        if (!grant) return invalid("Bad Request");
        if (grant.revoked) return invalid("Token has been expired or revoked.");
        return c.json(tokensOf(grant, undefined));
      }
      if (grantType !== "authorization_code")
        return c.json(
          { error: "unsupported_grant_type", error_description: `Invalid grant_type: ${grantType ?? ""}` },
          400,
        );
      const code = field("code") ?? "";
      const found = codes.get(code);
      // A code is spent by its first use, right or wrong, as at Google.
      codes.delete(code);
      if (!found || found.expiresAt <= now()) return invalid("Malformed auth code.");
      if (field("redirect_uri") !== found.redirectUri) return invalid("Bad Request: redirect_uri mismatch.");
      const verifier = field("code_verifier") ?? "";
      if (!verifier || s256(verifier) !== found.codeChallenge) return invalid("Invalid code verifier.");
      const grant: Grant = { identity: found.identity, scopes: found.scopes, revoked: false };
      let refreshToken: string | undefined;
      if (found.offline) {
        refreshToken = `1//${randomBytes(48).toString("base64url")}`;
        refreshTokens.set(refreshToken, grant);
      }
      return c.json(tokensOf(grant, refreshToken, found.nonce));
    })
    // As https://oauth2.googleapis.com/revoke: an access or a refresh token, in the form or the query.
    .post("/revoke", async (c) => {
      const form = await c.req.parseBody().catch(() => ({}));
      const given = textField(form)("token") ?? c.req.query("token") ?? "";
      const grant = refreshTokens.get(given) ?? accessTokens.get(given)?.grant;
      if (!grant || grant.revoked || (accessTokens.get(given)?.expiresAt ?? Infinity) <= now())
        return c.json({ error: "invalid_token", error_description: "Token expired or revoked" }, 400);
      revokeGrant(grant);
      return c.json({});
    })
    .post("/dev/revoke", async (c) => {
      const email = await emailOf(c);
      if (!email) return c.json({ error: 'Give {"email": "<address>"}.' }, 400);
      const grants = [...grantsOf(email)].filter((g) => !g.revoked);
      for (const grant of grants) revokeGrant(grant);
      return c.json({ revoked: grants.length });
    })
    .post("/dev/expire", async (c) => {
      const email = await emailOf(c);
      if (!email) return c.json({ error: 'Give {"email": "<address>"}.' }, 400);
      let expired = 0;
      for (const access of accessTokens.values())
        if (access.grant.identity.email === email.trim().toLowerCase() && access.expiresAt > now()) {
          access.expiresAt = now() - 1;
          expired++;
        }
      return c.json({ expired });
    });

  /** Google's token answer: a new access token, the refresh token when one was just made, an ID token with openid. */
  function tokensOf(grant: Grant, refreshToken: string | undefined, nonce?: string) {
    const accessToken = `ya29.${randomBytes(48).toString("base64url")}`;
    accessTokens.set(accessToken, { grant, expiresAt: now() + ACCESS_TOKEN_TTL_SECONDS * 1000 });
    const openid = grant.scopes.includes("openid");
    const iat = Math.floor(now() / 1000);
    return {
      access_token: accessToken,
      expires_in: openid ? ID_TOKEN_TTL_SECONDS : ACCESS_TOKEN_TTL_SECONDS,
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
      scope: openid ? "openid email profile" : grant.scopes.join(" "),
      token_type: "Bearer",
      ...(openid
        ? {
            id_token: key.sign({
              iss: oidc.issuer,
              azp: clientId,
              aud: clientId,
              sub: subjectOf(grant.identity.email),
              email: grant.identity.email,
              email_verified: grant.identity.emailVerified,
              name: grant.identity.name,
              iat,
              exp: iat + ID_TOKEN_TTL_SECONDS,
              ...(nonce ? { nonce } : {}),
            }),
          }
        : {}),
    };
  }

  app.route(YOUTUBE_API_PATH, youtubeApi());

  /** The YouTube Data API v3: a live access token with a YouTube scope, else Google's 401 or 403. */
  function youtubeApi() {
    const api = new Hono<{ Variables: { grant: Grant } }>();
    api.use("*", async (c, next) => {
      const given = bearerToken(c.req.header("authorization"));
      const access = given ? accessTokens.get(given) : undefined;
      if (!access || access.grant.revoked || access.expiresAt <= now())
        return c.json(
          given
            ? apiError(
                401,
                "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
                "authError",
                { location: "Authorization", locationType: "header", status: "UNAUTHENTICATED" },
              )
            : apiError(
                401,
                "Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
                "required",
                { location: "Authorization", locationType: "header", status: "UNAUTHENTICATED" },
              ),
          401,
        );
      if (!access.grant.scopes.some((s) => YOUTUBE_READ_SCOPES.includes(s)))
        return c.json(
          apiError(403, "Request had insufficient authentication scopes.", "insufficientPermissions", {
            status: "PERMISSION_DENIED",
          }),
          403,
        );
      c.set("grant", access.grant);
      return next();
    });

    /** The `part` list, or Google's 400 when it is missing or names a part the resource lacks. */
    const partsOf = (c: Context, known: string[]) => {
      const part = c.req.query("part");
      if (!part)
        return apiError(400, "No filter selected. Expected one of: part", "required", {
          domain: "youtube.parameter",
          location: "part",
          locationType: "parameter",
        });
      const parts = part.split(",").map((p) => p.trim());
      const unknown = parts.find((p) => !known.includes(p));
      if (unknown)
        return apiError(400, `'${unknown}'`, "unknownPart", {
          domain: "youtube.part",
          location: "part",
          locationType: "parameter",
        });
      return new Set(parts);
    };
    const missingFilter = (filters: string) =>
      apiError(400, `No filter selected. Expected one of: ${filters}`, "missingRequiredParameter", {
        domain: "youtube.parameter",
        location: "parameters.",
        locationType: "other",
      });

    api.get("/subscriptions", (c) => {
      const parts = partsOf(c, ["id", "snippet", "contentDetails"]);
      if (!(parts instanceof Set)) return c.json(parts, 400);
      if (c.req.query("mine") !== "true")
        return c.json(missingFilter("mySubscribers, id, mine, channelId, myRecentSubscribers"), 400);
      const maxText = c.req.query("maxResults") ?? "5";
      const max = Number(maxText);
      if (!/^\d+$/.test(maxText) || max > 50)
        return c.json(
          apiError(400, `Invalid value '${maxText}'. Values must be within the range: [0, 50]`, "invalidParameter", {
            domain: "youtube.parameter",
            location: "maxResults",
            locationType: "parameter",
          }),
          400,
        );
      const tokenText = c.req.query("pageToken");
      const offset = tokenText ? offsetOf(tokenText) : 0;
      if (offset === undefined)
        return c.json(
          apiError(400, "The request specifies an invalid page token.", "invalidPageToken", {
            domain: "youtube.parameter",
            location: "pageToken",
            locationType: "parameter",
          }),
          400,
        );
      const { identity } = c.get("grant");
      const own = ownChannelOf(identity.email, identity.name);
      let all = subscriptionsOf(identity.email);
      if (c.req.query("order") === "alphabetical") all = [...all].sort((a, b) => a.title.localeCompare(b.title));
      const items = all.slice(offset, offset + max).map((channel) => {
        const item = {
          kind: "youtube#subscription",
          etag: etagOf(["subscription", identity.email, channel.id]),
          id: etagOf(["subscription-id", identity.email, channel.id]),
          ...(parts.has("snippet")
            ? {
                snippet: {
                  publishedAt: publishedAt(`${identity.email}:${channel.id}`),
                  title: channel.title,
                  description: channel.description,
                  resourceId: { kind: "youtube#channel", channelId: channel.id },
                  channelId: own.id,
                  thumbnails: thumbnailsOf(imagesUrl, channel.id, false),
                },
              }
            : {}),
          ...(parts.has("contentDetails")
            ? { contentDetails: { totalItemCount: 40, newItemCount: 0, activityType: "all" } }
            : {}),
        };
        return item;
      });
      const body = {
        kind: "youtube#subscriptionListResponse",
        etag: "",
        ...(offset + max < all.length && max > 0 ? { nextPageToken: pageToken(offset + max) } : {}),
        ...(offset > 0 ? { prevPageToken: pageToken(Math.max(0, offset - max), true) } : {}),
        pageInfo: { totalResults: all.length, resultsPerPage: max },
        items,
      };
      body.etag = etagOf(body);
      return c.json(body);
    });

    api.get("/channels", (c) => {
      const parts = partsOf(c, ["id", "snippet", "contentDetails", "statistics"]);
      if (!(parts instanceof Set)) return c.json(parts, 400);
      if (c.req.query("mine") !== "true")
        return c.json(missingFilter("categoryId, forHandle, forUsername, id, managedByMe, mine, mySubscribers"), 400);
      const { identity } = c.get("grant");
      const own = ownChannelOf(identity.email, identity.name);
      const item = {
        kind: "youtube#channel",
        etag: etagOf(["channel", own]),
        id: own.id,
        ...(parts.has("snippet")
          ? {
              snippet: {
                title: own.title,
                description: own.description,
                customUrl: `@${identity.email.split("@")[0]!.replace(/[^a-z0-9._-]/g, "")}`,
                publishedAt: publishedAt(`own:${identity.email}`),
                thumbnails: thumbnailsOf(imagesUrl, own.id, true),
                localized: { title: own.title, description: own.description },
              },
            }
          : {}),
        ...(parts.has("contentDetails")
          ? { contentDetails: { relatedPlaylists: { likes: "LL", uploads: `UU${own.id.slice(2)}` } } }
          : {}),
        ...(parts.has("statistics")
          ? { statistics: { viewCount: "0", subscriberCount: "0", hiddenSubscriberCount: false, videoCount: "0" } }
          : {}),
      };
      const body = {
        kind: "youtube#channelListResponse",
        etag: "",
        pageInfo: { totalResults: 1, resultsPerPage: 5 },
        items: [item],
      };
      body.etag = etagOf(body);
      return c.json(body);
    });

    api.notFound((c) => c.json(apiError(404, "Not Found", "notFound"), 404));
    return api;
  }

  const titles = new Map(channelCatalogue().map((ch) => [ch.id, ch.title]));
  return { app, titleOf: (channelId: string) => titles.get(channelId) ?? ownChannels.get(channelId) };
}

async function emailOf(c: Context): Promise<string | undefined> {
  const body = (await c.req.json().catch(() => undefined)) as { email?: unknown } | undefined;
  return typeof body?.email === "string" && body.email.includes("@") ? body.email : undefined;
}
