import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { TEST_LISTENERS, topArtists, topTracks } from "./catalogue.ts";
import { spotifyApp, spotifyImagesApp, spotifySettings, STAND_IN_PATH } from "./index.ts";

const REDIRECT = "http://127.0.0.1:3000/api/spotify/api/callback";
const settings = spotifySettings("http://127.0.0.1:3000", {});
let clock = Date.now();
const app = spotifyApp(settings, { redirectUris: [REDIRECT], imagesUrl: "http://127.0.0.1:3000", now: () => clock });
const basic = (id = settings.clientId, secret = settings.clientSecret) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

function authorizeQuery(overrides: Record<string, string> = {}, verifier = randomBytes(32).toString("base64url")) {
  return {
    verifier,
    params: {
      client_id: settings.clientId,
      response_type: "code",
      redirect_uri: REDIRECT,
      state: "st-1",
      scope: "user-top-read",
      code_challenge_method: "S256",
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      ...overrides,
    },
  };
}

/** Plays a person at the consent page: Allow as `listener` (a test listener's name, or typed). */
async function allow(listener = "Ada Listener", overrides: Record<string, string> = {}) {
  const { params, verifier } = authorizeQuery(overrides);
  const res = await app.request("/authorize", {
    method: "POST",
    body: new URLSearchParams({ ...params, listener, decision: "allow" }),
  });
  expect(res.status).toBe(303);
  const back = new URL(res.headers.get("location")!);
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
  expect(back.searchParams.get("state")).toBe("st-1");
  return { code: back.searchParams.get("code")!, verifier };
}

const tokenRequest = (fields: Record<string, string>, authorization: string | undefined = basic()) =>
  app.request("/api/token", {
    method: "POST",
    headers: authorization ? { authorization } : {},
    body: new URLSearchParams(fields),
  });

interface Tokens {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token: string;
  scope: string;
}

