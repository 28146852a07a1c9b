import { createHash, randomBytes } from "node:crypto";
import { Hono, type Context } from "hono";
import { coverJpeg, IMAGE_CACHE_CONTROL } from "../cover-image.ts";
import { basicCredentials, bearerToken, s256, sameText, textField } from "../oauth-requests.ts";
import {
  catalogue,
  listenerNamed,
  TEST_LISTENERS,
  TIME_RANGES,
  TOP_ARTISTS,
  TOP_TRACKS,
  topArtists,
  topTracks,
  type Album,
  type Artist,
  type Listener,
  type TimeRange,
  type Track,
} from "./catalogue.ts";
import { authorizePage, errorPage, pageCsp } from "./page.ts";

/** Spotify's published endpoints, used when SPOTIFY_CLIENT_ID is set (as on AWS: infra/media.ts). */
export const SPOTIFY = {
  authorizationEndpoint: "https://accounts.spotify.com/authorize",
  tokenEndpoint: "https://accounts.spotify.com/api/token",
  apiUrl: "https://api.spotify.com/v1",
};

export interface SpotifySettings {
  clientId: string;
  clientSecret: string;
  /** What graph links as `Resource.Spotify`. */
  endpoints: typeof SPOTIFY;
  /** Whether graph connects to the stand-in (mounted at `STAND_IN_PATH`). */
  standIn: boolean;
}

/** Where the stand-in answers (this machine only) and where its images are (public, as Spotify's CDN). */
export const STAND_IN_PATH = "/_spotify";
export const IMAGES_PATH = "/_spotify-images";

/**
 * Real Spotify when SPOTIFY_CLIENT_ID (and its secret) are set; otherwise the stand-in on this
 * port, with a client id and a secret made for this run (32 hex digits each, as Spotify's).
 */
export function spotifySettings(runtimeUrl: string, env: NodeJS.ProcessEnv = process.env): SpotifySettings {
  const clientId = env.SPOTIFY_CLIENT_ID?.trim();
  if (clientId) {
    return { clientId, clientSecret: env.SPOTIFY_CLIENT_SECRET?.trim() ?? "", endpoints: SPOTIFY, standIn: false };
  }
  const base = `${runtimeUrl}${STAND_IN_PATH}`;
  return {
    clientId: randomBytes(16).toString("hex"),
    clientSecret: randomBytes(16).toString("hex"),
    endpoints: {
      authorizationEndpoint: `${base}/authorize`,
      tokenEndpoint: `${base}/api/token`,
      apiUrl: `${base}/v1`,
    },
    standIn: true,
  };
}

/** Spotify's scopes; anything else asked for is `invalid_scope`. */
const SCOPES = new Set([
  "ugc-image-upload",
  "user-read-playback-state",
  "user-modify-playback-state",
  "user-read-currently-playing",
  "app-remote-control",
  "streaming",
  "playlist-read-private",
  "playlist-read-collaborative",
  "playlist-modify-private",
  "playlist-modify-public",
  "user-follow-modify",
  "user-follow-read",
  "user-read-playback-position",
  "user-top-read",
  "user-read-recently-played",
  "user-library-modify",
  "user-library-read",
  "user-read-email",
  "user-read-private",
]);

/** Codes live ten minutes and are used once; access tokens an hour, as at Spotify. */
const CODE_TTL_MS = 10 * 60_000;
const ACCESS_TOKEN_TTL_SECONDS = 3600;

interface Code {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  listener: Listener;
  expiresAt: number;
}

/** What a person allowed: one per Allow, holding the current refresh token (rotated on each use). */
interface Grant {
  clientId: string;
  scope: string;
  listener: Listener;
  revoked: boolean;
  refreshToken: string;
}

export interface SpotifyStandInOptions {
  /** The callback URIs registered for the client (graph's `/api/spotify/api/callback`). */
  redirectUris: string[];
  /** Where browsers load the images from (the image paths' base: this port, or SITE_URL naming it). */
  imagesUrl: string;
  accessTokenTtlSeconds?: number;
  now?: () => number;
}

const token = (prefix: string, bytes: number) => `${prefix}${randomBytes(bytes).toString("base64url")}`;

