import { Resource } from "sst";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Accounts from "@graph/core/workflows/account-deletion";
import { enqueue, IngestQueue } from "@graph/core/adapters/queues";
import * as Channels from "@graph/core/modules/channels";
import { CONNECT_STARTS } from "@graph/core/modules/connections";
import * as Digest from "@graph/core/modules/digest";
import * as Mutes from "@graph/core/modules/mutes";
import * as RateLimit from "@graph/core/modules/rate-limit";
import * as Sources from "@graph/core/modules/sources";
import * as Topics from "@graph/core/modules/topics";
import { DEFAULT_SECTION_ORDER } from "@graph/core/modules/profile/rules";
import { unseal } from "@graph/core/lib/util";
import {
  ChannelEntity,
  ChannelOwnerEntity,
  ChannelScheduleEntity,
  ChannelSendEntity,
} from "../../packages/core/src/modules/channels/channel.entity.ts";
import { TeamShareEntity } from "../../packages/core/src/modules/channels/team-shares.ts";
import { ArticleEntity } from "../../packages/core/src/modules/articles/article.entity.ts";
import * as Feed from "@graph/core/modules/feed";
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

describe("per-topic channels (org)", () => {
  /** A feed of its own, ingested now: its articles are new to every channel. */
  async function arrive(label: string, items: Array<{ title: string; ageHours?: number }>) {
    const id = `${label.toLowerCase().replace(/\W+/g, "-")}-${Math.random().toString(36).slice(2, 8)}`;
    feeds.set(`/${id}.xml`, {
      body: rss(
        label,
        items.map((item, i) => ({ ageHours: 1, ...item, link: `https://${id}.example/${i}` })),
      ),
    });
    await Sources.ensureCatalogue([
      { sourceId: id, name: label, siteUrl: `https://${id}.example`, feedUrl: `${feeds.url}/${id}.xml`, type: "rss" },
    ]);
    // Through the ingest queue's worker, as the tick's jobs go: its run queues the routing.
    await enqueue(IngestQueue, [{ kind: "source", sourceId: id }]);
    await api.runtime.dispatcher.idle();
  }
  const route = (p: Person, channelId: string, topics: string[]) =>
    api.client({ cookie: p.cookie }).channels[":id"].$patch({ param: { id: channelId }, json: { topics } });
  const topicIds = async (p: Person) => new Map((await Topics.list(p.userId)).map((t) => [t.topic, t.id]));
  const routedText = async (key: string) =>
    (await receivedIn(key)).filter((m) => JSON.stringify(m.blocks).includes("new in graph on"));

  it("refuses pro with 403 plan_required naming org, and checks the topics: only one's own, at most 10, 30 at once", async () => {
    const pro = await person("pro", ["Sea Kayaking"]);
    await connect(pro, workspaceName("Pro team"));
    const [proChannel] = (await channelsOf(pro)).channels;
    const refused = await route(pro, proChannel!.channelId, [(await topicIds(pro)).get("Sea Kayaking")!]);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({ code: "plan_required", feature: "teamBot", plan: "team" });

    const names = Array.from({ length: 12 }, (_, i) => `Harbour Topic ${String.fromCharCode(65 + i)}`);
    const org = await person("team", names);
    await connect(org, workspaceName("Org team"));
    const [channel] = (await channelsOf(org)).channels;
    const ids = [...(await topicIds(org)).values()];
    const tooMany = await route(org, channel!.channelId, ids.slice(0, 11));
    expect(tooMany.status).toBe(400);
    expect((await errorOf(tooMany)).code).toBe("limit_reached");
    const otherTopic = [...(await topicIds(pro)).values()][0]!;
    const notTheirs = await route(org, channel!.channelId, [otherTopic]);
    expect(notTheirs.status).toBe(400);
    expect((await errorOf(notTheirs)).code).toBe("invalid_input");
    const otherOrg = await person("team", ["Sea Kayaking"]);
    expect((await route(otherOrg, channel!.channelId, [...(await topicIds(otherOrg)).values()])).status).toBe(404);
    expect((await channelsOf(org)).channels[0]!.topics).toEqual([]);

    // 30 at once, each a valid choice or one past the cap: the channel holds one of the valid ones.
    const choices = Array.from({ length: 30 }, (_, i) =>
      i % 2 === 0 ? ids.slice(i % 3, (i % 3) + 10) : ids.slice(0, 11),
    );
    const answers = await Promise.all(choices.map((topics) => route(org, channel!.channelId, topics)));
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(15).fill(200), ...Array(15).fill(400)]);
    const held = (await channelsOf(org)).channels[0]!.topics.map((t) => t.id);
    expect(held).toHaveLength(10);
    expect(choices.filter((c) => c.length === 10).map((c) => c.join())).toContain(held.join());
  });

  it("posts a routed topic's new articles as they arrive, naming the topic, once, with the owner's mutes applied", async () => {
    const org = await person("team", ["Sea Kayaking", "Glass Blowing"]);
    await Mutes.add(org.userId, "capsized");
    const team = workspaceName("Paddlers");
    await connect(org, team, "#kayak");
    const [channel] = (await channelsOf(org)).channels;
    const kayak = (await topicIds(org)).get("Sea Kayaking")!;
    const saved = await route(org, channel!.channelId, [kayak]);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ topics: [{ id: kayak, topic: "Sea Kayaking" }] });
    expect((await channelsOf(org)).channels[0]!.topics).toEqual([{ id: kayak, topic: "Sea Kayaking" }]);

    await arrive("Coast Paddler", [
      { title: "Sea kayaking along the fjord at dawn" },
      { title: "A capsized sea kayaking trip, and what we learned" },
      { title: "Glass blowing studios open their doors" },
    ]);
    const key = `${team} #kayak`;
    const [message, ...more] = await routedText(key);
    expect(more).toEqual([]);
    const text = JSON.stringify(message!.blocks);
    expect(text).toContain("new in graph on Sea Kayaking");
    expect(text).toContain("Sea kayaking along the fjord at dawn");
    expect(text).toContain('routed topic \\"Sea Kayaking\\": in the title');
    expect(text).not.toContain("capsized");
    expect(text).not.toContain("Glass blowing");

    // Another ingest, the same job twice at once, and a run queued again: nothing more.
    const job = {
      kind: "route" as const,
      userId: org.userId,
      channelId: channel!.channelId,
      now: Date.now(),
      attempt: 0,
    };
    const outcomes = await Promise.all([Channels.route(job), Channels.route(job)]);
    expect(outcomes.filter((o) => o === "sent")).toEqual([]);
    await Channels.queueRoutes();
    await api.runtime.dispatcher.idle();
    expect(await routedText(key)).toHaveLength(1);

    // A later article goes out as its own post.
    await arrive("Coast Paddler Two", [{ title: "Sea kayaking gear for cold water" }]);
    const routed = await routedText(key);
    expect(routed).toHaveLength(2);
    expect(JSON.stringify(routed[1]!.blocks)).toContain("Sea kayaking gear for cold water");
    expect(JSON.stringify(routed[1]!.blocks)).not.toContain("fjord");
  });

  it("holds articles past the hourly cap and posts them together next, with +N more beyond a message", async () => {
    const org = await person("team", ["Tide Pools"]);
    const team = workspaceName("Tidal");
    await connect(org, team, "#tides");
    const [channel] = (await channelsOf(org)).channels;
    await route(org, channel!.channelId, [(await topicIds(org)).get("Tide Pools")!]);
    const key = `${team} #tides`;
    for (let i = 0; i < Channels.ROUTED_POSTS_PER_HOUR; i++)
      await arrive(`Tide Log ${i}`, [{ title: `Tide pools report number ${i}` }]);
    expect(await routedText(key)).toHaveLength(Channels.ROUTED_POSTS_PER_HOUR);

    // The cap is spent: twelve more arrive and wait, not lost.
    await arrive(
      "Tide Log late",
      Array.from({ length: 12 }, (_, i) => ({ title: `Tide pools late note ${i}` })),
    );
    expect(await routedText(key)).toHaveLength(Channels.ROUTED_POSTS_PER_HOUR);
    const job = {
      kind: "route" as const,
      userId: org.userId,
      channelId: channel!.channelId,
      now: Date.now(),
      attempt: 0,
    };
    expect(await Channels.route(job)).toBe("held");

    // The hour turns (its window forgotten): the next run posts them together, ten and "+2 more".
    await RateLimit.purge(`channel-routed:${channel!.channelId}`);
    expect(await Channels.route(job)).toBe("sent");
    const routed = await routedText(key);
    expect(routed).toHaveLength(Channels.ROUTED_POSTS_PER_HOUR + 1);
    const last = JSON.stringify(routed.at(-1)!.blocks);
    expect(last.match(/Tide pools late note/g)).toHaveLength(10);
    expect(last).toContain("+2 more new articles on these topics: http://graph.test/home");
  });

  it("marks the channel broken when its webhook was removed, and posts nothing for a pro owner", async () => {
    const org = await person("team", ["Rock Climbing"]);
    const team = workspaceName("Climbers");
    await connect(org, team, "#crag");
    const [channel] = (await channelsOf(org)).channels;
    await route(org, channel!.channelId, [(await topicIds(org)).get("Rock Climbing")!]);
    await standIn("/dev/webhook", { team, channel: "#crag", state: "archived" });
    await arrive("Crag News", [{ title: "Rock climbing in the rain" }]);
    expect((await channelsOf(org)).channels[0]!.status).toBe("broken");

    const downgraded = await person("team", ["Rock Climbing"]);
    const other = workspaceName("Ex org");
    await connect(downgraded, other, "#crag");
    const [kept] = (await channelsOf(downgraded)).channels;
    await route(downgraded, kept!.channelId, [(await topicIds(downgraded)).get("Rock Climbing")!]);
    await UserEntity.patch({ userId: downgraded.userId }).set({ plan: "pro" }).go();
    await arrive("Crag News Two", [{ title: "Rock climbing shoes resoled" }]);
    expect(await routedText(`${other} #crag`)).toEqual([]);
  });
});

