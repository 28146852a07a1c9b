import { OAuth2Client, OAuth2RequestError } from "arctic";
import { Resource } from "sst";
import { describe, expect, it } from "vitest";
import * as Accounts from "@graph/core/workflows/account-deletion";
import * as Holders from "@graph/core/modules/holders";
import { DEFAULT_SECTION_ORDER } from "@graph/core/modules/profile/rules";
import { unseal } from "@graph/core/lib/util";
import * as Pictures from "@graph/core/modules/pictures";
import * as YouTube from "@graph/core/modules/youtube";
import { ConnectionEntity } from "../../packages/core/src/modules/connections/connection.entity.ts";
import { ChannelCountEntity } from "../../packages/core/src/modules/youtube/channel-count.entity.ts";
import { callBack, connect, consent, googleIdentity, startConnect } from "../support/connect.ts";
import { errorOf, newPerson, signedIn, uniqueAddress, useTestApi } from "../support/runtime.ts";
import { holding, scanTable } from "../support/table.ts";

/**
 * Linking YouTube end to end against the Google stand-in: the popup's connect, subscriptions
 * synced into channels, Takeout channel imports within the cap, unlink and deletion revoking the
 * grant at Google, a grant revoked there, and the public reads.
 */
const api = useTestApi();
type Person = Awaited<ReturnType<typeof signedIn>>;

const as = (person?: Person) => api.client({ cookie: person?.cookie });
const status = async (person: Person) => (await as(person).youtube.api.status.$get()).json();
const channelsOf = async (owner: Person, viewer?: Person) =>
  (await as(viewer).youtube.top_channels_db[":id"].$get({ param: { id: owner.userId } })).json();
const storedLink = async (person: Person) =>
  (await ConnectionEntity.get({ userId: person.userId, provider: "youtube" }).go({ consistent: true })).data;
const refreshTokenOf = async (person: Person) =>
  unseal((await storedLink(person))!.refreshToken!, Resource.OAuthTokenKey.value);

/** A Google identity of this test's own (its grants can be revoked without touching others'). */
const viewerEmail = () => `${newPerson("viewer").username}@example.com`;

const google = () =>
  new OAuth2Client(
    Resource.GoogleClientId.value,
    Resource.GoogleClientSecret.value,
    `${Resource.Config.siteUrl}/api/youtube/api/callback`,
  );
/** Whether Google still honours a refresh token. */
const honoured = (refreshToken: string) =>
  google()
    .refreshAccessToken(Resource.GoogleOidc.tokenEndpoint, refreshToken, [])
    .then(
      () => true,
      (e: unknown) => {
        if (e instanceof OAuth2RequestError && e.code === "invalid_grant") return false;
        throw e;
      },
    );

