import { CodeChallengeMethod, generateCodeVerifier, OAuth2Client, OAuth2RequestError } from "arctic";
import { Resource } from "sst";
import { describe, expect, it } from "vitest";
import { useTestApi } from "../support/runtime.ts";

const api = useTestApi();

/**
 * The runtime links graph to its Spotify and YouTube stand-ins as production is linked to the
 * real services: an OAuth client with the linked endpoints and credentials (arctic, as graph's
 * own) runs the whole authorization over the network, and the images load where a browser
 * would load them.
 */
const SITE = "http://graph.test";
const SPOTIFY_CALLBACK = `${SITE}/api/spotify/api/callback`;
const YOUTUBE_CALLBACK = `${SITE}/api/youtube/api/callback`;

/** Posts the consent form a person submits, and answers where the stand-in sends the browser back. */
async function consent(authorizeUrl: URL, fields: Record<string, string>): Promise<URL> {
  const page = await fetch(authorizeUrl);
  expect(page.status).toBe(200);
  const res = await fetch(authorizeUrl.origin + authorizeUrl.pathname, {
    method: "POST",
    body: new URLSearchParams({ ...Object.fromEntries(authorizeUrl.searchParams), ...fields }),
    redirect: "manual",
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get("location")!);
}

describe("the Spotify stand-in in the runtime", () => {
  const spotify = () =>
    new OAuth2Client(Resource.SpotifyClientId.value, Resource.SpotifyClientSecret.value, SPOTIFY_CALLBACK);

  async function connect(listener: string) {
    const verifier = generateCodeVerifier();
    const url = spotify().createAuthorizationURLWithPKCE(
      Resource.Spotify.authorizationEndpoint,
      "state-1",
      CodeChallengeMethod.S256,
      verifier,
      ["user-top-read"],
    );
    const back = await consent(url, { listener, decision: "allow" });
    expect(`${back.origin}${back.pathname}`).toBe(SPOTIFY_CALLBACK);
    expect(back.searchParams.get("state")).toBe("state-1");
    return spotify().validateAuthorizationCode(
      Resource.Spotify.tokenEndpoint,
      back.searchParams.get("code")!,
      verifier,
    );
  }

  const top = async (kind: "tracks" | "artists", accessToken: string) => {
    const res = await fetch(`${Resource.Spotify.apiUrl}/me/top/${kind}?time_range=medium_term&limit=50`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { items: Array<{ id: string; name: string; images?: Array<{ url: string }> }> };
  };

  it("is linked on this port with a client made for the run", () => {
    expect(Resource.Spotify.authorizationEndpoint).toBe(`${api.runtime.url}/_spotify/authorize`);
    expect(Resource.Spotify.tokenEndpoint).toBe(`${api.runtime.url}/_spotify/api/token`);
    expect(Resource.Spotify.apiUrl).toBe(`${api.runtime.url}/_spotify/v1`);
    expect(Resource.SpotifyClientId.value).toMatch(/^[0-9a-f]{32}$/);
    expect(Resource.SpotifyClientSecret.value).toMatch(/^[0-9a-f]{32}$/);
  });

  it("connects Ada and Ben, who share their first artist; refresh rotates; a revoked grant is refused", async () => {
    const ada = await connect("Ada Listener");
    const ben = await connect("Ben Listener");
    const [adaArtists, benArtists] = [await top("artists", ada.accessToken()), await top("artists", ben.accessToken())];
    expect(adaArtists.items).toHaveLength(30);
    expect(adaArtists.items[0]!.id).toBe(benArtists.items[0]!.id);
    expect((await top("tracks", ada.accessToken())).items).toHaveLength(50);

    // The album art and artists' pictures load from the runtime's own port, as JPEG.
    const image = await fetch(adaArtists.items[0]!.images![0]!.url);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");

    const rotated = await spotify().refreshAccessToken(Resource.Spotify.tokenEndpoint, ada.refreshToken(), []);
    expect(rotated.refreshToken()).not.toBe(ada.refreshToken());
    await expect(spotify().refreshAccessToken(Resource.Spotify.tokenEndpoint, ada.refreshToken(), [])).rejects.toThrow(
      OAuth2RequestError,
    );

    const revoked = await fetch(`${api.runtime.url}/_spotify/dev/revoke`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ listener: "Ada Listener" }),
    });
    expect(await revoked.json()).toEqual({ revoked: 1 });
    const refused = await spotify()
      .refreshAccessToken(Resource.Spotify.tokenEndpoint, rotated.refreshToken(), [])
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OAuth2RequestError);
    expect((refused as OAuth2RequestError).code).toBe("invalid_grant");
    expect((refused as OAuth2RequestError).description).toBe("Refresh token revoked");
    const denied = await fetch(`${Resource.Spotify.apiUrl}/me`, {
      headers: { authorization: `Bearer ${rotated.accessToken()}` },
    });
    expect(denied.status).toBe(401);
    // Ben's grant is his own.
    expect((await top("artists", ben.accessToken())).items).toHaveLength(30);
  });
});

