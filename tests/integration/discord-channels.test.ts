import { Resource } from "sst";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Accounts from "@graph/core/workflows/account-deletion";
import * as Channels from "@graph/core/modules/channels";
import * as Digest from "@graph/core/modules/digest";
import * as Sources from "@graph/core/modules/sources";
import * as Topics from "@graph/core/modules/topics";
import { unseal } from "@graph/core/lib/util";
import { ChannelEntity } from "../../packages/core/src/modules/channels/channel.entity.ts";
import { UserEntity } from "../../packages/core/src/modules/users/user.entity.ts";
import { rss, startFeedServer } from "../support/feeds.ts";
import { searchFinds } from "../support/search-index.ts";
import { errorOf, signedIn, uniqueAddress, useTestApi } from "../support/runtime.ts";
import { holding, scanTable } from "../support/table.ts";

/**
 * The Discord bot end to end against the stand-in: adding graph to a server (state checked and
 * single-use), the picks posted once at the digest time, a deleted webhook, a 429, the
 * interactions endpoint's signatures and PING, each `/graph` command (late answers edited into
 * their deferred response from the channel queue), unlink and account deletion.
 */
const api = useTestApi();
type Person = Awaited<ReturnType<typeof signedIn>>;
const LA = "America/Los_Angeles";
let feeds: Awaited<ReturnType<typeof startFeedServer>>;

beforeAll(async () => {
  feeds = await startFeedServer();
  feeds.set("/meadow.xml", {
    body: rss("Meadow Notes", [
      { title: "Sowing wildflower meadows in autumn", link: "https://meadow.example/sowing", ageHours: 1 },
      { title: "Scything a meadow <the old way>", link: "https://meadow.example/scything", ageHours: 2 },
      { title: "Butterflies of the hay meadow", link: "https://meadow.example/butterflies", ageHours: 3 },
    ]),
  });
  await Sources.ensureCatalogue([
    {
      sourceId: "meadow",
      name: "Meadow Notes",
      siteUrl: "https://meadow.example",
      feedUrl: `${feeds.url}/meadow.xml`,
      type: "rss",
    },
  ]);
  await api.runtime.dispatcher.runJob("ingest");
  await api.runtime.dispatcher.idle();
});
afterAll(() => feeds?.close());