/** The identity's subscriptions as the stand-in answers them, every page. */
async function subscriptionIds(refreshToken: string): Promise<string[]> {
  const token = (await google().refreshAccessToken(Resource.GoogleOidc.tokenEndpoint, refreshToken, [])).accessToken();
  const ids: string[] = [];
  let pageToken: string | undefined;
  do {
    const query = new URLSearchParams({ part: "snippet", mine: "true", maxResults: "50" });
    if (pageToken) query.set("pageToken", pageToken);
    const page = (await (
      await fetch(`${Resource.YouTubeApi.apiUrl}/subscriptions?${query}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { nextPageToken?: string; items: Array<{ snippet: { resourceId: { channelId: string } } }> };
    ids.push(...page.items.map((i) => i.snippet.resourceId.channelId));
    pageToken = page.nextPageToken;
  } while (pageToken);
  return ids;
}

/** A made-up channel id (UC + 22) and a Takeout row for it. */
const channelId = (seed: string) => `UC${Buffer.from(seed.padEnd(16, "_")).toString("base64url").slice(0, 22)}`;
const row = (seed: string, title = `Channel ${seed}`) => ({
  channelId: channelId(seed),
  channelUrl: `http://www.youtube.com/channel/${channelId(seed)}`,
  channelTitle: title,
});
const importRows = (person: Person, channels: unknown[]) =>
  as(person).youtube.channels.import.$post({ json: { channels } });

describe("connecting YouTube", () => {
  it("opens Google with the read-only YouTube scope, offline access, consent and PKCE", async () => {
    const person = await signedIn(api);
    const started = await startConnect(api, "youtube", person.cookie, {
      userId: person.userId,
      redirect: "/oauth/youtube/success",
    });
    const to = started.authorizeUrl;
    expect(`${to.origin}${to.pathname}`).toBe(Resource.GoogleOidc.authorizationEndpoint);
    expect(to.searchParams.get("scope")).toBe("https://www.googleapis.com/auth/youtube.readonly");
    expect(to.searchParams.get("access_type")).toBe("offline");
    expect(to.searchParams.get("prompt")).toBe("consent");
    expect(to.searchParams.get("redirect_uri")).toBe("http://graph.test/api/youtube/api/callback");
    expect(to.searchParams.get("code_challenge_method")).toBe("S256");
    expect(started.stateCookie).toMatch(/^graph_youtube_state=[\w-]+$/);
  });

  it("connects in the popup, syncs every page of subscriptions into channels, and shows them", async () => {
    const person = await signedIn(api);
    const email = viewerEmail();
    expect(await connect(api, "youtube", person, googleIdentity(email))).toBe("/oauth/youtube/success");

    const ids = await subscriptionIds(await refreshTokenOf(person));
    expect(ids.length).toBeGreaterThanOrEqual(20);
    const now = await status(person);
    expect(now).toMatchObject({ status: "connected", channels: ids.length });
    expect(now.name).toEqual(expect.any(String));
    expect(now.syncedAt).toBeGreaterThan(Date.now() - 60_000);

    const channels = await channelsOf(person);
    expect(channels).toHaveLength(Math.min(ids.length, 50));
    // In the account's order, each with its thumbnail.
    expect(channels.map((c) => c.id)).toEqual(ids.slice(0, 50));
    expect(Object.keys(channels[0]!).sort()).toEqual(["id", "id_youtube", "image", "name", "picture_url"]);
    expect(channels[0]!.id_youtube).toBe(channels[0]!.id);
    expect((await fetch(channels[0]!.image)).headers.get("content-type")).toBe("image/jpeg");
    // Pages show the thumbnail from graph's own origin, through the picture proxy.
    expect(channels[0]!.picture_url).toBe(Pictures.pictureAddress(channels[0]!.image));
    expect((await YouTube.heldChannels(person.userId)).map((c) => c.id).sort()).toEqual([...ids].sort());
  });

  it("sends the popup back with an error for a state naming another person, or a wrong state", async () => {
    const person = await signedIn(api);
    const other = await signedIn(api);
    const foreign = await api.request(
      "GET",
      `/api/youtube/api/login?state=${encodeURIComponent(JSON.stringify({ userId: other.userId, redirect: "/oauth/youtube/success" }))}`,
      { cookie: person.cookie },
    );
    expect(foreign.headers.get("location")).toBe("/oauth/youtube/success?error=1");

    const one = await consent(
      await startConnect(api, "youtube", person.cookie, { userId: person.userId }),
      googleIdentity(viewerEmail()),
    );
    const two = await startConnect(api, "youtube", person.cookie, { userId: person.userId });
    const done = await callBack(api, "youtube", { code: one.code, state: one.state }, [person.cookie, two.stateCookie]);
    expect(done.location).toBe("/oauth/youtube/success?error=1");
    // Another person with this browser's cookie and state.
    const taken = await callBack(api, "youtube", { code: one.code, state: one.state }, [other.cookie, one.stateCookie]);
    expect(taken.location).toBe("/oauth/youtube/success?error=1");
    expect((await status(person)).status).toBe("none");
    expect((await status(other)).status).toBe("none");
  });

  it("marks the link disconnected when the grant is revoked at Google, keeping the channels", async () => {
    const person = await signedIn(api);
    const email = viewerEmail();
    await connect(api, "youtube", person, googleIdentity(email));
    const count = (await status(person)).channels;
    const revoked = await fetch(`${api.runtime.url}/_google/dev/revoke`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email }),
    });
    expect(await revoked.json()).toEqual({ revoked: 1 });
    await api.runtime.dispatcher.runJob("media-resync");
    expect(await status(person)).toMatchObject({ status: "disconnected", channels: count });
  });
});

describe("unlinking", () => {
  it("revokes the grant at Google and removes the tokens and the account's channels, keeping Takeout's", async () => {
    const person = await signedIn(api);
    await connect(api, "youtube", person, googleIdentity(viewerEmail()));
    const refreshToken = await refreshTokenOf(person);
    const accountChannel = (await channelsOf(person))[0]!.id;
    const before = (await Holders.holderCounts("channel", [accountChannel])).get(accountChannel)!;
    expect(await (await importRows(person, [row("kept-after-unlink")])).json()).toEqual({ added: 1, skipped: 0 });

    const refused = await as(person).youtube.api.logout.$post({ json: { userId: newPerson().username } });
    expect(refused.status).toBe(403);
    expect((await status(person)).status).toBe("connected");

    const out = await as(person).youtube.api.logout.$post({ json: { userId: person.userId } });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ message: "Logged out of YouTube" });
    expect(await honoured(refreshToken)).toBe(false);
    expect(await storedLink(person)).toBeNull();
    expect(await status(person)).toEqual({ status: "none", name: null, syncedAt: null, channels: 1 });
    expect((await channelsOf(person)).map((c) => c.id)).toEqual([channelId("kept-after-unlink")]);
    expect((await Holders.holderCounts("channel", [accountChannel])).get(accountChannel) ?? 0).toBe(before - 1);
  });

  it("refuses logout, imports and deletes without a session", async () => {
    expect((await as().youtube.api.logout.$post({ json: { userId: "x" } })).status).toBe(401);
    expect((await as().youtube.channels.import.$post({ json: { channels: [row("a")] } })).status).toBe(401);
    expect((await as().youtube.channel.$delete({ json: { channelId: channelId("a") } })).status).toBe(401);
    expect((await as().youtube.api.status.$get()).status).toBe(401);
  });

  it("revokes at Google and removes everything when the account is deleted", async () => {
    const person = await signedIn(api);
    await connect(api, "youtube", person, googleIdentity(viewerEmail()));
    await importRows(person, [row("deleted-with-account")]);
    // A connect left under way goes too.
    await startConnect(api, "youtube", person.cookie, { userId: person.userId });
    const refreshToken = await refreshTokenOf(person);
    const deleted = await api
      .client({ cookie: person.cookie, address: uniqueAddress() })
      .users.delete.$post({ json: { password: person.password } });
    expect(deleted.status).toBe(200);
    await expect
      .poll(() => Accounts.deletionProgress(person.userId), { timeout: 30_000, interval: 100 })
      .toBeUndefined();
    expect(await honoured(refreshToken)).toBe(false);
    expect(await storedLink(person)).toBeNull();
    expect(await YouTube.heldChannels(person.userId)).toEqual([]);
    expect(holding(await scanTable(), person.userId)).toEqual([]);
  });
});