describe("/graph share (org)", () => {
  const workspaceIdOf = async (p: Person) => {
    const [channel] = (await channelsOf(p)).channels;
    return (await ChannelEntity.get({ userId: p.userId, channelId: channel!.channelId }).go()).data!.workspaceId;
  };
  const page = (title: string) => {
    const path = `/page-${Math.random().toString(36).slice(2, 8)}.html`;
    feeds.set(path, {
      body: `<!doctype html><html><head><title>${title}</title></head><body>hi</body></html>`,
      contentType: "text/html; charset=utf-8",
    });
    return `${feeds.url}${path}`;
  };

  it("shares a link with the team: posted to the team's channels, listed on their feed tab; bad and private links told", async () => {
    const ada = await person("team");
    const bo = await person("team");
    const pro = await person("pro");
    const team = workspaceName("Readers");
    await connect(ada, team, "#a");
    await connect(bo, team, "#b");
    await connect(pro, team, "#c");
    const workspaceId = await workspaceIdOf(ada);

    // Through Slack and the queue: a bad link, and a page on a private address (the address guard refuses it here).
    await command(team, "share ftp://example.com/x", { channel: "#a" });
    await api.runtime.dispatcher.idle();
    expect((await receivedIn(`${team} #a`)).map((m) => m.text)).toEqual([Channels.CHANNEL_MESSAGES.shareBadLink]);
    await command(team, `share ${page("Private page")}`, { channel: "#a" });
    await api.runtime.dispatcher.idle();
    expect((await receivedIn(`${team} #a`)).at(-1)!.text).toBe(Channels.CHANNEL_MESSAGES.shareUnreachable);

    // A runtime that may fetch its own pages (as the browser's does): shared.
    const link = page("Tidal energy &amp; the coast");
    const answer = await Channels.answerCommand(
      { kind: "slack", workspaceId, userName: "ada", text: `share ${link}` },
      { allowPrivateFeeds: true },
    );
    expect(answer).toEqual({ text: Channels.CHANNEL_MESSAGES.shareDone("Tidal energy & the coast") });
    const post = Channels.CHANNEL_MESSAGES.shared("ada", "Tidal energy & the coast", link);
    expect((await receivedIn(`${team} #a`)).at(-1)!.text).toBe(post);
    expect((await receivedIn(`${team} #b`)).map((m) => m.text)).toEqual([post]);
    // The pro person's channel is not the team's.
    expect(await receivedIn(`${team} #c`)).toEqual([]);
    expect((await channelsOf(bo)).channels[0]!.shares).toEqual([
      { title: "Tidal energy & the coast", link, by: "ada", sharedAt: expect.any(String) },
    ]);
    expect((await channelsOf(pro)).channels[0]!.shares).toEqual([]);
  });

  it("holds the workspace's rate under 30 shares at once, and tells a workspace without org", async () => {
    const org = await person("team");
    const team = workspaceName("Busy readers");
    await connect(org, team, "#news");
    const workspaceId = await workspaceIdOf(org);
    const link = page("A shared page");
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        Channels.answerCommand(
          { kind: "slack", workspaceId, userName: "ada", text: `share ${link}` },
          { allowPrivateFeeds: true },
        ),
      ),
    );
    const texts = answers.map((a) => ("text" in a ? a.text : ""));
    expect(texts.filter((t) => t === Channels.CHANNEL_MESSAGES.shareDone("A shared page"))).toHaveLength(
      Channels.TEAM_SHARES_PER_HOUR,
    );
    expect(texts.filter((t) => t.startsWith("Too many links shared here."))).toHaveLength(
      30 - Channels.TEAM_SHARES_PER_HOUR,
    );
    expect((await receivedIn(`${team} #news`)).length).toBe(Channels.TEAM_SHARES_PER_HOUR);

    // The team list keeps the newest 50: older shares make room.
    const hourAgo = Date.now() - 60 * 60 * 1000;
    for (let i = 0; i < Channels.TEAM_SHARES_KEPT + 5; i++)
      await TeamShareEntity.create({
        kind: "slack",
        workspaceId,
        shareId: `old${i}`,
        sharedAt: hourAgo - i,
        title: `Old share ${i}`,
        link: "https://example.com/old",
        by: "bo",
      }).go();
    await RateLimit.purge(`team-shares:slack:${workspaceId}`);
    await Channels.answerCommand(
      { kind: "slack", workspaceId, userName: "cy", text: `share ${link}` },
      { allowPrivateFeeds: true },
    );
    const kept = (await TeamShareEntity.query.byWorkspace({ kind: "slack", workspaceId }).go({ pages: "all" })).data;
    expect(kept).toHaveLength(Channels.TEAM_SHARES_KEPT);
    expect(kept.filter((k) => k.by === "cy")).toHaveLength(1);
    expect(kept.filter((k) => k.shareId === `old${Channels.TEAM_SHARES_KEPT + 4}`)).toEqual([]);
    expect((await channelsOf(org)).channels[0]!.shares[0]).toMatchObject({ by: "cy", title: "A shared page" });

    const pro = await person("pro");
    const other = workspaceName("Pro readers");
    await connect(pro, other);
    const refused = await Channels.answerCommand(
      { kind: "slack", workspaceId: await workspaceIdOf(pro), text: `share ${link}` },
      { allowPrivateFeeds: true },
    );
    expect(refused).toEqual({ text: Channels.CHANNEL_MESSAGES.shareNeedsOrg });
    expect(await receivedIn(`${other} #general`)).toEqual([]);
  });
});

