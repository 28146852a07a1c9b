import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { googleApp, googleSettings } from "./index.ts";
import {
  channelCatalogue,
  offsetOf,
  pageToken,
  SHARED_CHANNELS,
  subscriptionsOf,
  youtubeImagesApp,
} from "./youtube.ts";

const SITE = "http://127.0.0.1:3000";
const SIGN_IN = `${SITE}/login/google/callback`;
const YOUTUBE = `${SITE}/api/youtube/api/callback`;
const READONLY = "https://www.googleapis.com/auth/youtube.readonly";
const settings = googleSettings(SITE, {});
const { app, titleOf } = googleApp(settings, { redirectUris: [SIGN_IN, YOUTUBE], imagesUrl: SITE });
const basic = `Basic ${Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString("base64")}`;

interface Tokens {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
  scope: string;
  token_type: string;
  id_token?: string;
}

/** Plays graph's YouTube connection: consent as `email`, then the code exchange. */
async function connect(email: string, fields: Record<string, string> = {}): Promise<Tokens> {
  const verifier = randomBytes(32).toString("base64url");
  const res = await app.request("/authorize", {
    method: "POST",
    body: new URLSearchParams({
      client_id: settings.clientId,
      redirect_uri: YOUTUBE,
      response_type: "code",
      state: "yt",
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      scope: READONLY,
      access_type: "offline",
      prompt: "consent",
      email,
      name: email.split("@")[0]!,
      email_verified: "on",
      ...fields,
    }),
  });
  expect(res.status).toBe(303);
  const back = new URL(res.headers.get("location")!);
  expect(`${back.origin}${back.pathname}`).toBe(YOUTUBE);
  const answer = await tokenRequest({
    grant_type: "authorization_code",
    code: back.searchParams.get("code")!,
    redirect_uri: YOUTUBE,
    code_verifier: verifier,
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as Tokens;
}

const tokenRequest = (fields: Record<string, string>) =>
  app.request("/token", { method: "POST", headers: { authorization: basic }, body: new URLSearchParams(fields) });

const youtube = (path: string, accessToken?: string) =>
  app.request(`/youtube/v3${path}`, { headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {} });

interface SubscriptionPage {
  kind: string;
  etag: string;
  nextPageToken?: string;
  prevPageToken?: string;
  pageInfo: { totalResults: number; resultsPerPage: number };
  items: Array<{
    kind: string;
    id: string;
    etag: string;
    snippet: {
      title: string;
      description: string;
      channelId: string;
      publishedAt: string;
      resourceId: { kind: string; channelId: string };
      thumbnails: Record<"default" | "medium" | "high", { url: string }>;
    };
  }>;
}

async function allSubscriptions(accessToken: string, maxResults = 50) {
  const pages: SubscriptionPage[] = [];
  let token: string | undefined;
  do {
    const query = new URLSearchParams({ part: "snippet", mine: "true", maxResults: String(maxResults) });
    if (token) query.set("pageToken", token);
    const res = await youtube(`/subscriptions?${query}`, accessToken);
    expect(res.status).toBe(200);
    const page = (await res.json()) as SubscriptionPage;
    pages.push(page);
    token = page.nextPageToken;
  } while (token);
  return pages;
}

describe("the Google stand-in's YouTube authorization", () => {
  it("links the YouTube Data API and the revocation endpoint: the stand-in's, or Google's with GOOGLE_CLIENT_ID", () => {
    expect(settings.youtube).toEqual({
      apiUrl: `${SITE}/_google/youtube/v3`,
      revocationEndpoint: `${SITE}/_google/revoke`,
    });
    expect(googleSettings(SITE, { GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s" }).youtube).toEqual({
      apiUrl: "https://www.googleapis.com/youtube/v3",
      revocationEndpoint: "https://oauth2.googleapis.com/revoke",
    });
  });

  it("takes youtube.readonly without openid at the YouTube callback, and gives a refresh token offline (no ID token)", async () => {
    const tokens = await connect("yt-one@example.com");
    expect(tokens).toEqual({
      access_token: expect.stringMatching(/^ya29\./),
      expires_in: 3599,
      refresh_token: expect.stringMatching(/^1\/\//),
      scope: READONLY,
      token_type: "Bearer",
    });
    const online = await connect("yt-one@example.com", { access_type: "online" });
    expect(online.refresh_token).toBeUndefined();
  });

  it("refuses an unknown scope, a request with neither openid nor YouTube, and an unregistered redirect URI", async () => {
    for (const [overrides, message] of [
      [{ scope: `${READONLY} https://www.googleapis.com/auth/drive` }, "invalid_scope"],
      [{ scope: "email" }, "The openid scope is required."],
      [{ redirect_uri: `${SITE}/api/youtube/api/elsewhere` }, "redirect_uri_mismatch"],
      [{ access_type: "forever" }, "Invalid access_type"],
    ] as Array<[Record<string, string>, string]>) {
      const query = new URLSearchParams({
        client_id: settings.clientId,
        redirect_uri: YOUTUBE,
        response_type: "code",
        state: "s",
        code_challenge: "x".repeat(43),
        code_challenge_method: "S256",
        scope: READONLY,
        ...overrides,
      });
      const res = await app.request(`/authorize?${query}`);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(message);
    }
  });

  it("refreshes with the refresh token (Google does not rotate it) until the grant is revoked at /revoke", async () => {
    const tokens = await connect("yt-refresh@example.com");
    const refreshed = await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token! });
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as Tokens;
    expect(next).toEqual({
      access_token: expect.stringMatching(/^ya29\./),
      expires_in: 3599,
      scope: READONLY,
      token_type: "Bearer",
    });
    expect((await youtube("/channels?part=snippet&mine=true", next.access_token)).status).toBe(200);

    const revoke = await app.request("/revoke", {
      method: "POST",
      body: new URLSearchParams({ token: tokens.refresh_token! }),
    });
    expect(revoke.status).toBe(200);
    expect(await revoke.json()).toEqual({});
    const again = await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token! });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      error: "invalid_grant",
      error_description: "Token has been expired or revoked.",
    });
    // Every access token of the grant stops working with it.
    expect((await youtube("/channels?part=snippet&mine=true", next.access_token)).status).toBe(401);
    expect((await youtube("/channels?part=snippet&mine=true", tokens.access_token)).status).toBe(401);
    const twice = await app.request("/revoke", {
      method: "POST",
      body: new URLSearchParams({ token: tokens.refresh_token! }),
    });
    expect(twice.status).toBe(400);
    expect(await twice.json()).toEqual({ error: "invalid_token", error_description: "Token expired or revoked" });
  });

  it("revokes by access token too, and by the dev hook for an e-mail", async () => {
    const byAccess = await connect("yt-access@example.com");
    expect((await app.request(`/revoke?token=${byAccess.access_token}`, { method: "POST" })).status).toBe(200);
    expect((await tokenRequest({ grant_type: "refresh_token", refresh_token: byAccess.refresh_token! })).status).toBe(
      400,
    );

    const hooked = await connect("yt-hook@example.com");
    const other = await connect("yt-other@example.com");
    const res = await app.request("/dev/revoke", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "YT-Hook@example.com" }),
    });
    expect(await res.json()).toEqual({ revoked: 1 });
    expect((await tokenRequest({ grant_type: "refresh_token", refresh_token: hooked.refresh_token! })).status).toBe(
      400,
    );
    expect((await youtube("/channels?part=snippet&mine=true", hooked.access_token)).status).toBe(401);
    expect((await youtube("/channels?part=snippet&mine=true", other.access_token)).status).toBe(200);
  });

  it("answers an unknown refresh token invalid_grant", async () => {
    const res = await tokenRequest({ grant_type: "refresh_token", refresh_token: "1//nothing" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "invalid_grant" });
  });
});