describe("Takeout channels", () => {
  it("adds valid rows once, skipping bad ids, missing titles and repeats", async () => {
    const person = await signedIn(api);
    const answer = await importRows(person, [
      row("one"),
      row("two"),
      row("one"),
      { channelId: "UCshort", channelUrl: "", channelTitle: "Too short" },
      { channelId: channelId("untitled"), channelUrl: "", channelTitle: "  " },
      "not a row",
    ]);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ added: 2, skipped: 4 });
    expect(await (await importRows(person, [row("one"), row("three")])).json()).toEqual({ added: 1, skipped: 1 });
    expect((await channelsOf(person)).map((c) => [c.id, c.name, c.image])).toEqual([
      [channelId("three"), "Channel three", ""],
      [channelId("one"), "Channel one", ""],
      [channelId("two"), "Channel two", ""],
    ]);
    expect((await status(person)).channels).toBe(3);
  });

  it("refuses an empty or oversized batch with a clear 400", async () => {
    const person = await signedIn(api);
    const empty = await importRows(person, []);
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).error).toBe("There are no channels to import.");
    const many = await importRows(
      person,
      Array.from({ length: 1001 }, (_, i) => row(`m${i}`)),
    );
    expect(many.status).toBe(400);
    expect((await errorOf(many)).error).toBe("Send at most 1000 channels at a time.");
  });

  it("deletes one channel; an unknown one is 404, a malformed id 400", async () => {
    const person = await signedIn(api);
    await importRows(person, [row("to-delete"), row("to-keep")]);
    const gone = await as(person).youtube.channel.$delete({ json: { channelId: channelId("to-delete") } });
    expect(gone.status).toBe(200);
    expect((await channelsOf(person)).map((c) => c.id)).toEqual([channelId("to-keep")]);
    const again = await as(person).youtube.channel.$delete({ json: { channelId: channelId("to-delete") } });
    expect(again.status).toBe(404);
    const bad = await as(person).youtube.channel.$delete({ json: { channelId: "nope" } });
    expect(bad.status).toBe(400);
    expect((await status(person)).channels).toBe(1);
  });

  it("deletes only the signed-in person's channel", async () => {
    const owner = await signedIn(api);
    const other = await signedIn(api);
    await importRows(owner, [row("owned")]);
    const tried = await as(other).youtube.channel.$delete({ json: { channelId: channelId("owned") } });
    expect(tried.status).toBe(404);
    expect((await channelsOf(owner)).map((c) => c.id)).toEqual([channelId("owned")]);
  });

  it(`keeps exactly ${YouTube.CHANNELS_MAX} channels when 30 imports arrive at once near the cap`, async () => {
    const person = await signedIn(api);
    // As if the person kept 40 fewer than the cap.
    await ChannelCountEntity.put({ userId: person.userId, channels: YouTube.CHANNELS_MAX - 40 }).go();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        importRows(person, [row(`cap${3 * i}`), row(`cap${3 * i + 1}`), row(`cap${3 * i + 2}`)]).then((r) => r.json()),
      ),
    );
    expect(answers.reduce((sum, a) => sum + a.added, 0)).toBe(40);
    expect(answers.reduce((sum, a) => sum + a.skipped, 0)).toBe(50);
    expect((await status(person)).channels).toBe(YouTube.CHANNELS_MAX);
    expect(await YouTube.heldChannels(person.userId)).toHaveLength(40);
  });
});

describe("public reads", () => {
  it("answers a hidden channels section empty to others, and in full to the owner", async () => {
    const owner = await signedIn(api);
    const visitor = await signedIn(api);
    await importRows(owner, [row("hidden-a"), row("hidden-b")]);
    const hide = await as(owner).users.profile_order.$post({
      json: {
        userId: owner.userId,
        sectionOrder: DEFAULT_SECTION_ORDER.map((s) => ({ ...s, visible: s.id !== "youtubeChannels" })),
      },
    });
    expect(hide.status).toBe(200);
    expect(await channelsOf(owner, visitor)).toEqual([]);
    expect(await channelsOf(owner)).toEqual([]);
    expect(await channelsOf(owner, owner)).toHaveLength(2);
  });
});
