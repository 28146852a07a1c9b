import { Resource } from "sst";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Accounts from "@graph/core/workflows/account-deletion";
import * as Channels from "@graph/core/modules/channels";
import { CONNECT_STARTS } from "@graph/core/modules/connections";
import * as Digest from "@graph/core/modules/digest";
import * as Sources from "@graph/core/modules/sources";
import * as Topics from "@graph/core/modules/topics";
import { DEFAULT_SECTION_ORDER } from "@graph/core/modules/profile/rules";
import { unseal } from "@graph/core/lib/util";
import { ChannelEntity, ChannelSendEntity } from "../../packages/core/src/modules/channels/channel.entity.ts";
import { UserEntity } from "../../packages/core/src/modules/users/user.entity.ts";
import { rss, startFeedServer } from "../support/feeds.ts";
import { searchFinds } from "../support/search-index.ts";
import { errorOf, signedIn, uniqueAddress, useTestApi } from "../support/runtime.ts";
import { holding, scanTable } from "../support/table.ts";

/**
 * The Slack bot end to end against the stand-in: adding graph to a workspace (state checked and
 * single-use, the plan's cap under parallel connects, free refused), the picks posted once at the
 * digest time, a removed webhook, a 429, the slash commands and their signatures, unlink and
 * account deletion.
 */
const api = useTestApi();
type Person = Awaited<ReturnType<typeof signedIn>>;
const LA = "America/Los_Angeles";
let feeds: Awaited<ReturnType<typeof startFeedServer>>;

beforeAll(async () => {
  feeds = await startFeedServer();
  feeds.set("/orchard.xml", {
    body: rss("Orchard Notes", [
      { title: "Pruning apple trees in late winter", link: "https://orchard.example/pruning", ageHours: 1 },
      { title: "Cider apples and their <strange> names", link: "https://orchard.example/cider", ageHours: 2 },
      { title: "Beekeeping beside the orchard", link: "https://orchard.example/bees", ageHours: 3 },
    ]),
  });
  await Sources.ensureCatalogue([
    {
      sourceId: "orchard",
      name: "Orchard Notes",
      siteUrl: "https://orchard.example",
      feedUrl: `${feeds.url}/orchard.xml`,
      type: "rss",
    },
  ]);
  await api.runtime.dispatcher.runJob("ingest");
  await api.runtime.dispatcher.idle();
});
afterAll(() => feeds?.close());

