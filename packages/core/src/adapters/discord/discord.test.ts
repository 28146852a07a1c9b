import { generateKeyPairSync, sign } from "node:crypto";
import { afterAll, afterEach, describe, expect, it, onTestFinished, vi } from "vitest";

vi.hoisted(() => {
  const link = (name: string, value: object) => vi.stubEnv(`SST_RESOURCE_${name}`, JSON.stringify(value));
  link("App", { name: "graph", stage: "test" });
  link("Config", { siteUrl: "http://graph.test" });
  link("Discord", {
    authorizationEndpoint: "http://discord.test/oauth2/authorize",
    tokenEndpoint: "http://discord.test/api/oauth2/token",
    revocationEndpoint: "http://discord.test/api/oauth2/token/revoke",
    apiUrl: "http://discord.test/api/v10",
  });
  link("DiscordClientId", { value: "123456789012345678" });
  link("DiscordClientSecret", { value: "client-secret" });
  link("DiscordPublicKey", { value: "" });
  link("DiscordApplicationId", { value: "123456789012345678" });
});

import { tapLogs, type LogRecord } from "../../lib/observability/index.ts";
import type { ChannelService } from "../../modules/channels/rules.ts";
import { discordService, handleInteraction, type DiscordCommand, type InteractionAnswer } from "./index.ts";
import { cut, LIMITS, picksMessage, textMessage, type Picks } from "./message.ts";

const asService: ChannelService = discordService;

afterAll(() => vi.unstubAllEnvs());
afterEach(() => vi.unstubAllGlobals());

const pick = (n: number, sizes: { title?: number; why?: number; source?: number } = {}) => ({
  title: sizes.title ? "T".repeat(sizes.title) : `Article ${n}`,
  link: `https://example.com/a/${n}`,
  source: sizes.source ? "S".repeat(sizes.source) : `Source ${n}`,
  why: sizes.why ? "w".repeat(sizes.why) : `matches your topic ${n}`,
});
const picks = (items: Picks["items"], footer?: string): Picks => ({
  header: "your graph picks for Friday",
  items,
  footer,
});
const embedChars = (m: ReturnType<typeof picksMessage>) =>
  m.embeds.reduce(
    (sum, e) =>
      sum + e.title.length + (e.description?.length ?? 0) + (e.author?.name.length ?? 0) + (e.footer?.text.length ?? 0),
    0,
  );

