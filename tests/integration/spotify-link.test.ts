import { OAuth2Client, OAuth2RequestError } from "arctic";
import { Resource } from "sst";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as Accounts from "@graph/core/workflows/account-deletion";
import * as Holders from "@graph/core/modules/holders";
import { DEFAULT_SECTION_ORDER } from "@graph/core/modules/profile/rules";
import * as Pictures from "@graph/core/modules/pictures";
import * as Spotify from "@graph/core/modules/spotify";
import { unseal } from "@graph/core/lib/util";
import { ConnectionEntity } from "../../packages/core/src/modules/connections/connection.entity.ts";
import { callBack, connect, consent, spotifyListener, startConnect } from "../support/connect.ts";
import { signedIn, uniqueAddress, useTestApi } from "../support/runtime.ts";
import { holding, scanTable } from "../support/table.ts";

/**
 * Linking Spotify end to end against the stand-in: the connect (state, PKCE, the person), the
 * sync of top tracks and artists, rotation of refresh tokens, a grant revoked at Spotify, the
 * tokens kept sealed, unlink, account deletion and the public reads.
 */
const api = useTestApi();
type Person = Awaited<ReturnType<typeof signedIn>>;

afterEach(() => {
  vi.restoreAllMocks();
});

/** A listener of the stand-in's own for this test (its grants can be revoked without touching others'). */
const listenerFor = (label: string) => `${label} ${Math.random().toString(36).slice(2, 8)}`;

const status = async (person: Person) => (await api.client({ cookie: person.cookie }).spotify.api.status.$get()).json();
const tracksOf = async (owner: Person, viewer?: Person) =>
  (
    await api.client({ cookie: viewer?.cookie }).spotify.top_tracks_db[":id"].$get({ param: { id: owner.userId } })
  ).json();
const artistsOf = async (owner: Person, viewer?: Person) =>
  (
    await api.client({ cookie: viewer?.cookie }).spotify.top_artists[":id"].$get({ param: { id: owner.userId } })
  ).json();

/** The stored link, as the table holds it. */
const storedLink = async (person: Person) =>
  (await ConnectionEntity.get({ userId: person.userId, provider: "spotify" }).go({ consistent: true })).data;
const refreshTokenOf = async (person: Person) =>
  unseal((await storedLink(person))!.refreshToken!, Resource.OAuthTokenKey.value);
const accessTokenOf = async (person: Person) =>
  unseal((await storedLink(person))!.accessToken, Resource.OAuthTokenKey.value);