describe("the Google stand-in's YouTube in the runtime", () => {
  const google = () =>
    new OAuth2Client(Resource.GoogleClientId.value, Resource.GoogleClientSecret.value, YOUTUBE_CALLBACK);

  it("is linked on this port", () => {
    expect(Resource.YouTubeApi).toMatchObject({
      apiUrl: `${api.runtime.url}/_google/youtube/v3`,
      revocationEndpoint: `${api.runtime.url}/_google/revoke`,
    });
  });

  it("connects at the YouTube callback, lists every subscription page by page, and revokes the grant", async () => {
    const verifier = generateCodeVerifier();
    const url = google().createAuthorizationURLWithPKCE(
      Resource.GoogleOidc.authorizationEndpoint,
      "yt-state",
      CodeChallengeMethod.S256,
      verifier,
      ["https://www.googleapis.com/auth/youtube.readonly"],
    );
    url.searchParams.set("access_type", "offline");
    url.searchParams.set("prompt", "consent");
    const back = await consent(url, { email: "viewer@example.com", name: "Viewer", email_verified: "on" });
    expect(`${back.origin}${back.pathname}`).toBe(YOUTUBE_CALLBACK);
    const tokens = await google().validateAuthorizationCode(
      Resource.GoogleOidc.tokenEndpoint,
      back.searchParams.get("code")!,
      verifier,
    );
    expect(tokens.hasRefreshToken()).toBe(true);

    const ids: string[] = [];
    let pageToken: string | undefined;
    let total = 0;
    do {
      const query = new URLSearchParams({ part: "snippet", mine: "true", maxResults: "50" });
      if (pageToken) query.set("pageToken", pageToken);
      const res = await fetch(`${Resource.YouTubeApi.apiUrl}/subscriptions?${query}`, {
        headers: { authorization: `Bearer ${tokens.accessToken()}` },
      });
      expect(res.status).toBe(200);
      const page = (await res.json()) as {
        nextPageToken?: string;
        pageInfo: { totalResults: number };
        items: Array<{ snippet: { resourceId: { channelId: string }; thumbnails: { default: { url: string } } } }>;
      };
      total = page.pageInfo.totalResults;
      ids.push(...page.items.map((i) => i.snippet.resourceId.channelId));
      if (!pageToken) {
        const thumbnail = await fetch(page.items[0]!.snippet.thumbnails.default.url);
        expect(thumbnail.status).toBe(200);
        expect(thumbnail.headers.get("content-type")).toBe("image/jpeg");
      }
      pageToken = page.nextPageToken;
    } while (pageToken);
    expect(ids.length).toBe(total);
    expect(new Set(ids).size).toBe(total);
    expect(total).toBeGreaterThanOrEqual(20);

    await google().revokeToken(Resource.YouTubeApi.revocationEndpoint, tokens.refreshToken());
    await expect(
      google().refreshAccessToken(Resource.GoogleOidc.tokenEndpoint, tokens.refreshToken(), []),
    ).rejects.toThrow(OAuth2RequestError);
  });
});

describe("pages and the stand-ins' images", () => {
  it("load no picture from the stand-ins' port: album art and thumbnails come through graph's picture proxy", async () => {
    const res = await api.runtime.root.request(`${SITE}/`);
    const csp = res.headers.get("content-security-policy") ?? "";
    const imgSrc = csp.split(";").find((d) => d.trim().startsWith("img-src")) ?? "";
    expect(new URL(api.runtime.url).origin).not.toBe(new URL(SITE).origin);
    expect(imgSrc.trim().split(/\s+/)).toEqual(["img-src", "'self'", "data:"]);
  });
});