describe("picks as Discord embeds", () => {
  it("makes one embed a pick: its title as the title and link, its source as the author, why it matched as the description", () => {
    const message = picksMessage(picks([pick(1), pick(2)], "Change what is sent in graph's settings."));
    expect(message.content).toBe("your graph picks for Friday");
    expect(message.embeds).toEqual([
      {
        title: "Article 1",
        url: "https://example.com/a/1",
        description: "matches your topic 1",
        author: { name: "Source 1" },
      },
      {
        title: "Article 2",
        url: "https://example.com/a/2",
        description: "matches your topic 2",
        author: { name: "Source 2" },
        footer: { text: "Change what is sent in graph's settings." },
      },
    ]);
    expect(message.allowed_mentions).toEqual({ parse: [] });
  });

  it("sends at most 10 embeds and says how many more are in graph", () => {
    const message = picksMessage(picks(Array.from({ length: 13 }, (_, i) => pick(i))));
    expect(message.embeds).toHaveLength(LIMITS.embeds);
    expect(message.embeds.map((e) => e.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Article ${i}`));
    expect(message.content).toBe("your graph picks for Friday\n…and 3 more in graph.");
  });

  it("cuts a title to 256, a source to 256 and a why to 4096 characters, with an ellipsis", () => {
    const [embed] = picksMessage(picks([pick(1, { title: 300, why: 5000, source: 300 })])).embeds;
    expect(embed!.title).toHaveLength(256);
    expect(embed!.title.endsWith("…")).toBe(true);
    expect(embed!.author!.name).toHaveLength(256);
    expect(embed!.description!.length).toBeLessThanOrEqual(4096);
    expect(embedChars(picksMessage(picks([pick(1, { title: 300, why: 5000, source: 300 })])))).toBeLessThanOrEqual(
      6000,
    );
  });

  it("keeps 10 long picks within 6000 characters in all, each keeping a title, link, source and why", () => {
    const message = picksMessage(
      picks(
        Array.from({ length: 10 }, (_, i) => pick(i, { title: 256, why: 4096, source: 100 })),
        "F".repeat(3000),
      ),
    );
    expect(message.embeds).toHaveLength(10);
    expect(embedChars(message)).toBeLessThanOrEqual(LIMITS.total);
    for (const embed of message.embeds) {
      expect(embed.title.length).toBeGreaterThan(100);
      expect(embed.url).toMatch(/^https:\/\/example\.com\/a\/\d$/);
      expect(embed.author!.name.length).toBeGreaterThan(50);
      expect(embed.description!.length).toBeGreaterThan(100);
    }
    expect(message.embeds.at(-1)!.footer!.text.length).toBeLessThanOrEqual(LIMITS.footerText);
  });

  it("links only web addresses, and never cuts a character in two", () => {
    const [embed] = picksMessage(picks([{ ...pick(1), link: "javascript:alert(1)" }])).embeds;
    expect(embed!.url).toBeUndefined();
    expect(cut("😀😀😀", 4)).toBe("😀…");
    expect(cut("abc", 3)).toBe("abc");
  });

  it("holds a plain answer to 2000 characters and never sends an empty message", () => {
    expect(textMessage("x".repeat(2500)).content).toHaveLength(LIMITS.content);
    expect(textMessage("  ").content).toBe("…");
    expect(picksMessage(picks([], "Nothing new today.")).content).toBe(
      "your graph picks for Friday\nNothing new today.",
    );
  });
});

/** Plays Discord's API: each call is recorded and answered with the next response. */
function discordAnswers(...responses: Response[]) {
  const calls: Array<{ url: string; method: string; body: string }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      calls.push({ url: request.url, method: request.method, body: await request.text() });
      const next = responses.shift();
      if (!next) throw new Error("no more answers");
      return next;
    }),
  );
  return calls;
}
const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

const WEBHOOK = "http://discord.test/api/v10/webhooks/223456789012345678/webhook-token_1";

describe("posting to a webhook", () => {
  it("executes it with ?wait=true and the rendered message", async () => {
    const calls = discordAnswers(json({ id: "1", content: "your graph picks for Friday" }, 200));
    expect(await discordService.post(WEBHOOK, picks([pick(1)]))).toEqual({ ok: true });
    expect(calls[0]!.method).toBe("POST");
    expect(calls[0]!.url).toBe(`${WEBHOOK}?wait=true`);
    const body = JSON.parse(calls[0]!.body) as { content: string; embeds: unknown[] };
    expect(body.content).toBe("your graph picks for Friday");
    expect(body.embeds).toHaveLength(1);
  });

  it("waits as a 429 says: its JSON retry_after in seconds, else the Retry-After header", async () => {
    discordAnswers(
      json({ message: "You are being rate limited.", retry_after: 1.234, global: false }, 429, { "retry-after": "2" }),
      new Response("", { status: 429, headers: { "retry-after": "3" } }),
    );
    expect(await discordService.post(WEBHOOK, { text: "hi" })).toEqual({ ok: false, retryAfterMs: 1234 });
    expect(await discordService.post(WEBHOOK, { text: "hi" })).toEqual({ ok: false, retryAfterMs: 3000 });
  });

  it("says a deleted webhook (404 Unknown Webhook, 10015) or a reset one (401, 50027) is gone", async () => {
    discordAnswers(
      json({ message: "Unknown Webhook", code: 10015 }, 404),
      json({ message: "Invalid Webhook Token", code: 50027 }, 401),
    );
    expect(await discordService.post(WEBHOOK, { text: "hi" })).toEqual({ ok: false, gone: true });
    expect(await discordService.post(WEBHOOK, { text: "hi" })).toEqual({ ok: false, gone: true });
  });

  it("throws on anything else, naming the status and code but never the webhook's token", async () => {
    discordAnswers(json({ message: "Invalid Form Body", code: 50035 }, 400), new Response("oops", { status: 502 }));
    await expect(discordService.post(WEBHOOK, { text: "hi" })).rejects.toThrow("Discord answered 400 (code 50035)");
    const error = await discordService.post(WEBHOOK, { text: "hi" }).catch((e: unknown) => e as Error);
    expect((error as Error).message).toBe("Discord answered 502");
    expect((error as Error).message).not.toContain("webhook-token");
  });
});

describe("connecting and unlinking", () => {
  it("sends the person to Discord's consent page with both scopes, the state and PKCE", () => {
    const url = asService.authorizeUrl("state-1", "v".repeat(43));
    expect(`${url.origin}${url.pathname}`).toBe("http://discord.test/oauth2/authorize");
    expect(url.searchParams.get("scope")).toBe("webhook.incoming applications.commands");
    expect(url.searchParams.get("state")).toBe("state-1");
    expect(url.searchParams.get("client_id")).toBe("123456789012345678");
    expect(url.searchParams.get("redirect_uri")).toBe("http://graph.test/api/discord/api/callback");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
  });

  it("takes the webhook from the token answer, its address made on the linked API from its id and token", async () => {
    discordAnswers(
      json(
        {
          token_type: "Bearer",
          access_token: "access-1",
          expires_in: 604800,
          refresh_token: "refresh-1",
          scope: "webhook.incoming applications.commands",
          webhook: {
            application_id: "123456789012345678",
            name: "graph",
            url: "https://elsewhere.test/hook",
            channel_id: "345626669224982402",
            token: "webhook-token_1",
            type: 1,
            avatar: null,
            guild_id: "290926792226357250",
            id: "223456789012345678",
          },
        },
        200,
      ),
    );
    expect(await asService.exchange("code-1", "v".repeat(43))).toEqual({
      webhookUrl: WEBHOOK,
      channelName: "channel 345626669224982402",
      workspaceId: "290926792226357250",
      workspaceName: "server 290926792226357250",
      accessToken: "access-1",
      serviceChannelId: "345626669224982402",
    });
  });

  it("refuses a token answer without a webhook", async () => {
    discordAnswers(
      json({ token_type: "Bearer", access_token: "a", scope: "webhook.incoming applications.commands" }, 200),
    );
    await expect(asService.exchange("code-1", null)).rejects.toThrow("Discord answered no webhook with the token");
  });

  it("revokes the grant and deletes the webhook on unlink, and never throws", async () => {
    const calls: Array<{ url: string; method: string; body: string }> = [];
    const warnings: LogRecord[] = [];
    onTestFinished(tapLogs((record) => record.level === "warn" && warnings.push(record)));
    const discordThat = (up: boolean) =>
      vi.stubGlobal(
        "fetch",
        vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
          const request = new Request(input, init);
          calls.push({ url: request.url, method: request.method, body: await request.text() });
          if (!up) return new Response("down", { status: 503 });
          return request.method === "DELETE" ? new Response(null, { status: 204 }) : json({}, 200);
        }),
      );
    discordThat(true);
    await asService.revoke("access-1", WEBHOOK);
    expect(calls.map((c) => `${c.method} ${c.url}`).sort()).toEqual(
      [`DELETE ${WEBHOOK}`, "POST http://discord.test/api/oauth2/token/revoke"].sort(),
    );
    expect(calls.find((c) => c.method === "POST")!.body).toContain("token=access-1");
    expect(warnings).toEqual([]);
    discordThat(false);
    await expect(asService.revoke("access-1", WEBHOOK)).resolves.toBeUndefined();
    expect(warnings).toHaveLength(2);
  });
});

describe("interactions", () => {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const publicHex = publicKey.export({ format: "der", type: "spki" }).subarray(-32).toString("hex");
  const now = () => Date.now();
  const signed = (body: string, timestamp = Math.floor(Date.now() / 1000), key = privateKey) => ({
    "X-Signature-Ed25519": sign(null, Buffer.from(`${timestamp}${body}`), key).toString("hex"),
    "X-Signature-Timestamp": String(timestamp),
  });
  const command = (sub: string, words?: string, where: object = { guild_id: "290926792226357250" }) =>
    JSON.stringify({
      type: 2,
      id: "111111111111111111",
      application_id: "123456789012345678",
      token: "aW50ZXJhY3Rpb246token",
      channel_id: "345626669224982402",
      ...where,
      member: { user: { id: "80351110224678912", username: "ada" } },
      data: {
        id: "222222222222222222",
        name: "graph",
        type: 1,
        options: [{ name: sub, type: 1, ...(words ? { options: [{ name: "words", type: 3, value: words }] } : {}) }],
      },
    });
  const never = () => Promise.reject(new Error("not asked"));
  const handle = (
    body: string,
    headers: Record<string, string>,
    answer: (c: DiscordCommand, followUp: string | undefined) => Promise<InteractionAnswer> = never,
    more: object = {},
  ) => handleInteraction(body, headers, answer, { publicKey: publicHex, now, ...more });

  it("answers a signed PING with PONG", async () => {
    const body = JSON.stringify({ type: 1, id: "1", application_id: "123456789012345678" });
    expect(await handle(body, signed(body))).toEqual({ status: 200, body: { type: 1 } });
  });

  it("refuses a bad, missing or another key's signature, an altered body and an old or future timestamp with 401", async () => {
    const body = JSON.stringify({ type: 1 });
    const good = signed(body);
    const other = generateKeyPairSync("ed25519").privateKey;
    const refusals: Array<Record<string, string>> = [
      { ...good, "X-Signature-Ed25519": "0".repeat(128) },
      {},
      { "X-Signature-Timestamp": good["X-Signature-Timestamp"] },
      { "X-Signature-Ed25519": good["X-Signature-Ed25519"] },
      signed(body, undefined, other),
      signed(body, Math.floor(Date.now() / 1000) - 10 * 60),
      signed(body, Math.floor(Date.now() / 1000) + 10 * 60),
    ];
    for (const headers of refusals)
      expect(await handle(body, headers)).toEqual({ status: 401, body: { error: "invalid request signature" } });
    expect((await handle(JSON.stringify({ type: 2 }), good)).status).toBe(401);
    // No key configured: nothing passes.
    expect((await handleInteraction(body, good, never, { publicKey: "" })).status).toBe(401);
  });

  it("parses /graph search <words> into the channels module's command and answers with embeds (type 4)", async () => {
    const body = command("search", "rust async");
    const asked: DiscordCommand[] = [];
    const answered = await handle(body, signed(body), async (c) => {
      asked.push(c);
      return picks([pick(1)]);
    });
    expect(asked).toEqual([
      {
        kind: "discord",
        workspaceId: "290926792226357250",
        channelId: "345626669224982402",
        userExternalId: "80351110224678912",
        text: "search rust async",
      },
    ]);
    expect(answered.status).toBe(200);
    const response = answered.body as { type: number; data: ReturnType<typeof picksMessage> };
    expect(response.type).toBe(4);
    expect(response.data.embeds[0]!.title).toBe("Article 1");
  });

  it("parses picks, topic, share and help, and anything else as help", async () => {
    const texts: string[] = [];
    for (const [sub, words] of [
      ["picks"],
      ["topic", "  climate policy "],
      ["help"],
      ["share", "https://x.test"],
      ["nope", "https://x.test"],
    ] as const) {
      const body = command(sub, words);
      await handle(body, signed(body), async (c) => {
        texts.push(c.text);
        return { text: "ok" };
      });
    }
    expect(texts).toEqual(["picks", "topic climate policy", "help", "share https://x.test", "help"]);
  });

  it("answers a command outside a server, only to its sender, without asking graph", async () => {
    const body = command("picks", undefined, { user: { id: "80351110224678912" } });
    const answered = await handle(body, signed(body));
    expect(answered.body).toMatchObject({ type: 4, data: { flags: 64 } });
  });

  it("tells only the sender when graph could not answer", async () => {
    const body = command("picks");
    const answered = await handle(body, signed(body), () => Promise.reject(new Error("down")));
    expect(answered.body).toMatchObject({
      type: 4,
      data: { flags: 64, content: expect.stringContaining("could not answer") },
    });
  });

  it("defers (type 5) when the answer is handed on, giving it the deferred response's address", async () => {
    const calls = discordAnswers(json({ id: "m1" }, 200));
    const given: Array<string | undefined> = [];
    const body = command("picks");
    const answered = await handle(body, signed(body), async (_c, followUp) => {
      given.push(followUp);
      return { deferred: true as const };
    });
    expect(answered).toEqual({ status: 200, body: { type: 5 } });
    const original = "http://discord.test/api/v10/webhooks/123456789012345678/aW50ZXJhY3Rpb246token/messages/@original";
    expect(given).toEqual([original]);
    // Nothing runs on after the response: the answer is sent when the queue's job asks.
    expect(calls).toHaveLength(0);
    expect(await asService.answer(original, picks([pick(7)]))).toEqual({ ok: true });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe("PATCH");
    expect(calls[0]!.url).toBe(original);
    expect((JSON.parse(calls[0]!.body) as { embeds: Array<{ title: string }> }).embeds[0]!.title).toBe("Article 7");
  });

  it("edits only a deferred response's address on the linked API", async () => {
    const calls = discordAnswers(json({ id: "m1" }, 200));
    for (const url of [
      "http://elsewhere.test/api/v10/webhooks/123456789012345678/tok/messages/@original",
      "http://discord.test/api/v10/webhooks/123456789012345678/tok",
      "http://discord.test/api/v10/webhooks/1/tok/messages/@original",
      "http://discord.test/api/v10/webhooks/123456789012345678/tok/messages/@original/../../x",
    ])
      expect(await asService.answer(url, { text: "hi" })).toEqual({ ok: false, gone: true });
    expect(calls).toHaveLength(0);
  });

  it("refuses a replayed signature as it refuses a bad one", async () => {
    const seen = new Set<string>();
    const firstUse = async (signature: string) => !seen.has(signature) && Boolean(seen.add(signature));
    const body = JSON.stringify({ type: 1 });
    const headers = signed(body);
    expect((await handle(body, headers, never, { firstUse })).status).toBe(200);
    expect(await handle(body, headers, never, { firstUse })).toEqual({
      status: 401,
      body: { error: "invalid request signature" },
    });
  });

  it("refuses a signed body that is not an interaction with 400", async () => {
    for (const body of ["not json", JSON.stringify({ nope: true }), JSON.stringify({ type: 3 })])
      expect((await handle(body, signed(body))).status).toBe(400);
  });
});