describe("the Google stand-in's YouTube Data API", () => {
  it("answers 401 in Google's shape without a token, with a bad one and with an expired one, and 403 without the scope", async () => {
    const missing = await youtube("/subscriptions?part=snippet&mine=true");
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({
      error: { code: 401, status: "UNAUTHENTICATED", errors: [{ reason: "required", domain: "global" }] },
    });
    const bad = await youtube("/subscriptions?part=snippet&mine=true", "ya29.nope");
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({
      error: { code: 401, errors: [{ message: expect.any(String), reason: "authError", location: "Authorization" }] },
    });

    const expiring = await connect("yt-expire@example.com");
    await app.request("/dev/expire", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "yt-expire@example.com" }),
    });
    expect((await youtube("/subscriptions?part=snippet&mine=true", expiring.access_token)).status).toBe(401);

    // A sign-in's token (openid, no YouTube scope) may not read YouTube.
    const verifier = randomBytes(32).toString("base64url");
    const consent = await app.request("/authorize", {
      method: "POST",
      body: new URLSearchParams({
        client_id: settings.clientId,
        redirect_uri: SIGN_IN,
        response_type: "code",
        state: "s",
        code_challenge: createHash("sha256").update(verifier).digest("base64url"),
        code_challenge_method: "S256",
        scope: "openid email profile",
        email: "yt-signin@example.com",
      }),
    });
    const code = new URL(consent.headers.get("location")!).searchParams.get("code")!;
    const tokens = (await (
      await tokenRequest({ grant_type: "authorization_code", code, redirect_uri: SIGN_IN, code_verifier: verifier })
    ).json()) as Tokens;
    expect(tokens.id_token).toBeTruthy();
    const forbidden = await youtube("/subscriptions?part=snippet&mine=true", tokens.access_token);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({
      error: { code: 403, status: "PERMISSION_DENIED", errors: [{ reason: "insufficientPermissions" }] },
    });
  });

  it("pages an identity's subscriptions in Google's shapes, every channel once", async () => {
    const tokens = await connect("pager@example.com");
    const expected = subscriptionsOf("pager@example.com");
    const pages = await allSubscriptions(tokens.access_token, 7);
    expect(pages.length).toBe(Math.ceil(expected.length / 7));
    expect(pages.flatMap((p) => p.items.map((i) => i.snippet.resourceId.channelId))).toEqual(expected.map((c) => c.id));
    const [first, second] = pages;
    expect(first).toMatchObject({
      kind: "youtube#subscriptionListResponse",
      etag: expect.any(String),
      nextPageToken: pageToken(7),
      pageInfo: { totalResults: expected.length, resultsPerPage: 7 },
    });
    expect(first!.prevPageToken).toBeUndefined();
    expect(second!.prevPageToken).toBe(pageToken(0, true));
    expect(pages.at(-1)!.nextPageToken).toBeUndefined();
    const channel = (await (await youtube("/channels?part=snippet&mine=true", tokens.access_token)).json()) as {
      items: Array<{ id: string; snippet: { title: string; thumbnails: { default: { url: string; width: number } } } }>;
      kind: string;
    };
    expect(channel.kind).toBe("youtube#channelListResponse");
    expect(channel.items[0]).toMatchObject({ id: expect.stringMatching(/^UC[\w-]{22}$/), snippet: { title: "pager" } });
    expect(channel.items[0]!.snippet.thumbnails.default.width).toBe(88);
    expect(first!.items[0]).toEqual({
      kind: "youtube#subscription",
      etag: expect.any(String),
      id: expect.any(String),
      snippet: {
        publishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        title: expected[0]!.title,
        description: expected[0]!.description,
        resourceId: { kind: "youtube#channel", channelId: expected[0]!.id },
        channelId: channel.items[0]!.id,
        thumbnails: {
          default: { url: `${SITE}/_youtube-images/ytc/${expected[0]!.id}=s88-c-k-c0x00ffffff-no-rj` },
          medium: { url: `${SITE}/_youtube-images/ytc/${expected[0]!.id}=s240-c-k-c0x00ffffff-no-rj` },
          high: { url: `${SITE}/_youtube-images/ytc/${expected[0]!.id}=s800-c-k-c0x00ffffff-no-rj` },
        },
      },
    });
    // The default page holds five.
    const byDefault = (await (
      await youtube("/subscriptions?part=snippet&mine=true", tokens.access_token)
    ).json()) as SubscriptionPage;
    expect(byDefault.items).toHaveLength(5);

    const images = youtubeImagesApp(titleOf);
    const thumb = await images.request(`/ytc/${expected[0]!.id}=s88-c-k-c0x00ffffff-no-rj`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/jpeg");
    expect((await images.request(`/ytc/${channel.items[0]!.id}=s88-c-k-c0x00ffffff-no-rj`)).status).toBe(200);
    expect((await images.request(`/ytc/UC${"x".repeat(22)}=s88-c-k-c0x00ffffff-no-rj`)).status).toBe(404);
    expect((await images.request(`/ytc/${expected[0]!.id}=s90-c-k-c0x00ffffff-no-rj`)).status).toBe(404);
  });

  it("refuses a missing part or filter, a bad maxResults and a bad page token with Google's 400", async () => {
    const tokens = await connect("strict@example.com");
    for (const [query, reason] of [
      ["mine=true", "required"],
      ["part=snippet,statistics&mine=true", "unknownPart"],
      ["part=snippet", "missingRequiredParameter"],
      ["part=snippet&mine=true&maxResults=51", "invalidParameter"],
      ["part=snippet&mine=true&maxResults=-1", "invalidParameter"],
      ["part=snippet&mine=true&pageToken=nonsense!", "invalidPageToken"],
      ["part=snippet&mine=true&pageToken=ZZZZ", "invalidPageToken"],
    ]) {
      const res = await youtube(`/subscriptions?${query}`, tokens.access_token);
      expect(res.status, query).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 400, errors: [{ reason }] } });
    }
  });

  it("gives identities 20–120 subscriptions each, the same every time, sharing the most popular channels", () => {
    const emails = ["a@example.com", "b@example.com", "c@example.com", "someone@example.com", "x@y.test"];
    const lists = emails.map(subscriptionsOf);
    for (const list of lists) {
      expect(list.length).toBeGreaterThanOrEqual(20);
      expect(list.length).toBeLessThanOrEqual(120);
      expect(new Set(list.map((c) => c.id)).size).toBe(list.length);
      for (const popular of channelCatalogue().slice(0, SHARED_CHANNELS)) expect(list).toContainEqual(popular);
    }
    expect(subscriptionsOf("A@Example.com ")).toEqual(lists[0]);
    expect(new Set(lists.map((l) => l.length)).size).toBeGreaterThan(1);
  });

  it("encodes page tokens as YouTube does, and reads back only its own", () => {
    expect(pageToken(5)).toBe("CAUQAA");
    expect(pageToken(5, true)).toBe("CAUQAQ");
    for (const n of [0, 1, 49, 127, 128, 300, 20_000]) expect(offsetOf(pageToken(n))).toBe(n);
    expect(offsetOf("CAUQ")).toBeUndefined();
    expect(offsetOf("AAAAAA")).toBeUndefined();
  });
});