/**
 * The Spotify stand-in: the Accounts service (`/authorize`, a consent page to pick or name a
 * listener; `/api/token`, authorization codes with PKCE and refresh tokens that rotate) and the
 * Web API's `/v1/me` and `/v1/me/top/{tracks,artists}` in Spotify's shapes and errors. Dev hooks
 * revoke a listener's grants (`POST /dev/revoke {"listener"}`, as removing the app at
 * spotify.com/account/apps does) or expire their access tokens (`POST /dev/expire {"listener"}`).
 */
export function spotifyApp(settings: SpotifySettings, options: SpotifyStandInOptions) {
  const { clientId, clientSecret, endpoints } = settings;
  const now = options.now ?? Date.now;
  const ttl = options.accessTokenTtlSeconds ?? ACCESS_TOKEN_TTL_SECONDS;
  const codes = new Map<string, Code>();
  const accessTokens = new Map<string, { grant: Grant; expiresAt: number }>();
  const refreshTokens = new Map<string, Grant>();
  const typed = new Map<string, Listener>();
  const siteOrigins = [...new Set(options.redirectUris.map((uri) => new URL(uri).origin))].join(" ");
  const images = `${options.imagesUrl.replace(/\/+$/, "")}${IMAGES_PATH}`;

  // Expired access tokens are kept a day, to answer "expired" rather than "invalid".
  const sweep = (at: number) => {
    for (const [code, c] of codes) if (c.expiresAt <= at) codes.delete(code);
    for (const [t, a] of accessTokens) if (a.expiresAt <= at - 86_400_000) accessTokens.delete(t);
  };

  type Asked = Record<string, string> & { redirect_uri: string; state: string; scope: string; code_challenge: string };
  /**
   * The authorize request, or why it is refused: on a page when the client or the redirect URI
   * is wrong (the redirect is not trusted yet), else by redirecting with `error`, as Spotify does.
   */
  const authorizeParams = (
    read: (name: string) => string | undefined,
  ): { page: string } | { redirect: URL } | { params: Asked } => {
    const params = {
      client_id: read("client_id") ?? "",
      redirect_uri: read("redirect_uri") ?? "",
      response_type: read("response_type") ?? "",
      state: read("state") ?? "",
      scope: (read("scope") ?? "").trim().replace(/\s+/g, " "),
      code_challenge: read("code_challenge") ?? "",
      code_challenge_method: read("code_challenge_method") ?? "",
    };
    if (params.client_id !== clientId) return { page: "INVALID_CLIENT: Invalid client" };
    if (!options.redirectUris.includes(params.redirect_uri)) return { page: "INVALID_CLIENT: Invalid redirect URI" };
    const refuse = (error: string, description?: string) => {
      const back = new URL(params.redirect_uri);
      back.searchParams.set("error", error);
      if (description) back.searchParams.set("error_description", description);
      if (params.state) back.searchParams.set("state", params.state);
      return { redirect: back };
    };
    if (params.response_type !== "code") return refuse("unsupported_response_type", "response_type must be code");
    if (params.code_challenge_method !== "S256") return refuse("invalid_request", "code_challenge_method must be S256");
    if (!/^[A-Za-z0-9_-]{43}$/.test(params.code_challenge)) return refuse("invalid_request", "code_challenge invalid");
    if (params.scope.split(" ").some((s) => s && !SCOPES.has(s))) return refuse("invalid_scope");
    return { params };
  };

  const pageOf = (c: Context, message: string) => {
    c.header("Content-Security-Policy", pageCsp(siteOrigins));
    return c.html(errorPage(message), 400);
  };

  const revoke = (listener: string, what: "revoke" | "expire") => {
    const named = listener.trim().toLowerCase();
    const mine = (grant: Grant) =>
      grant.listener.id === listener.trim() || grant.listener.displayName.toLowerCase() === named;
    let count = 0;
    if (what === "revoke") {
      for (const grant of new Set(refreshTokens.values()))
        if (mine(grant) && !grant.revoked) {
          grant.revoked = true;
          count++;
        }
    }
    for (const [t, access] of accessTokens) {
      if (!mine(access.grant)) continue;
      if (what === "revoke") accessTokens.delete(t);
      else {
        access.expiresAt = Math.min(access.expiresAt, now() - 1);
        count++;
      }
    }
    return count;
  };

  const app = new Hono()
    .get("/authorize", (c) => {
      const asked = authorizeParams((name) => c.req.query(name));
      if ("page" in asked) return pageOf(c, asked.page);
      if ("redirect" in asked) return c.redirect(asked.redirect.toString(), 302);
      c.header("Content-Security-Policy", pageCsp(siteOrigins));
      return c.html(authorizePage(`${STAND_IN_PATH}/authorize`, asked.params, [...TEST_LISTENERS, ...typed.values()]));
    })
    .post("/authorize", async (c) => {
      const field = textField(await c.req.parseBody());
      const asked = authorizeParams(field);
      if ("page" in asked) return pageOf(c, asked.page);
      if ("redirect" in asked) return c.redirect(asked.redirect.toString(), 303);
      const back = new URL(asked.params.redirect_uri);
      const name = (field("name") ?? "").trim() || (field("listener") ?? "").trim();
      if (field("decision") !== "allow" || !name) {
        back.searchParams.set("error", "access_denied");
        if (asked.params.state) back.searchParams.set("state", asked.params.state);
        return c.redirect(back.toString(), 303);
      }
      const listener = listenerNamed(name.slice(0, 60));
      if (!TEST_LISTENERS.some((l) => l.id === listener.id)) typed.set(listener.id, listener);
      sweep(now());
      const code = token("AQ", 96);
      codes.set(code, {
        clientId,
        redirectUri: asked.params.redirect_uri,
        codeChallenge: asked.params.code_challenge,
        scope: asked.params.scope,
        listener,
        expiresAt: now() + CODE_TTL_MS,
      });
      back.searchParams.set("code", code);
      if (asked.params.state) back.searchParams.set("state", asked.params.state);
      return c.redirect(back.toString(), 303);
    })
    .post("/api/token", async (c) => {
      const field = textField(await c.req.parseBody());
      const basic = basicCredentials(c.req.header("authorization"));
      const [id, secret] = basic ?? [field("client_id"), field("client_secret")];
      if (id !== clientId) return c.json({ error: "invalid_client", error_description: "Invalid client" }, 400);
      if (secret !== undefined && !sameText(secret, clientSecret))
        return c.json({ error: "invalid_client", error_description: "Invalid client secret" }, 400);
      const invalid = (description: string) => c.json({ error: "invalid_grant", error_description: description }, 400);
      const issue = (grant: Grant) => {
        const accessToken = token("BQ", 120);
        accessTokens.set(accessToken, { grant, expiresAt: now() + ttl * 1000 });
        refreshTokens.delete(grant.refreshToken);
        grant.refreshToken = token("AQ", 96);
        refreshTokens.set(grant.refreshToken, grant);
        return c.json({
          access_token: accessToken,
          token_type: "Bearer",
          expires_in: ttl,
          refresh_token: grant.refreshToken,
          scope: grant.scope,
        });
      };
      sweep(now());
      const grantType = field("grant_type");
      if (grantType === "authorization_code") {
        const code = field("code") ?? "";
        const found = codes.get(code);
        // A code is spent by its first use, right or wrong.
        codes.delete(code);
        if (!found || found.clientId !== id) return invalid("Invalid authorization code");
        if (found.expiresAt <= now()) return invalid("Authorization code expired");
        if (field("redirect_uri") !== found.redirectUri) return invalid("Invalid redirect URI");
        const verifier = field("code_verifier");
        if (!verifier) return c.json({ error: "invalid_request", error_description: "code_verifier required" }, 400);
        if (s256(verifier) !== found.codeChallenge) return invalid("code_verifier was incorrect");
        return issue({ clientId, scope: found.scope, listener: found.listener, revoked: false, refreshToken: "" });
      }
      if (grantType === "refresh_token") {
        const grant = refreshTokens.get(field("refresh_token") ?? "");
        if (!grant || grant.clientId !== id) return invalid("Invalid refresh token");
        if (grant.revoked) return invalid("Refresh token revoked");
        return issue(grant);
      }
      return c.json(
        {
          error: "unsupported_grant_type",
          error_description: grantType
            ? "grant_type must be client_credentials, authorization_code or refresh_token"
            : "grant_type parameter is missing",
        },
        400,
      );
    })
    .post("/dev/revoke", async (c) => {
      const listener = await listenerOf(c);
      if (!listener) return c.json({ error: 'Give {"listener": "<name or id>"}.' }, 400);
      return c.json({ revoked: revoke(listener, "revoke") });
    })
    .post("/dev/expire", async (c) => {
      const listener = await listenerOf(c);
      if (!listener) return c.json({ error: 'Give {"listener": "<name or id>"}.' }, 400);
      return c.json({ expired: revoke(listener, "expire") });
    });

  /** The Web API: a Bearer token of a live grant, else Spotify's 401. */
  const api = new Hono<{ Variables: { grant: Grant } }>();
  const apiError = (c: Context, status: 400 | 401 | 403 | 404, message: string) =>
    c.json({ error: { status, message } }, status);
  api.use("*", async (c, next) => {
    const header = c.req.header("authorization");
    if (!header) return apiError(c, 401, "No token provided");
    const given = bearerToken(header);
    const access = given ? accessTokens.get(given) : undefined;
    if (!access || access.grant.revoked) return apiError(c, 401, "Invalid access token");
    if (access.expiresAt <= now()) return apiError(c, 401, "The access token expired");
    c.set("grant", access.grant);
    return next();
  });
  api.get("/me", (c) => {
    const { listener, scope } = c.get("grant");
    const scopes = scope.split(" ");
    return c.json({
      ...(scopes.includes("user-read-private")
        ? { country: "GB", explicit_content: { filter_enabled: false, filter_locked: false }, product: "premium" }
        : {}),
      display_name: listener.displayName,
      ...(scopes.includes("user-read-email")
        ? { email: `${listener.displayName.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@listeners.test` }
        : {}),
      external_urls: { spotify: `https://open.spotify.com/user/${listener.id}` },
      followers: { href: null, total: 0 },
      href: `${endpoints.apiUrl}/users/${listener.id}`,
      id: listener.id,
      images: [],
      type: "user",
      uri: `spotify:user:${listener.id}`,
    });
  });
  api.get("/me/top/:type", (c) => {
    const type = c.req.param("type");
    if (type !== "tracks" && type !== "artists") return apiError(c, 404, "Service not found");
    if (!c.get("grant").scope.split(" ").includes("user-top-read"))
      return apiError(c, 403, "Insufficient client scope");
    const range = (c.req.query("time_range") ?? "medium_term") as TimeRange;
    if (!TIME_RANGES.includes(range)) return apiError(c, 400, "Invalid time range");
    const limitText = c.req.query("limit") ?? "20";
    const offsetText = c.req.query("offset") ?? "0";
    const limit = Number(limitText);
    const offset = Number(offsetText);
    if (!/^\d+$/.test(limitText) || limit < 1 || limit > 50) return apiError(c, 400, "Invalid limit");
    if (!/^\d+$/.test(offsetText)) return apiError(c, 400, "Invalid offset");
    const listener = c.get("grant").listener;
    const all = type === "tracks" ? topTracks(listener, range) : topArtists(listener, range);
    const total = type === "tracks" ? TOP_TRACKS : TOP_ARTISTS;
    const href = (at: number) => `${endpoints.apiUrl}/me/top/${type}?time_range=${range}&limit=${limit}&offset=${at}`;
    return c.json({
      href: href(offset),
      items: all
        .slice(offset, offset + limit)
        .map((item) => (type === "tracks" ? trackObject(item as Track) : artistObject(item as Artist))),
      limit,
      next: offset + limit < total ? href(offset + limit) : null,
      offset,
      previous: offset > 0 ? href(Math.max(0, offset - limit)) : null,
      total,
    });
  });
  api.notFound((c) => apiError(c, 404, "Service not found"));

  const link = (kind: string, id: string) => ({
    external_urls: { spotify: `https://open.spotify.com/${kind}/${id}` },
    href: `${endpoints.apiUrl}/${kind}s/${id}`,
    id,
    uri: `spotify:${kind}:${id}`,
  });
  const simpleArtist = (a: Artist) => {
    const { external_urls, href, id, uri } = link("artist", a.id);
    return { external_urls, href, id, name: a.name, type: "artist", uri };
  };
  const albumObject = (album: Album) => {
    const { external_urls, href, id, uri } = link("album", album.id);
    return {
      album_type: "album",
      artists: [simpleArtist(album.artist)],
      available_markets: MARKETS,
      external_urls,
      href,
      id,
      images: imagesOf(images, "album", album.id),
      is_playable: true,
      name: album.name,
      release_date: album.releaseDate,
      release_date_precision: "day",
      total_tracks: album.tracks.length,
      type: "album",
      uri,
    };
  };
  const trackObject = (t: Track) => {
    const { external_urls, href, id, uri } = link("track", t.id);
    return {
      album: albumObject(t.album),
      artists: [simpleArtist(t.artist)],
      available_markets: MARKETS,
      disc_number: 1,
      duration_ms: t.durationMs,
      explicit: false,
      external_ids: { isrc: t.isrc },
      external_urls,
      href,
      id,
      is_local: false,
      is_playable: true,
      name: t.name,
      popularity: t.popularity,
      preview_url: null,
      track_number: t.trackNumber,
      type: "track",
      uri,
    };
  };
  const artistObject = (a: Artist) => {
    const { external_urls, href, id, uri } = link("artist", a.id);
    return {
      external_urls,
      followers: { href: null, total: a.followers },
      genres: a.genres,
      href,
      id,
      images: imagesOf(images, "artist", a.id),
      name: a.name,
      popularity: a.popularity,
      type: "artist",
      uri,
    };
  };

  app.route("/v1", api);
  return app;
}