describe("the team digest (org)", () => {
  const orchardArticles = async () =>
    (await ArticleEntity.query.bySource({ sourceId: "orchard" }).go({ pages: "all" })).data;
  const usernameOf = async (p: Person) => (await UserEntity.get({ userId: p.userId }).go()).data!.username;
  const hideArticles = async (p: Person) => {
    const hidden = await api.client({ cookie: p.cookie }).users.profile_order.$post({
      json: {
        userId: p.userId,
        sectionOrder: DEFAULT_SECTION_ORDER.map((s) => ({ ...s, visible: s.id !== "articles" })),
      },
    });
    expect(hidden.status).toBe(200);
  };
  const turnOn = (p: Person, channelId: string, body: { on: boolean; day?: number }) =>
    api.client({ cookie: p.cookie }).channels[":id"]["team-digest"].$put({ param: { id: channelId }, json: body });

  it("refuses pro with plan_required, checks the day, and another person's channel is unknown", async () => {
    const pro = await person("pro");
    await connect(pro, workspaceName("Pro weekly"));
    const [proChannel] = (await channelsOf(pro)).channels;
    const refused = await turnOn(pro, proChannel!.channelId, { on: true });
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({ code: "plan_required", feature: "teamBot", plan: "team" });
    expect((await channelsOf(pro)).channels[0]!.teamDigest).toEqual({ on: false, day: 1 });

    const org = await person("team");
    await connect(org, workspaceName("Org weekly"));
    const [channel] = (await channelsOf(org)).channels;
    expect((await turnOn(org, channel!.channelId, { on: true, day: 7 })).status).toBe(400);
    expect((await turnOn(await person("team"), channel!.channelId, { on: true })).status).toBe(404);
    const on = await turnOn(org, channel!.channelId, { on: true });
    expect(await on.json()).toEqual({ on: true, day: 1 });
    expect((await channelsOf(org)).channels[0]!.teamDigest).toEqual({ on: true, day: 1 });
  });

  it("posts what the team liked and shared this week on the chosen day, once, and nothing from a hidden articles section", async () => {
    const owner = await person("team");
    const liker = await person("team");
    const hider = await person("team");
    const team = workspaceName("Weekly readers");
    await connect(owner, team, "#week");
    await connect(liker, team, "#liker");
    await connect(hider, team, "#hider");
    await hideArticles(hider);
    const [pruning, cider] = (await orchardArticles()).sort((a, b) => a.title.localeCompare(b.title)).reverse();
    expect(pruning!.title).toBe("Pruning apple trees in late winter");
    await Feed.Likes.toggle(liker.userId, pruning!.articleId, true);
    await Feed.Likes.toggle(hider.userId, cider!.articleId, true);
    const [channel] = (await channelsOf(owner)).channels;
    const workspaceId = (await ChannelEntity.get({ userId: owner.userId, channelId: channel!.channelId }).go()).data!
      .workspaceId;
    const link = `https://example.com/shared-${Math.random().toString(36).slice(2, 8)}`;
    await TeamShareEntity.create({
      kind: "slack",
      workspaceId,
      shareId: "s1",
      sharedAt: Date.now(),
      title: "A page the team shared",
      link,
      by: "ada",
    }).go();

    const at = await digestTimeSoon(owner);
    const date = Digest.localDateOf(at, LA);
    const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
    // Another day first: nothing of the team's week.
    await turnOn(owner, channel!.channelId, { on: true, day: (weekday + 1) % 7 });
    await runDigest(at);
    const weekly = async () =>
      (await receivedIn(`${team} #week`)).filter((m) => JSON.stringify(m.blocks).includes("the team's week in graph"));
    expect(await weekly()).toEqual([]);

    await turnOn(owner, channel!.channelId, { on: true, day: weekday });
    const job = { kind: "deliver" as const, userId: owner.userId, slot: Digest.slotOf(at), now: at };
    // The owner's schedule moved on to tomorrow after the first run: back to today's time to run it again.
    await ChannelOwnerEntity.patch({ userId: owner.userId }).set({ nextSendAt: at }).go();
    await ChannelScheduleEntity.put({ slot: Digest.slotOf(at), userId: owner.userId, sendAt: at }).go();
    await Promise.all([Channels.deliver(job), Channels.deliver(job)]);
    const [message, ...more] = await weekly();
    expect(more).toEqual([]);
    const text = JSON.stringify(message!.blocks);
    expect(text).toContain("Pruning apple trees in late winter");
    expect(text).toContain(`liked by ${await usernameOf(liker)}`);
    expect(text).toContain("A page the team shared");
    expect(text).toContain("shared by ada");
    // The hider's like, from a hidden articles section, is never posted.
    expect(text).not.toContain("strange");
    expect(text).not.toContain(await usernameOf(hider));

    // The same week again: nothing more.
    await ChannelOwnerEntity.patch({ userId: owner.userId }).set({ nextSendAt: at }).go();
    await ChannelScheduleEntity.put({ slot: Digest.slotOf(at), userId: owner.userId, sendAt: at }).go();
    await runDigest(at);
    expect(await weekly()).toHaveLength(1);
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