const standIn = async (path: string, body: unknown) => {
  const response = await fetch(`${api.runtime.url}/_discord${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return response.json() as Promise<Record<string, unknown>>;
};

interface Message {
  content: string;
  via: string;
  edited: boolean;
  embeds: Array<{ title?: string; url?: string; description?: string; author?: { name: string } }>;
}
interface Server {
  id: string;
  channels: Array<{ id: string; name: string }>;
}
/** A server of this test's own on the stand-in, with a `general` and a `picks` channel. */
const newServer = async (label: string) =>
  (await standIn("/dev/servers", {
    name: `${label} ${Math.random().toString(36).slice(2, 8)}`,
    channels: ["general", "picks"],
  })) as unknown as Server;
const channelOf = (server: Server, name = "general") => server.channels.find((c) => c.name === name)!.id;

/** What a channel of the stand-in received. */
async function receivedIn(channelId: string): Promise<Message[]> {
  const listing = (await (await fetch(`${api.runtime.url}/_discord/dev/channels`)).json()) as {
    servers: Array<{ channels: Array<{ id: string; messages: Message[] }> }>;
  };
  return listing.servers.flatMap((s) => s.channels).find((c) => c.id === channelId)?.messages ?? [];
}

async function person(plan?: "pro", topics: string[] = []): Promise<Person> {
  const p = await signedIn(api);
  if (plan) await UserEntity.patch({ userId: p.userId }).set({ plan }).go();
  if (topics.length > 0) {
    const saved = await api.client({ cookie: p.cookie }).gpt.to_db.$post({ json: { keyTopicsArray: topics } });
    expect(saved.status).toBe(200);
  }
  return p;
}

/** Plays the browser: the login navigation, the stand-in's consent page (server and channel chosen), the callback. */
async function connect(p: Person, server: Server, channel = "general") {
  const start = await api.request("GET", "/api/discord/api/login", { cookie: p.cookie });
  if (start.status !== 302) return { status: start.status, start, location: "" };
  const stateCookie = /graph_discord_state=[^;]*/.exec(start.headers.get("set-cookie") ?? "")?.[0] ?? "";
  const authorize = new URL(start.headers.get("location")!);
  const consent = await fetch(`${authorize.origin}${authorize.pathname}`, {
    method: "POST",
    body: new URLSearchParams({
      ...Object.fromEntries(authorize.searchParams),
      channel: `${server.id}/${channelOf(server, channel)}`,
      decision: "allow",
    }),
    redirect: "manual",
  });
  const callback = new URL(consent.headers.get("location")!);
  const back = await api.request("GET", `/api/discord/api/callback?${callback.searchParams}`, {
    cookie: [p.cookie, stateCookie].join("; "),
  });
  return { status: back.status, location: back.headers.get("location") ?? "", start, authorize, callback, stateCookie };
}

const channelsOf = async (p: Person) => {
  const response = await api.client({ cookie: p.cookie }).channels.$get();
  expect(response.status).toBe(200);
  return response.json();
};

/** Sets the person's digest time to the next quarter hour (the e-mail stays off) and answers when it comes. */
async function digestTimeSoon(p: Person): Promise<number> {
  const at = Math.ceil((Date.now() + 60_000) / Digest.SLOT_MS) * Digest.SLOT_MS;
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: LA, hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
    .formatToParts(at)
    .reduce<Record<string, string>>((acc, part) => ({ ...acc, [part.type]: part.value }), {});
  const saved = await api.client({ cookie: p.cookie }).users.update_email_digest_preferences.$post({
    json: { wantsEmailDigest: false, localTime: `${parts.hour}:${parts.minute}:00`, timezone: LA },
  });
  expect(saved.status).toBe(200);
  return at;
}

const runDigest = async (at: number) => {
  await api.runtime.dispatcher.runJob("digest", { now: new Date(at).toISOString() });
  await api.runtime.dispatcher.idle();
};

/** `/graph <command>` typed in a channel, as Discord sends it (signed by the stand-in's key pair). */
const slash = (channelId: string, command: string) =>
  standIn("/dev/interactions", { channel_id: channelId, command }) as Promise<{
    status: number;
    response: { type: number; data?: { content: string; flags?: number } };
  }>;

describe("adding graph to Discord", () => {
  it("connects through Discord's consent page with a single-use state and PKCE, and keeps the webhook sealed", async () => {
    const p = await person("pro");
    const server = await newServer("Meadow friends");
    const done = await connect(p, server, "picks");
    expect(done.authorize!.searchParams.get("scope")).toBe("webhook.incoming applications.commands");
    expect(done.authorize!.searchParams.get("redirect_uri")).toBe("http://graph.test/api/discord/api/callback");
    expect(done.authorize!.searchParams.get("code_challenge_method")).toBe("S256");
    expect(done.stateCookie).toContain(done.authorize!.searchParams.get("state")!);
    expect(done.status).toBe(302);
    expect(done.location).toBe("/home/tune?tab=feed&channels=connected");
    const { channels, max, kinds } = await channelsOf(p);
    expect(max).toBe(3);
    expect(kinds).toEqual(expect.arrayContaining(["slack", "discord"]));
    expect(channels).toEqual([
      expect.objectContaining({
        kind: "discord",
        workspace: `server ${server.id}`,
        name: `channel ${channelOf(server, "picks")}`,
        status: "ok",
        lastSentAt: null,
      }),
    ]);
    const stored = (await ChannelEntity.get({ userId: p.userId, channelId: channels[0]!.channelId }).go()).data!;
    const webhook = unseal(stored.webhook, Resource.OAuthTokenKey.value);
    expect(webhook).toMatch(/\/_discord\/api\/v10\/webhooks\/\d+\//);
    expect(holding(await scanTable(), webhook)).toEqual([]);

    // The same state again (a replayed callback) connects nothing more.
    const again = await api.request("GET", `/api/discord/api/callback?${done.callback!.searchParams}`, {
      cookie: [p.cookie, done.stateCookie].join("; "),
    });
    expect(again.headers.get("location")).toBe("/home/tune?tab=feed&channels=error");
    expect((await channelsOf(p)).channels).toHaveLength(1);
  });

  it("refuses another person's state, a cancelled consent, and free with 403 plan_required", async () => {
    const owner = await person("pro");
    const other = await person("pro");
    const server = await newServer("Stolen");
    const start = await api.request("GET", "/api/discord/api/login", { cookie: owner.cookie });
    const authorize = new URL(start.headers.get("location")!);
    const consent = await fetch(`${authorize.origin}${authorize.pathname}`, {
      method: "POST",
      body: new URLSearchParams({
        ...Object.fromEntries(authorize.searchParams),
        channel: `${server.id}/${channelOf(server)}`,
        decision: "allow",
      }),
      redirect: "manual",
    });
    const callback = new URL(consent.headers.get("location")!);
    const stateCookie = /graph_discord_state=[^;]*/.exec(start.headers.get("set-cookie") ?? "")![0];
    const stolen = await api.request("GET", `/api/discord/api/callback?${callback.searchParams}`, {
      cookie: [other.cookie, stateCookie].join("; "),
    });
    expect(stolen.headers.get("location")).toBe("/home/tune?tab=feed&channels=error");
    expect((await channelsOf(other)).channels).toEqual([]);
    expect((await channelsOf(owner)).channels).toEqual([]);

    const cancelled = await api.request(
      "GET",
      `/api/discord/api/callback?error=access_denied&state=${authorize.searchParams.get("state")}`,
      { cookie: [owner.cookie, stateCookie].join("; ") },
    );
    expect(cancelled.headers.get("location")).toBe("/home/tune?tab=feed&channels=error");

    const free = await person();
    const refused = await api.request("GET", "/api/discord/api/login", { cookie: free.cookie });
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({ code: "plan_required", feature: "bot" });
  });
});

describe("the standard bot in Discord", () => {
  it("posts the day's picks as embeds at the digest time once, even when the job runs again", async () => {
    const p = await person("pro", ["Wildflower Meadows", "Hay Meadow"]);
    const server = await newServer("Meadow club");
    await connect(p, server);
    const at = await digestTimeSoon(p);
    const channel = channelOf(server);

    await runDigest(at - Digest.SLOT_MS);
    expect(await receivedIn(channel)).toEqual([]);

    await runDigest(at);
    const [message, ...more] = await receivedIn(channel);
    expect(more).toEqual([]);
    expect(message!.via).toBe("webhook");
    expect(message!.content).toMatch(/^your graph picks for /);
    expect(message!.embeds).toContainEqual(
      expect.objectContaining({
        title: "Sowing wildflower meadows in autumn",
        url: "https://meadow.example/sowing",
        author: { name: "Meadow Notes" },
      }),
    );
    expect(message!.embeds.length).toBeLessThanOrEqual(10);

    await runDigest(at);
    const job = { kind: "deliver" as const, userId: p.userId, slot: Digest.slotOf(at), now: at };
    await Promise.all([Channels.deliver(job), Channels.deliver(job)]);
    expect(await receivedIn(channel)).toHaveLength(1);
    expect((await channelsOf(p)).channels[0]!.lastSentAt).not.toBeNull();
  });

  it("marks a channel whose webhook was deleted broken, and says so", async () => {
    const p = await person("pro", ["Wildflower Meadows"]);
    const server = await newServer("Gone server");
    await connect(p, server);
    await standIn("/dev/webhooks/delete", { channel_id: channelOf(server) });
    await runDigest(await digestTimeSoon(p));
    expect(await receivedIn(channelOf(server))).toEqual([]);
    const [channel] = (await channelsOf(p)).channels;
    expect(channel!.status).toBe("broken");
    const test = await api
      .client({ cookie: p.cookie })
      .channels[":id"].test.$post({ param: { id: channel!.channelId } });
    expect(test.status).toBe(409);
    expect((await errorOf(test)).code).toBe("channel_broken");
  });

  it("waits as a 429's retry_after tells, requeued with the delay, then posts once", async () => {
    const p = await person("pro", ["Hay Meadow"]);
    const server = await newServer("Slow server");
    await connect(p, server);
    await standIn("/dev/webhooks/rate-limit", { channel_id: channelOf(server), retry_after: 1, count: 1 });
    const at = await digestTimeSoon(p);
    await api.runtime.dispatcher.runJob("digest", { now: new Date(at).toISOString() });
    await expect.poll(() => receivedIn(channelOf(server)), { timeout: 15_000, interval: 100 }).toHaveLength(1);
    await api.runtime.dispatcher.idle();
    expect(await receivedIn(channelOf(server))).toHaveLength(1);
  });

  it("sends a test message", async () => {
    const p = await person("pro");
    const server = await newServer("Test server");
    await connect(p, server);
    const [channel] = (await channelsOf(p)).channels;
    const sent = await api
      .client({ cookie: p.cookie })
      .channels[":id"].test.$post({ param: { id: channel!.channelId } });
    expect(sent.status).toBe(200);
    expect((await receivedIn(channelOf(server))).map((m) => m.content)).toEqual([
      Channels.CHANNEL_MESSAGES.testMessage,
    ]);
  });
});

describe("the interactions endpoint", () => {
  it("refuses a bad signature and answers Discord's PING", async () => {
    const body = JSON.stringify({ type: 1 });
    const forged = await api.request("POST", "/api/discord/interactions", {
      rawBody: body,
      headers: {
        "content-type": "application/json",
        "x-signature-ed25519": "0".repeat(128),
        "x-signature-timestamp": String(Math.floor(Date.now() / 1000)),
      },
    });
    expect(forged.status).toBe(401);
    const unsigned = await api.request("POST", "/api/discord/interactions", { rawBody: body });
    expect(unsigned.status).toBe(401);
    expect(await standIn("/dev/ping", {})).toEqual({ status: 200, response: { type: 1 } });
  });

  it("answers each /graph command: help at once, picks, search and topic deferred and edited into place", async () => {
    const p = await person("pro", ["Wildflower Meadows"]);
    const server = await newServer("Command server");
    await connect(p, server, "picks");
    const channel = channelOf(server, "picks");

    const help = await slash(channel, "help");
    expect(help).toMatchObject({
      status: 200,
      response: { type: 4, data: { content: Channels.CHANNEL_MESSAGES.help } },
    });

    const picks = await slash(channel, "picks");
    expect(picks).toMatchObject({ status: 200, response: { type: 5 } });
    await api.runtime.dispatcher.idle();
    const answered = (await receivedIn(channel)).at(-1)!;
    expect(answered).toMatchObject({ via: "interaction", edited: true });
    expect(answered.embeds.map((e) => e.title)).toContain("Sowing wildflower meadows in autumn");

    // The article is in the search index before the command searches it.
    await searchFinds("butterflies", "Butterflies of the hay meadow");
    await api.runtime.dispatcher.idle();
    expect((await slash(channel, "search butterflies")).response.type).toBe(5);
    await api.runtime.dispatcher.idle();
    expect((await receivedIn(channel)).at(-1)!.embeds.map((e) => e.title)).toContain("Butterflies of the hay meadow");

    expect((await slash(channel, "topic Hay Meadow")).response.type).toBe(5);
    await api.runtime.dispatcher.idle();
    expect((await receivedIn(channel)).at(-1)).toMatchObject({
      edited: true,
      content: Channels.CHANNEL_MESSAGES.topicFollowed("Hay Meadow"),
    });
    expect((await Topics.list(p.userId)).map((t) => t.topic)).toContain("Hay Meadow");
    // Each answer is its own message: nothing is left "thinking".
    expect((await receivedIn(channel)).filter((m) => m.via === "interaction" && !m.edited)).toHaveLength(1);
  });

  it("tells a server nobody linked how to link it", async () => {
    const server = await newServer("Stranger server");
    const answer = await slash(channelOf(server), "picks");
    expect(answer).toMatchObject({
      status: 200,
      response: { type: 4, data: { content: Channels.CHANNEL_MESSAGES.notLinked("http://graph.test", "discord") } },
    });
  });
});

describe("unlink and account deletion", () => {
  it("unlinks: the grant revoked and the webhook deleted at Discord, nothing left of the channel", async () => {
    const p = await person("pro");
    const server = await newServer("Leaving server");
    await connect(p, server);
    const [channel] = (await channelsOf(p)).channels;
    const removed = await api
      .client({ cookie: p.cookie })
      .channels[":id"].$delete({ param: { id: channel!.channelId } });
    expect(removed.status).toBe(200);
    expect((await channelsOf(p)).channels).toEqual([]);
    expect(holding(await scanTable(), channel!.channelId)).toEqual([]);
    const listing = (await (await fetch(`${api.runtime.url}/_discord/dev/channels`)).json()) as {
      servers: Array<{ channels: Array<{ id: string; webhooks: Array<{ deleted: boolean }> }> }>;
    };
    const webhooks = listing.servers.flatMap((s) => s.channels).find((c) => c.id === channelOf(server))!.webhooks;
    expect(webhooks).toEqual([expect.objectContaining({ deleted: true })]);
    expect((await slash(channelOf(server), "help")).response.data?.content).toBe(
      Channels.CHANNEL_MESSAGES.notLinked("http://graph.test", "discord"),
    );
  });

  it("removes every channel, connect and schedule when the account is deleted, and deletes the webhook", async () => {
    const p = await person("pro");
    const server = await newServer("Deleted server");
    await connect(p, server);
    await api.request("GET", "/api/discord/api/login", { cookie: p.cookie });
    const deleted = await api
      .client({ cookie: p.cookie, address: uniqueAddress() })
      .users.delete.$post({ json: { password: p.password } });
    expect(deleted.status).toBe(200);
    await expect.poll(() => Accounts.deletionProgress(p.userId), { timeout: 30_000, interval: 100 }).toBeUndefined();
    expect(holding(await scanTable(), p.userId)).toEqual([]);
    const listing = (await (await fetch(`${api.runtime.url}/_discord/dev/channels`)).json()) as {
      servers: Array<{ channels: Array<{ id: string; webhooks: Array<{ deleted: boolean }> }> }>;
    };
    expect(listing.servers.flatMap((s) => s.channels).find((c) => c.id === channelOf(server))!.webhooks).toEqual([
      expect.objectContaining({ deleted: true }),
    ]);
  });
});