const standIn = async (path: string, body: unknown) => {
  const response = await fetch(`${api.runtime.url}/_slack${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return response.json() as Promise<Record<string, unknown>>;
};
/** What each channel of the stand-in received, by "workspace #channel". */
const received = async (): Promise<Record<string, Array<{ via: string; text: string; blocks: unknown[] }>>> =>
  (await fetch(`${api.runtime.url}/_slack/viewer.json`)).json() as never;
const receivedIn = async (key: string) => (await received())[key] ?? [];
const workspaceName = (label: string) => `${label} ${Math.random().toString(36).slice(2, 8)}`;

async function person(plan?: "pro" | "team", topics: string[] = []): Promise<Person> {
  const p = await signedIn(api);
  if (plan) await UserEntity.patch({ userId: p.userId }).set({ plan }).go();
  if (topics.length > 0) {
    const saved = await api.client({ cookie: p.cookie }).gpt.to_db.$post({ json: { keyTopicsArray: topics } });
    expect(saved.status).toBe(200);
  }
  return p;
}

/** Plays the browser: the login navigation, the stand-in's consent page, the callback. */
async function connect(p: Person, team: string, channel = "#general") {
  const start = await api.request("GET", "/api/slack/api/login", { cookie: p.cookie });
  if (start.status !== 302) return { status: start.status, start, location: "" };
  const stateCookie = /graph_slack_state=[^;]*/.exec(start.headers.get("set-cookie") ?? "")?.[0] ?? "";
  const authorize = new URL(start.headers.get("location")!);
  const consent = await fetch(`${authorize.origin}${authorize.pathname}`, {
    method: "POST",
    body: new URLSearchParams({ ...Object.fromEntries(authorize.searchParams), team, channel, decision: "allow" }),
    redirect: "manual",
  });
  const callback = new URL(consent.headers.get("location")!);
  const back = await api.request("GET", `/api/slack/api/callback?${callback.searchParams}`, {
    cookie: [p.cookie, stateCookie].join("; "),
  });
  return { status: back.status, location: back.headers.get("location") ?? "", start, authorize, callback, stateCookie };
}

const channelsOf = async (p: Person) => {
  const response = await api.client({ cookie: p.cookie }).channels.$get();
  expect(response.status).toBe(200);
  return response.json();
};

/** The next quarter hour in Los Angeles as HH:MM:00, and the moment it comes. */
function nextQuarterHour() {
  const at = Math.ceil((Date.now() + 60_000) / Digest.SLOT_MS) * Digest.SLOT_MS;
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: LA, hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
    .formatToParts(at)
    .reduce<Record<string, string>>((acc, part) => ({ ...acc, [part.type]: part.value }), {});
  return { localTime: `${parts.hour}:${parts.minute}:00`, at };
}

/** Sets the person's digest time to the next quarter hour (the e-mail stays off) and answers when it comes. */
async function digestTimeSoon(p: Person): Promise<number> {
  const { localTime, at } = nextQuarterHour();
  const saved = await api.client({ cookie: p.cookie }).users.update_email_digest_preferences.$post({
    json: { wantsEmailDigest: false, localTime, timezone: LA },
  });
  expect(saved.status).toBe(200);
  return at;
}

const runDigest = async (at: number) => {
  await api.runtime.dispatcher.runJob("digest", { now: new Date(at).toISOString() });
  await api.runtime.dispatcher.idle();
};

const command = (team: string, text: string, extra: Record<string, unknown> = {}) =>
  standIn("/dev/command", { team, text, ...extra }) as Promise<{ status: number; answer: { text?: string } }>;

describe("adding graph to Slack", () => {
  it("connects through Slack's consent page with a single-use state, and keeps the webhook sealed", async () => {
    const p = await person("pro");
    const team = workspaceName("Orchard team");
    const done = await connect(p, team, "#reading");
    expect(done.authorize!.searchParams.get("scope")).toBe("incoming-webhook,commands");
    expect(done.authorize!.searchParams.get("redirect_uri")).toBe("http://graph.test/api/slack/api/callback");
    expect(done.stateCookie).toContain(done.authorize!.searchParams.get("state")!);
    expect(done.status).toBe(302);
    expect(done.location).toBe("/home/tune?tab=feed&channels=connected");
    const { channels, max, kinds } = await channelsOf(p);
    expect(max).toBe(3);
    expect(kinds).toContain("slack");
    expect(channels).toEqual([
      expect.objectContaining({ kind: "slack", workspace: team, name: "#reading", status: "ok", lastSentAt: null }),
    ]);
    // The webhook is kept sealed: the table never holds it in clear.
    const stored = (await ChannelEntity.get({ userId: p.userId, channelId: channels[0]!.channelId }).go()).data!;
    const webhook = unseal(stored.webhook, Resource.OAuthTokenKey.value);
    expect(webhook).toMatch(/\/_slack\/hooks\/services\//);
    expect(holding(await scanTable(), webhook)).toEqual([]);

    // The same state again (a replayed callback) connects nothing more.
    const again = await api.request("GET", `/api/slack/api/callback?${done.callback!.searchParams}`, {
      cookie: [p.cookie, done.stateCookie].join("; "),
    });
    expect(again.headers.get("location")).toBe("/home/tune?tab=feed&channels=error");
    expect((await channelsOf(p)).channels).toHaveLength(1);
  });

  it("refuses another person's state and a callback without the browser's state cookie", async () => {
    const owner = await person("pro");
    const other = await person("pro");
    const start = await api.request("GET", "/api/slack/api/login", { cookie: owner.cookie });
    const authorize = new URL(start.headers.get("location")!);
    const consent = await fetch(`${authorize.origin}${authorize.pathname}`, {
      method: "POST",
      body: new URLSearchParams({
        ...Object.fromEntries(authorize.searchParams),
        team: "X",
        channel: "#x",
        decision: "allow",
      }),
      redirect: "manual",
    });
    const callback = new URL(consent.headers.get("location")!);
    const stateCookie = /graph_slack_state=[^;]*/.exec(start.headers.get("set-cookie") ?? "")![0];
    const stolen = await api.request("GET", `/api/slack/api/callback?${callback.searchParams}`, {
      cookie: [other.cookie, stateCookie].join("; "),
    });
    expect(stolen.headers.get("location")).toBe("/home/tune?tab=feed&channels=error");
    expect((await channelsOf(other)).channels).toEqual([]);
    expect((await channelsOf(owner)).channels).toEqual([]);
  });

  it("refuses free with 403 plan_required, and the feed tab's list says the plan has none", async () => {
    const p = await person();
    const start = await api.request("GET", "/api/slack/api/login", { cookie: p.cookie });
    expect(start.status).toBe(403);
    const body = await errorOf(start);
    expect(body.code).toBe("plan_required");
    expect(body).toMatchObject({ feature: "bot", plan: "pro", upgrade: "/home/upgrade" });
    expect((await channelsOf(p)).max).toBe(0);
  });

  it("holds pro's cap of 3 under 30 parallel connects", async () => {
    const p = await person("pro");
    const team = workspaceName("Busy team");
    const outcomes = await Promise.all(Array.from({ length: 30 }, (_, i) => connect(p, team, `#c${i}`)));
    const connected = outcomes.filter((o) => o.location.endsWith("channels=connected"));
    expect(connected).toHaveLength(3);
    // The rest: refused at the cap, or (past the 20 starts a person has in ten minutes) at the start.
    const limited = outcomes.filter((o) => o.location.endsWith("channels=limit"));
    const tooMany = outcomes.filter((o) => o.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(30 - 3 - CONNECT_STARTS.max);
    expect(limited.length + tooMany.length).toBe(27);
    expect((await channelsOf(p)).channels).toHaveLength(3);
  });
});