const MARKETS = ["GB", "IE", "SE", "US"];

/** The image sizes Spotify's CDN serves, by the prefix of the image's id. */
const IMAGE_SIZES = {
  album: [
    ["ab67616d0000b273", 640],
    ["ab67616d00001e02", 300],
    ["ab67616d00004851", 64],
  ],
  artist: [
    ["ab6761610000e5eb", 640],
    ["ab67616100005174", 320],
    ["ab6761610000f178", 160],
  ],
} as const;

/** The 24 hex digits after an image's size prefix: drawn from the item's id. */
const imageKey = (id: string) => createHash("sha256").update(`image:${id}`).digest("hex").slice(0, 24);

function imagesOf(base: string, kind: "album" | "artist", id: string) {
  return IMAGE_SIZES[kind].map(([prefix, size]) => ({
    height: size,
    url: `${base}/image/${prefix}${imageKey(id)}`,
    width: size,
  }));
}

let imageIndex: Map<string, { title: string; byline: string; seed: string }> | undefined;

/** Spotify's image CDN (`i.scdn.co/image/<id>`): a generated square per album and artist. */
export function spotifyImagesApp() {
  return new Hono().get("/image/:file", async (c) => {
    if (!imageIndex) {
      const { artists, albumById } = catalogue();
      imageIndex = new Map([
        ...artists.map((a) => [imageKey(a.id), { title: a.name, byline: a.genres[0] ?? "", seed: a.id }] as const),
        ...[...albumById.values()].map(
          (al) => [imageKey(al.id), { title: al.name, byline: al.artist.name, seed: al.id }] as const,
        ),
      ]);
    }
    const file = c.req.param("file");
    const size = [...IMAGE_SIZES.album, ...IMAGE_SIZES.artist].find(([prefix]) => file.startsWith(prefix))?.[1];
    const item = imageIndex.get(file.slice(16));
    if (!size || !item || file.length !== 40) return c.text("Not Found", 404);
    const jpeg = await coverJpeg(item, size, 1);
    return c.body(new Uint8Array(jpeg), 200, { "Content-Type": "image/jpeg", "Cache-Control": IMAGE_CACHE_CONTROL });
  });
}

async function listenerOf(c: Context): Promise<string | undefined> {
  const body = (await c.req.json().catch(() => undefined)) as unknown;
  const listener = (body as { listener?: unknown } | undefined)?.listener;
  return typeof listener === "string" && listener.trim() ? listener : undefined;
}