async function connect(listener = "Ada Listener", scope = "user-top-read"): Promise<Tokens> {
  const { code, verifier } = await allow(listener, { scope });
  const res = await tokenRequest({
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT,
    code_verifier: verifier,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Tokens;
}

const get = (path: string, accessToken?: string) =>
  app.request(`/v1${path}`, { headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {} });

const devHook = (hook: "revoke" | "expire", listener: string) =>
  app.request(`/dev/${hook}`, {
    method: "POST",
    body: JSON.stringify({ listener }),
    headers: { "content-type": "application/json" },
  });

describe("which Spotify the local runtime connects to", () => {
  it("uses the stand-in with a client made for the run when SPOTIFY_CLIENT_ID is unset", () => {
    expect(settings.standIn).toBe(true);
    expect(settings.clientId).toMatch(/^[0-9a-f]{32}$/);
    expect(settings.clientSecret).toMatch(/^[0-9a-f]{32}$/);
    expect(spotifySettings("http://127.0.0.1:3000", {}).clientSecret).not.toBe(settings.clientSecret);
    expect(settings.endpoints).toEqual({
      authorizationEndpoint: `http://127.0.0.1:3000${STAND_IN_PATH}/authorize`,
      tokenEndpoint: `http://127.0.0.1:3000${STAND_IN_PATH}/api/token`,
      apiUrl: `http://127.0.0.1:3000${STAND_IN_PATH}/v1`,
    });
  });

  it("uses real Spotify with SPOTIFY_CLIENT_ID and its secret", () => {
    const real = spotifySettings("http://127.0.0.1:3000", { SPOTIFY_CLIENT_ID: "abc", SPOTIFY_CLIENT_SECRET: "def" });
    expect(real).toEqual({
      clientId: "abc",
      clientSecret: "def",
      standIn: false,
      endpoints: {
        authorizationEndpoint: "https://accounts.spotify.com/authorize",
        tokenEndpoint: "https://accounts.spotify.com/api/token",
        apiUrl: "https://api.spotify.com/v1",
      },
    });
  });
});

describe("the Spotify stand-in's authorize page", () => {
  it("lists the test listeners as radio buttons with a name field, Allow and Cancel, under a strict CSP", async () => {
    const { params } = authorizeQuery();
    const res = await app.request(`/authorize?${new URLSearchParams(params)}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const [i, l] of TEST_LISTENERS.entries())
      expect(html).toContain(`<input type="radio" id="listener-${i}" name="listener" value="${l.displayName}"`);
    expect(html).toContain('<label for="name">');
    expect(html).toMatch(/name="decision" value="allow"[^>]*>Allow</);
    expect(html).toMatch(/name="decision" value="cancel"[^>]*>Cancel</);
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' http://127.0.0.1:3000");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/]+=*'/);
  });

  it("shows an error for an unknown client or an unregistered redirect URI, never redirecting there", async () => {
    for (const [overrides, message] of [
      [{ client_id: "0".repeat(32) }, "INVALID_CLIENT: Invalid client"],
      [{ redirect_uri: "http://evil.test/api/spotify/api/callback" }, "INVALID_CLIENT: Invalid redirect URI"],
    ] as const) {
      const res = await app.request(`/authorize?${new URLSearchParams(authorizeQuery(overrides).params)}`);
      expect(res.status).toBe(400);
      expect(res.headers.get("location")).toBeNull();
      expect(await res.text()).toContain(message);
    }
  });

  it("sends PKCE, response type and scope errors back to the client", async () => {
    for (const [overrides, error] of [
      [{ code_challenge_method: "plain" }, "invalid_request"],
      [{ code_challenge: "" }, "invalid_request"],
      [{ response_type: "token" }, "unsupported_response_type"],
      [{ scope: "user-top-read everything" }, "invalid_scope"],
    ] as const) {
      const res = await app.request(`/authorize?${new URLSearchParams(authorizeQuery(overrides).params)}`);
      expect(res.status).toBe(302);
      const back = new URL(res.headers.get("location")!);
      expect(back.searchParams.get("error")).toBe(error);
      expect(back.searchParams.get("state")).toBe("st-1");
    }
  });

  it("answers Cancel with access_denied and the state", async () => {
    const { params } = authorizeQuery();
    const res = await app.request("/authorize", {
      method: "POST",
      body: new URLSearchParams({ ...params, listener: "Ada Listener", decision: "cancel" }),
    });
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get("location")!);
    expect(Object.fromEntries(back.searchParams)).toEqual({ error: "access_denied", state: "st-1" });
  });

  it("remembers a typed listener and offers it next time", async () => {
    await connect("Zed Typed");
    const html = await (await app.request(`/authorize?${new URLSearchParams(authorizeQuery().params)}`)).text();
    expect(html).toContain('value="Zed Typed"');
  });
});

describe("the Spotify stand-in's token endpoint", () => {
  it("exchanges a code with the right verifier for Spotify's token answer, once", async () => {
    const { code, verifier } = await allow();
    const fields = { grant_type: "authorization_code", code, redirect_uri: REDIRECT, code_verifier: verifier };
    const res = await tokenRequest(fields);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      access_token: expect.stringMatching(/^BQ/),
      token_type: "Bearer",
      expires_in: 3600,
      refresh_token: expect.stringMatching(/^AQ/),
      scope: "user-top-read",
    });
    const again = await tokenRequest(fields);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: "invalid_grant", error_description: "Invalid authorization code" });
  });

  it("takes the client in the body too (client_id and secret, or client_id alone as a PKCE client)", async () => {
    const first = await allow();
    const withSecret = await tokenRequest(
      {
        grant_type: "authorization_code",
        code: first.code,
        redirect_uri: REDIRECT,
        code_verifier: first.verifier,
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
      },
      undefined,
    );
    expect(withSecret.status).toBe(200);
    const second = await allow();
    const publicClient = await tokenRequest(
      {
        grant_type: "authorization_code",
        code: second.code,
        redirect_uri: REDIRECT,
        code_verifier: second.verifier,
        client_id: settings.clientId,
      },
      undefined,
    );
    expect(publicClient.status).toBe(200);
  });

  it("refuses a wrong verifier, a wrong redirect URI, a wrong client and a missing grant type; the code is spent", async () => {
    const wrongVerifier = await allow();
    const bad = await tokenRequest({
      grant_type: "authorization_code",
      code: wrongVerifier.code,
      redirect_uri: REDIRECT,
      code_verifier: randomBytes(32).toString("base64url"),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "invalid_grant", error_description: "code_verifier was incorrect" });
    const retry = await tokenRequest({
      grant_type: "authorization_code",
      code: wrongVerifier.code,
      redirect_uri: REDIRECT,
      code_verifier: wrongVerifier.verifier,
    });
    expect(await retry.json()).toMatchObject({
      error: "invalid_grant",
      error_description: "Invalid authorization code",
    });

    const noVerifier = await allow();
    const missing = await tokenRequest({
      grant_type: "authorization_code",
      code: noVerifier.code,
      redirect_uri: REDIRECT,
    });
    expect(await missing.json()).toMatchObject({ error: "invalid_request" });

    const wrongRedirect = await allow();
    const redirected = await tokenRequest({
      grant_type: "authorization_code",
      code: wrongRedirect.code,
      redirect_uri: "http://127.0.0.1:3000/elsewhere",
      code_verifier: wrongRedirect.verifier,
    });
    expect(await redirected.json()).toEqual({ error: "invalid_grant", error_description: "Invalid redirect URI" });

    const wrongSecret = await allow();
    const client = await tokenRequest(
      {
        grant_type: "authorization_code",
        code: wrongSecret.code,
        redirect_uri: REDIRECT,
        code_verifier: wrongSecret.verifier,
      },
      basic(settings.clientId, "0".repeat(32)),
    );
    expect(client.status).toBe(400);
    expect(await client.json()).toEqual({ error: "invalid_client", error_description: "Invalid client secret" });
    expect(await (await tokenRequest({ code: "x" })).json()).toEqual({
      error: "unsupported_grant_type",
      error_description: "grant_type parameter is missing",
    });
  });

  it("refuses a code after its ten minutes", async () => {
    const { code, verifier } = await allow();
    clock += 10 * 60_000 + 1;
    try {
      const res = await tokenRequest({
        grant_type: "authorization_code",
        code,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: "invalid_grant" });
    } finally {
      clock -= 10 * 60_000 + 1;
    }
  });

  it("rotates refresh tokens: each use answers a new one and the old one stops working", async () => {
    const first = await connect();
    const refresh = (refresh_token: string) => tokenRequest({ grant_type: "refresh_token", refresh_token });
    const res = await refresh(first.refresh_token);
    expect(res.status).toBe(200);
    const second = (await res.json()) as Tokens;
    expect(second).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "user-top-read" });
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect((await get("/me", second.access_token)).status).toBe(200);

    const old = await refresh(first.refresh_token);
    expect(old.status).toBe(400);
    expect(await old.json()).toEqual({ error: "invalid_grant", error_description: "Invalid refresh token" });
    expect((await refresh(second.refresh_token)).status).toBe(200);
  });

  it("refuses a revoked grant's refresh token and access tokens", async () => {
    const tokens = await connect("Cleo Listener");
    const other = await connect("Dan Listener");
    const revoked = await devHook("revoke", "Cleo Listener");
    expect(await revoked.json()).toEqual({ revoked: expect.any(Number) });
    const res = await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "invalid_grant", error_description: "Refresh token revoked" });
    const api = await get("/me/top/tracks", tokens.access_token);
    expect(api.status).toBe(401);
    expect(await api.json()).toEqual({ error: { status: 401, message: "Invalid access token" } });
    // Another listener's grant is untouched.
    expect((await get("/me", other.access_token)).status).toBe(200);
    // Connecting again makes a new, working grant.
    const again = await connect("Cleo Listener");
    expect((await get("/me", again.access_token)).status).toBe(200);
  });
});

describe("the Spotify stand-in's Web API", () => {
  it("answers 401 in Spotify's shape without a token, with a bad one and with an expired one", async () => {
    expect(await (await get("/me")).json()).toEqual({ error: { status: 401, message: "No token provided" } });
    const bad = await get("/me/top/artists", "BQnot-a-token");
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ error: { status: 401, message: "Invalid access token" } });
    const tokens = await connect("Expiring Listener");
    expect(await (await devHook("expire", "Expiring Listener")).json()).toEqual({ expired: 1 });
    const expired = await get("/me", tokens.access_token);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ error: { status: 401, message: "The access token expired" } });
    const refreshed = await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token });
    expect((await get("/me", ((await refreshed.json()) as Tokens).access_token)).status).toBe(200);
  });

  it("needs the user-top-read scope for top items", async () => {
    const tokens = await connect("Ada Listener", "user-read-email");
    const res = await get("/me/top/tracks", tokens.access_token);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { status: 403, message: "Insufficient client scope" } });
  });

  it("answers /me as Spotify's current user profile", async () => {
    const tokens = await connect("Ada Listener");
    const me = (await (await get("/me", tokens.access_token)).json()) as { id: string };
    expect(me).toEqual({
      display_name: "Ada Listener",
      external_urls: { spotify: `https://open.spotify.com/user/${me.id}` },
      followers: { href: null, total: 0 },
      href: `${settings.endpoints.apiUrl}/users/${me.id}`,
      id: expect.stringMatching(/^31[a-z2-7]{26}$/),
      images: [],
      type: "user",
      uri: `spotify:user:${me.id}`,
    });
  });

  it("pages top tracks and artists in Spotify's paging object, with its track and artist objects", async () => {
    const tokens = await connect("Ada Listener");
    const page = (await (
      await get("/me/top/tracks?time_range=medium_term&limit=20&offset=40", tokens.access_token)
    ).json()) as {
      items: Array<Record<string, unknown>>;
    };
    const href = (offset: number) =>
      `${settings.endpoints.apiUrl}/me/top/tracks?time_range=medium_term&limit=20&offset=${offset}`;
    expect(page).toMatchObject({ href: href(40), limit: 20, offset: 40, total: 50, next: null, previous: href(20) });
    expect(page.items).toHaveLength(10);
    const track = page.items[0]!;
    expect(Object.keys(track).sort()).toEqual(
      [
        "album",
        "artists",
        "available_markets",
        "disc_number",
        "duration_ms",
        "explicit",
        "external_ids",
        "external_urls",
        "href",
        "id",
        "is_local",
        "is_playable",
        "name",
        "popularity",
        "preview_url",
        "track_number",
        "type",
        "uri",
      ].sort(),
    );
    expect(track).toMatchObject({
      id: expect.stringMatching(/^[0-9A-Za-z]{22}$/),
      type: "track",
      external_urls: { spotify: `https://open.spotify.com/track/${track.id as string}` },
      artists: [{ type: "artist", id: expect.stringMatching(/^[0-9A-Za-z]{22}$/), name: expect.any(String) }],
      album: {
        type: "album",
        images: [
          {
            width: 640,
            height: 640,
            url: expect.stringMatching(
              /^http:\/\/127\.0\.0\.1:3000\/_spotify-images\/image\/ab67616d0000b273[0-9a-f]{24}$/,
            ),
          },
          { width: 300, height: 300, url: expect.stringContaining("/image/ab67616d00001e02") },
          { width: 64, height: 64, url: expect.stringContaining("/image/ab67616d00004851") },
        ],
      },
    });

    const first = (await (await get("/me/top/artists", tokens.access_token)).json()) as {
      items: Array<{ id: string; name: string; images: Array<{ url: string }>; genres: string[]; followers: unknown }>;
      next: string;
    };
    expect(first).toMatchObject({ limit: 20, offset: 0, total: 30, previous: null });
    expect(first.next).toContain("offset=20");
    expect(first.items[0]).toMatchObject({
      type: "artist",
      name: "The Northern Lanterns",
      genres: expect.any(Array),
      followers: { href: null, total: expect.any(Number) },
      popularity: expect.any(Number),
    });
    const image = await spotifyImagesApp().request(
      new URL(first.items[0]!.images[2]!.url).pathname.replace("/_spotify-images", ""),
    );
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect((await spotifyImagesApp().request("/image/ab67616d0000b273000000000000000000000000")).status).toBe(404);
  });

  it("refuses a bad limit, offset or time range with Spotify's 400", async () => {
    const tokens = await connect();
    for (const [query, message] of [
      ["limit=0", "Invalid limit"],
      ["limit=51", "Invalid limit"],
      ["limit=abc", "Invalid limit"],
      ["offset=-1", "Invalid offset"],
      ["time_range=forever", "Invalid time range"],
    ])
      expect(await (await get(`/me/top/artists?${query}`, tokens.access_token)).json()).toEqual({
        error: { status: 400, message },
      });
  });

  it("gives Ada and Ben the same first artist and plenty of shared tracks and artists", () => {
    const [ada, ben] = TEST_LISTENERS;
    for (const range of ["short_term", "medium_term", "long_term"] as const) {
      const a = topArtists(ada!, range);
      const b = topArtists(ben!, range);
      expect(a).toHaveLength(30);
      expect(a[0]!.id).toBe(b[0]!.id);
      expect(a.filter((x) => b.some((y) => y.id === x.id)).length).toBeGreaterThanOrEqual(5);
      const tracksA = topTracks(ada!, range);
      expect(tracksA).toHaveLength(50);
      expect(new Set(tracksA.map((t) => t.id)).size).toBe(50);
      expect(tracksA[0]!.id).toBe(topTracks(ben!, range)[0]!.id);
    }
    expect(topArtists(ada!, "medium_term").map((a) => a.id)).toEqual(topArtists(ada!, "medium_term").map((a) => a.id));
  });
});