describe("the standard bot", () => {
  it("posts the day's picks at the digest time once, even when the job runs again and its message is handled twice", async () => {
    const p = await person("pro", ["Apple Trees", "Cider Apples"]);
    const team = workspaceName("Cider club");
    await connect(p, team, "#picks");
    const at = await digestTimeSoon(p);
    const key = `${team} #picks`;

    await runDigest(at - Digest.SLOT_MS);
    expect(await receivedIn(key)).toEqual([]);

    await runDigest(at);
    const [message, ...more] = await receivedIn(key);
    expect(more).toEqual([]);
    const blocks = message!.blocks as Array<{ type: string; text?: { text: string } }>;
    expect(blocks[0]).toMatchObject({ type: "header", text: { type: "plain_text" } });
    expect(blocks[0]!.text!.text).toMatch(/^your graph picks for /);
    const sections = blocks.filter((b) => b.type === "section").map((b) => b.text!.text);
    expect(sections).toContainEqual(
      "*<https://orchard.example/pruning|Pruning apple trees in late winter>*\nOrchard Notes · matched: Apple Trees",
    );
    // Slack's markup characters are escaped.
    expect(sections.join("\n")).toContain("Cider apples and their &lt;strange&gt; names");
    expect(blocks.length).toBeLessThanOrEqual(50);

    // The same run again, and the same job handled twice at once: nothing more.
    await runDigest(at);
    const job = { kind: "deliver" as const, userId: p.userId, slot: Digest.slotOf(at), now: at };
    await Promise.all([Channels.deliver(job), Channels.deliver(job)]);
    expect(await receivedIn(key)).toHaveLength(1);
    expect((await channelsOf(p)).channels[0]!.lastSentAt).not.toBeNull();
  });

  it("takes over a send whose worker stopped between claiming and posting, after the lease, and never a fresh one", async () => {
    const p = await person("pro", ["Apple Trees", "Cider Apples"]);
    const team = workspaceName("Press house");
    await connect(p, team, "#picks");
    const at = await digestTimeSoon(p);
    const [channel] = (await channelsOf(p)).channels;
    const key = { channelId: channel!.channelId, sendKey: Digest.localDayKey(Digest.localDateOf(at, LA)) };
    const claim = (sentAt: number) =>
      ChannelSendEntity.put({ ...key, sentAt, posted: false, expiresAt: Math.floor(at / 1000) + 3600 }).go();
    const again = { kind: "redeliver" as const, userId: p.userId, ...key, now: at, attempt: 0 };

    // Another worker claimed it a moment ago and is posting: this one leaves it to that worker.
    await claim(Date.now());
    expect(await Channels.redeliver(again)).toBe("already-sent");
    expect(await receivedIn(`${team} #picks`)).toEqual([]);

    // A claim older than the lease, never posted: its worker stopped. The digest time's run posts it, once.
    await claim(Date.now() - Channels.SEND_LEASE_MS - 1000);
    await runDigest(at);
    expect(await receivedIn(`${team} #picks`)).toHaveLength(1);
    expect((await ChannelSendEntity.get(key).go()).data).toMatchObject({ posted: true });
    await runDigest(at);
    expect(await receivedIn(`${team} #picks`)).toHaveLength(1);
  });

  it("names no topic while the person hides their topics section", async () => {
    const p = await person("pro", ["Beekeeping"]);
    const hide = await api.client({ cookie: p.cookie }).users.profile_order.$post({
      json: {
        userId: p.userId,
        sectionOrder: DEFAULT_SECTION_ORDER.map((s) => ({ ...s, visible: s.id !== "topics" })),
      },
    });
    expect(hide.status).toBe(200);
    const team = workspaceName("Hive");
    await connect(p, team);
    await runDigest(await digestTimeSoon(p));
    const [message] = await receivedIn(`${team} #general`);
    const text = JSON.stringify(message!.blocks);
    expect(text).toContain("Beekeeping beside the orchard");
    expect(text).toContain("matched your topics");
    expect(text).not.toContain("matched: Beekeeping");
  });

  it("marks a channel whose webhook was removed broken, and says so", async () => {
    const p = await person("pro", ["Apple Trees"]);
    const team = workspaceName("Gone team");
    await connect(p, team, "#archive");
    await standIn("/dev/webhook", { team, channel: "#archive", state: "archived" });
    await runDigest(await digestTimeSoon(p));
    expect(await receivedIn(`${team} #archive`)).toEqual([]);
    const [channel] = (await channelsOf(p)).channels;
    expect(channel!.status).toBe("broken");
    const test = await api
      .client({ cookie: p.cookie })
      .channels[":id"].test.$post({ param: { id: channel!.channelId } });
    expect(test.status).toBe(409);
    expect((await errorOf(test)).code).toBe("channel_broken");
  });

  it("waits as a 429 tells, requeued with the delay, then posts once", async () => {
    const p = await person("pro", ["Cider Apples"]);
    const team = workspaceName("Slow team");
    await connect(p, team);
    await standIn("/dev/webhook", { team, channel: "#general", rateLimited: { count: 1, retryAfter: 1 } });
    const at = await digestTimeSoon(p);
    await api.runtime.dispatcher.runJob("digest", { now: new Date(at).toISOString() });
    // The first post was refused with Retry-After: 1; the queue hands the channel's delivery back after it.
    await expect.poll(() => receivedIn(`${team} #general`), { timeout: 15_000, interval: 100 }).toHaveLength(1);
    await api.runtime.dispatcher.idle();
    expect(await receivedIn(`${team} #general`)).toHaveLength(1);
  });

  it("sends a test message, counted toward the channel's rate", async () => {
    const p = await person("pro");
    const team = workspaceName("Test team");
    await connect(p, team);
    const [channel] = (await channelsOf(p)).channels;
    const sent = await api
      .client({ cookie: p.cookie })
      .channels[":id"].test.$post({ param: { id: channel!.channelId } });
    expect(sent.status).toBe(200);
    expect((await receivedIn(`${team} #general`)).map((m) => m.text)).toEqual([Channels.CHANNEL_MESSAGES.testMessage]);
    const results = await Promise.all(
      Array.from({ length: Channels.CHANNEL_POSTS_PER_HOUR + 5 }, () =>
        api.client({ cookie: p.cookie }).channels[":id"].test.$post({ param: { id: channel!.channelId } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(Channels.CHANNEL_POSTS_PER_HOUR - 1);
    expect(results.filter((r) => r.status === 429).length).toBe(6);
    // Another person's channel is unknown.
    const other = await person("pro");
    const foreign = await api
      .client({ cookie: other.cookie })
      .channels[":id"].test.$post({ param: { id: channel!.channelId } });
    expect(foreign.status).toBe(404);
  });
});

describe("slash commands", () => {
  it("refuses forged, stale and replayed signatures", async () => {
    const p = await person("pro");
    const team = workspaceName("Signed team");
    await connect(p, team);
    for (const forge of ["secret", "stale", "replay"]) {
      const answer = await command(team, "help", { forge });
      expect(answer.status, forge).toBe(401);
    }
    const fine = await command(team, "help");
    expect(fine.status).toBe(200);
    expect(fine.answer.text).toBe(Channels.CHANNEL_MESSAGES.help);
  });

  it("answers each command: help at once, picks, search and topic through response_url", async () => {
    const p = await person("pro", ["Apple Trees"]);
    const team = workspaceName("Command team");
    await connect(p, team, "#cmd");
    const key = `${team} #cmd`;

    const picks = await command(team, "picks", { channel: "#cmd" });
    expect(picks.answer.text).toBe(Channels.CHANNEL_MESSAGES.working);
    await api.runtime.dispatcher.idle();
    const answered = await receivedIn(key);
    expect(answered).toHaveLength(1);
    expect(JSON.stringify(answered[0]!.blocks)).toContain("Pruning apple trees in late winter");

    // The article is in the search index before the command searches it.
    await searchFinds("beekeeping", "Beekeeping beside the orchard");
    await api.runtime.dispatcher.idle();
    await command(team, "search beekeeping", { channel: "#cmd" });
    await api.runtime.dispatcher.idle();
    expect(JSON.stringify((await receivedIn(key))[1])).toContain("Beekeeping beside the orchard");

    await command(team, "topic Cider Apples", { channel: "#cmd" });
    await api.runtime.dispatcher.idle();
    expect((await receivedIn(key))[2]!.text).toBe(Channels.CHANNEL_MESSAGES.topicFollowed("Cider Apples"));
    expect((await Topics.list(p.userId)).map((t) => t.topic)).toContain("Cider Apples");
  });

  it("tells a workspace nobody linked how to link it", async () => {
    const answer = await command(workspaceName("Stranger team"), "picks");
    expect(answer.status).toBe(200);
    expect(answer.answer.text).toBe(Channels.CHANNEL_MESSAGES.notLinked("http://graph.test", "slack"));
  });
});

describe("unlink and account deletion", () => {
  it("unlinks: revoked at Slack and nothing left of the channel", async () => {
    const p = await person("pro");
    const team = workspaceName("Leaving team");
    await connect(p, team);
    const [channel] = (await channelsOf(p)).channels;
    await api.client({ cookie: p.cookie }).channels[":id"].test.$post({ param: { id: channel!.channelId } });
    const foreign = await api
      .client({ cookie: (await person("pro")).cookie })
      .channels[":id"].$delete({ param: { id: channel!.channelId } });
    expect(foreign.status).toBe(404);
    const removed = await api
      .client({ cookie: p.cookie })
      .channels[":id"].$delete({ param: { id: channel!.channelId } });
    expect(removed.status).toBe(200);
    expect((await channelsOf(p)).channels).toEqual([]);
    expect(holding(await scanTable(), channel!.channelId)).toEqual([]);
    // Revoked: Slack removed the app's webhook, and commands from the workspace are told to link it.
    expect((await command(team, "help")).answer.text).toBe(
      Channels.CHANNEL_MESSAGES.notLinked("http://graph.test", "slack"),
    );
  });

  it("removes every channel, connect and schedule when the account is deleted", async () => {
    const p = await person("pro");
    await connect(p, workspaceName("Deleted team"));
    await api.request("GET", "/api/slack/api/login", { cookie: p.cookie });
    const deleted = await api
      .client({ cookie: p.cookie, address: uniqueAddress() })
      .users.delete.$post({ json: { password: p.password } });
    expect(deleted.status).toBe(200);
    await expect.poll(() => Accounts.deletionProgress(p.userId), { timeout: 30_000, interval: 100 }).toBeUndefined();
    expect(holding(await scanTable(), p.userId)).toEqual([]);
  });
});