const standIn = (path: string, body: unknown) =>
  fetch(`${api.runtime.url}/_spotify${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

const spotifyClient = () =>
  new OAuth2Client(
    Resource.SpotifyClientId.value,
    Resource.SpotifyClientSecret.value,
    `${Resource.Config.siteUrl}/api/spotify/api/callback`,
  );

describe("connecting Spotify", () => {
  it("sends the browser to Spotify with PKCE and the top-read scope, keeping the state in an httpOnly cookie", async () => {
    const person = await signedIn(api);
    const start = await api.request(
      "GET",
      `/api/spotify/api/login?state=${encodeURIComponent(JSON.stringify({ userId: person.userId, redirect: "/home/tune?tab=media-links" }))}`,
      { cookie: person.cookie },
    );
    expect(start.status).toBe(302);
    const to = new URL(start.headers.get("location")!);
    expect(`${to.origin}${to.pathname}`).toBe(Resource.Spotify.authorizationEndpoint);
    expect(to.searchParams.get("response_type")).toBe("code");
    expect(to.searchParams.get("client_id")).toBe(Resource.SpotifyClientId.value);
    expect(to.searchParams.get("redirect_uri")).toBe("http://graph.test/api/spotify/api/callback");
    expect(to.searchParams.get("scope")).toBe("user-top-read");
    expect(to.searchParams.get("code_challenge_method")).toBe("S256");
    expect(to.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    const cookie = start.headers.get("set-cookie")!;
    expect(cookie).toContain(`graph_spotify_state=${to.searchParams.get("state")}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\/api\/spotify\/api/);
  });

  it("connects, syncs the top tracks and artists, and shows them on the public profile in rank order", async () => {
    const person = await signedIn(api);
    const location = await connect(api, "spotify", person, spotifyListener("Ada Listener"));
    expect(location).toBe("/home/tune?tab=media-links&spotify=connected");

    const now = await status(person);
    expect(now).toMatchObject({ status: "connected", name: "Ada Listener", tracks: 50, artists: 30 });
    expect(now.syncedAt).toBeGreaterThan(Date.now() - 60_000);

    const tracks = await tracksOf(person);
    expect(tracks).toHaveLength(50);
    expect(Object.keys(tracks[0]!).sort()).toEqual([
      "artist_name",
      "artists",
      "id",
      "image",
      "name",
      "picture_url",
      "url",
    ]);
    // Pages show the album art from graph's own origin, through the picture proxy.
    expect(tracks[0]!.picture_url).toBe(Pictures.pictureAddress(tracks[0]!.image));
    expect(tracks[0]!.id).toMatch(/^[0-9A-Za-z]{22}$/);
    expect(tracks[0]!.artists.startsWith(tracks[0]!.artist_name)).toBe(true);
    expect((await fetch(tracks[0]!.image)).headers.get("content-type")).toBe("image/jpeg");
    const artists = await artistsOf(person);
    expect(artists).toHaveLength(30);
    expect(Object.keys(artists[0]!).sort()).toEqual(["id", "image", "name", "picture_url", "url"]);

    // The order is Spotify's: what the stand-in answers as the listener's top items.
    const token = await accessTokenOf(person);
    const top = (await (
      await fetch(`${Resource.Spotify.apiUrl}/me/top/artists?time_range=medium_term&limit=50`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { items: Array<{ id: string }> };
    expect(artists.map((a) => a.id)).toEqual(top.items.map((a) => a.id));
  });

  it("counts the holders of each track and artist, so two listeners share their first artist", async () => {
    const ada = await signedIn(api);
    const ben = await signedIn(api);
    await connect(api, "spotify", ada, spotifyListener("Ada Listener"));
    const firstArtist = (await artistsOf(ada))[0]!.id;
    const before = (await Holders.holderCounts("artist", [firstArtist])).get(firstArtist) ?? 0;
    await connect(api, "spotify", ben, spotifyListener("Ben Listener"));
    expect((await Holders.holderCounts("artist", [firstArtist])).get(firstArtist)).toBe(before + 1);
    const adaIds = new Set((await Spotify.heldArtists(ada.userId)).map((a) => a.id));
    expect((await Spotify.heldArtists(ben.userId)).filter((a) => adaIds.has(a.id)).length).toBeGreaterThan(0);
    expect((await Spotify.heldTracks(ada.userId))[0]).toEqual({ id: expect.any(String), label: expect.any(String) });
  });

  it("sends a signed-out browser to log in, and refuses a state naming another person", async () => {
    const person = await signedIn(api);
    const other = await signedIn(api);
    const signedOut = await api.request(
      "GET",
      `/api/spotify/api/login?state=${encodeURIComponent(JSON.stringify({ userId: person.userId }))}`,
    );
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe("/login");

    const foreign = await api.request(
      "GET",
      `/api/spotify/api/login?state=${encodeURIComponent(JSON.stringify({ userId: other.userId, redirect: "/home" }))}`,
      { cookie: person.cookie },
    );
    expect(foreign.status).toBe(302);
    expect(foreign.headers.get("location")).toBe("/home?spotify=error");
    expect(foreign.headers.get("set-cookie") ?? "").not.toContain("graph_spotify_state");

    // A redirect off the site falls back to the media tab.
    const started = await startConnect(api, "spotify", person.cookie, {
      userId: person.userId,
      redirect: "//evil.example/x",
    });
    const back = await consent(started, spotifyListener(listenerFor("Redirect")));
    const done = await callBack(api, "spotify", { code: back.code, state: back.state }, [
      person.cookie,
      back.stateCookie,
    ]);
    expect(done.location).toBe("/home/tune?tab=media-links&spotify=connected");
  });

  it("refuses a state that is not this browser's", async () => {
    const person = await signedIn(api);
    const one = await consent(
      await startConnect(api, "spotify", person.cookie, { userId: person.userId }),
      spotifyListener("Ada Listener"),
    );
    const two = await startConnect(api, "spotify", person.cookie, { userId: person.userId });
    // This connect's code and state, with the other connect's cookie.
    const done = await callBack(api, "spotify", { code: one.code, state: one.state }, [person.cookie, two.stateCookie]);
    expect(done.location).toBe("/home/tune?tab=media-links&spotify=error");
    expect((await status(person)).status).toBe("none");
    // No cookie at all.
    const bare = await callBack(api, "spotify", { code: one.code, state: one.state }, [person.cookie]);
    expect(bare.location).toContain("spotify=error");
    expect((await status(person)).status).toBe("none");
  });

  it("refuses a replayed callback and a replayed code", async () => {
    const person = await signedIn(api);
    const back = await consent(
      await startConnect(api, "spotify", person.cookie, { userId: person.userId }),
      spotifyListener("Ada Listener"),
    );
    const query = { code: back.code, state: back.state };
    expect((await callBack(api, "spotify", query, [person.cookie, back.stateCookie])).location).toContain(
      "spotify=connected",
    );
    // The same return again: its state was used.
    expect((await callBack(api, "spotify", query, [person.cookie, back.stateCookie])).location).toContain(
      "spotify=error",
    );
    // The used code with a fresh state of this browser: Spotify refuses the code.
    const fresh = await startConnect(api, "spotify", person.cookie, { userId: person.userId });
    const freshState = fresh.authorizeUrl.searchParams.get("state")!;
    const replay = await callBack(api, "spotify", { code: back.code, state: freshState }, [
      person.cookie,
      fresh.stateCookie,
    ]);
    expect(replay.location).toContain("spotify=error");
  });

  it("refuses a connect another person started", async () => {
    const starter = await signedIn(api);
    const taker = await signedIn(api);
    const back = await consent(
      await startConnect(api, "spotify", starter.cookie, { userId: starter.userId }),
      spotifyListener("Ada Listener"),
    );
    const done = await callBack(api, "spotify", { code: back.code, state: back.state }, [
      taker.cookie,
      back.stateCookie,
    ]);
    expect(done.location).toContain("spotify=error");
    expect((await status(taker)).status).toBe("none");
    expect((await status(starter)).status).toBe("none");
  });

  it("exchanges the code with the verifier of its own connect (Spotify refuses another's)", async () => {
    const person = await signedIn(api);
    const first = await consent(
      await startConnect(api, "spotify", person.cookie, { userId: person.userId }),
      spotifyListener("Ada Listener"),
    );
    const second = await startConnect(api, "spotify", person.cookie, { userId: person.userId });
    const secondState = second.authorizeUrl.searchParams.get("state")!;
    // The first connect's code under the second's state and cookie: exchanged with the second's verifier.
    const done = await callBack(api, "spotify", { code: first.code, state: secondState }, [
      person.cookie,
      second.stateCookie,
    ]);
    expect(done.location).toContain("spotify=error");
    expect((await status(person)).status).toBe("none");
  });

  it("says so when the person cancels at Spotify", async () => {
    const person = await signedIn(api);
    const started = await startConnect(api, "spotify", person.cookie, {
      userId: person.userId,
      redirect: "/home/tune?tab=media",
    });
    const back = await consent(started, { listener: "Ada Listener", decision: "cancel" });
    expect(back.callback.searchParams.get("error")).toBe("access_denied");
    const done = await callBack(api, "spotify", Object.fromEntries(back.callback.searchParams), [
      person.cookie,
      started.stateCookie,
    ]);
    expect(done.location).toBe("/home/tune?tab=media&spotify=error");
  });

  it("limits how many connects a person starts", async () => {
    const person = await signedIn(api);
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        api.request(
          "GET",
          `/api/spotify/api/login?state=${encodeURIComponent(JSON.stringify({ userId: person.userId }))}`,
          {
            cookie: person.cookie,
          },
        ),
      ),
    );
    expect(answers.filter((a) => a.status === 302)).toHaveLength(20);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
  });
});

describe("the stored grant", () => {
  it("keeps the tokens sealed: never in clear in the table, never in an answer", async () => {
    const person = await signedIn(api);
    const started = await startConnect(api, "spotify", person.cookie, { userId: person.userId });
    const back = await consent(started, spotifyListener("Ada Listener"));
    const done = await callBack(api, "spotify", { code: back.code, state: back.state }, [
      person.cookie,
      back.stateCookie,
    ]);
    const [access, refresh] = [await accessTokenOf(person), await refreshTokenOf(person)];
    expect(access.length).toBeGreaterThan(20);

    const table = JSON.stringify(await scanTable());
    expect(table).not.toContain(access);
    expect(table).not.toContain(refresh);
    expect(table).not.toContain(back.code);

    const answers = [
      `${done.response.headers.get("location")} ${done.response.headers.get("set-cookie")}`,
      await done.response.text(),
      JSON.stringify(await status(person)),
      JSON.stringify(await tracksOf(person)),
      JSON.stringify(await artistsOf(person)),
    ].join("\n");
    expect(answers).not.toContain(access);
    expect(answers).not.toContain(refresh);
  });

  it("rotates the refresh token: after a refresh the old one is refused and the new one is stored", async () => {
    const person = await signedIn(api);
    const listener = listenerFor("Rotating");
    await connect(api, "spotify", person, spotifyListener(listener));
    const before = await refreshTokenOf(person);
    // The access token expires at Spotify: the next sync refreshes it.
    expect(await (await standIn("/dev/expire", { listener })).json()).toEqual({ expired: 1 });
    await Spotify.sync(person.userId);
    const after = await refreshTokenOf(person);
    expect(after).not.toBe(before);
    const old = await spotifyClient()
      .refreshAccessToken(Resource.Spotify.tokenEndpoint, before, [])
      .catch((e: unknown) => e);
    expect(old).toBeInstanceOf(OAuth2RequestError);
    expect((old as OAuth2RequestError).code).toBe("invalid_grant");
    expect((await status(person)).status).toBe("connected");
  });

  it("refreshes once for parallel syncs of the same person (a rotated token works once) and stays connected", async () => {
    const person = await signedIn(api);
    const listener = listenerFor("Parallel");
    await connect(api, "spotify", person, spotifyListener(listener));
    const before = await refreshTokenOf(person);
    await standIn("/dev/expire", { listener });
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => Spotify.sync(person.userId)));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill("fulfilled"));
    expect((await status(person)).status).toBe("connected");
    // The stored refresh token is the one Spotify issued last: it still works (and rotates again).
    expect(await refreshTokenOf(person)).not.toBe(before);
    const again = await spotifyClient().refreshAccessToken(
      Resource.Spotify.tokenEndpoint,
      await refreshTokenOf(person),
      [],
    );
    expect(again.accessToken()).toBeTruthy();
    expect((await status(person)).tracks).toBe(50);
  });

  it("marks the link disconnected when the grant is revoked at Spotify, keeps the items, and connects again", async () => {
    const person = await signedIn(api);
    const listener = listenerFor("Revoked");
    await connect(api, "spotify", person, spotifyListener(listener));
    const tracks = await tracksOf(person);
    expect(await (await standIn("/dev/revoke", { listener })).json()).toEqual({ revoked: 1 });

    const run = (await api.runtime.dispatcher.runJob("media-resync")) as { spotify: { disconnected: number } };
    expect(run.spotify.disconnected).toBeGreaterThanOrEqual(1);
    expect(await status(person)).toMatchObject({ status: "disconnected", tracks: 50, artists: expect.any(Number) });
    expect(await tracksOf(person)).toEqual(tracks);

    expect(await connect(api, "spotify", person, spotifyListener(listener))).toContain("spotify=connected");
    expect((await status(person)).status).toBe("connected");
  });
});

describe("unlinking and deletion", () => {
  it("logs out: removes the tokens, the tracks and artists and the person's share of their holders", async () => {
    const person = await signedIn(api);
    await connect(api, "spotify", person, spotifyListener("Ada Listener"));
    const artist = (await artistsOf(person))[0]!.id;
    const before = (await Holders.holderCounts("artist", [artist])).get(artist)!;

    const out = await api.client({ cookie: person.cookie }).spotify.api.logout.$post();
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ message: "Logged out of Spotify" });
    expect(await status(person)).toEqual({ status: "none", name: null, syncedAt: null, tracks: 0, artists: 0 });
    expect(await storedLink(person)).toBeNull();
    expect(await tracksOf(person)).toEqual([]);
    expect(await artistsOf(person)).toEqual([]);
    expect((await Holders.holderCounts("artist", [artist])).get(artist) ?? 0).toBe(before - 1);
  });

  it("refuses writes and the status without a session", async () => {
    expect((await api.client().spotify.api.logout.$post()).status).toBe(401);
    expect((await api.client().spotify.api.status.$get()).status).toBe(401);
  });

  it("removes the link and the items when the account is deleted", async () => {
    const person = await signedIn(api);
    await connect(api, "spotify", person, spotifyListener(listenerFor("Leaving")));
    // A connect left under way goes too.
    await startConnect(api, "spotify", person.cookie, { userId: person.userId });
    const deleted = await api
      .client({ cookie: person.cookie, address: uniqueAddress() })
      .users.delete.$post({ json: { password: person.password } });
    expect(deleted.status).toBe(200);
    await expect
      .poll(() => Accounts.deletionProgress(person.userId), { timeout: 30_000, interval: 100 })
      .toBeUndefined();
    expect(await storedLink(person)).toBeNull();
    expect(await Spotify.heldTracks(person.userId)).toEqual([]);
    expect(await Spotify.heldArtists(person.userId)).toEqual([]);
    expect(holding(await scanTable(), person.userId)).toEqual([]);
  });
});

describe("public reads", () => {
  it("answers hidden tracks and artists sections empty to others, and in full to the owner", async () => {
    const owner = await signedIn(api);
    const visitor = await signedIn(api);
    await connect(api, "spotify", owner, spotifyListener("Ada Listener"));
    const hide = await api.client({ cookie: owner.cookie }).users.profile_order.$post({
      json: {
        userId: owner.userId,
        sectionOrder: DEFAULT_SECTION_ORDER.map((s) => ({ ...s, visible: s.id !== "tracks" && s.id !== "artists" })),
      },
    });
    expect(hide.status).toBe(200);
    expect(await tracksOf(owner, visitor)).toEqual([]);
    expect(await artistsOf(owner)).toEqual([]);
    expect(await tracksOf(owner, owner)).toHaveLength(50);
    expect(await artistsOf(owner, owner)).toHaveLength(30);
  });

  it("answers an unknown person's tracks empty", async () => {
    expect(await (await api.client().spotify.top_tracks_db[":id"].$get({ param: { id: "nobody" } })).json()).toEqual(
      [],
    );
  });
});
