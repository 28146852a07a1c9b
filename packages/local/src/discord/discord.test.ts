import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // What core's interactions handler reads of the links (the follow-up address; unused here).
  const link = (name: string, value: object) => vi.stubEnv(`SST_RESOURCE_${name}`, JSON.stringify(value));
  link("Discord", { apiUrl: "http://127.0.0.1:3000/_discord/api/v10" });
  link("DiscordClientId", { value: "" });
  link("DiscordApplicationId", { value: "" });
});
import { GRAPH_COMMAND, handleInteraction } from "@graph/core/adapters/discord";
import { discordApp, discordSettings, STAND_IN_PATH } from "./index.ts";

const REDIRECT = "http://127.0.0.1:3000/api/discord/api/callback";
const settings = discordSettings("http://127.0.0.1:3000", {});
const sentToGraph: Array<{ headers: Headers; body: string }> = [];
/** graph's interactions endpoint, played by core's own handler with the stand-in's public key. */
const graph = async (_url: string | URL | Request, init?: RequestInit) => {
  const body = String(init?.body);
  const headers = new Headers(init?.headers);
  sentToGraph.push({ headers, body });
  const answered = await handleInteraction(body, headers, async (command) => ({ text: `you asked: ${command.text}` }), {
    publicKey: settings.publicKey,
  });
  return Response.json(answered.body, { status: answered.status });
};
const app = discordApp(settings, {
  redirectUris: [REDIRECT],
  interactionsUrl: "http://127.0.0.1:3000/api/discord/interactions",
  fetch: graph as typeof fetch,
});
const basic = `Basic ${Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString("base64")}`;

// graph's `/graph` command, registered as an operator registers it (client credentials, then PUT):
// the stand-in runs only registered commands.
const { access_token: appToken } = (await (
  await app.request("/api/oauth2/token", {
    method: "POST",
    headers: { authorization: basic, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "client_credentials", scope: "applications.commands.update" }),
  })
).json()) as { access_token: string };
const registered = await app.request(`/api/v10/applications/${settings.applicationId}/commands`, {
  method: "PUT",
  headers: { authorization: `Bearer ${appToken}`, "content-type": "application/json" },
  body: JSON.stringify([GRAPH_COMMAND]),
});
if (registered.status !== 200) throw new Error(`the stand-in refused graph's command: ${await registered.text()}`);

interface Channels {
  servers: Array<{
    id: string;
    name: string;
    channels: Array<{
      id: string;
      name: string;
      webhooks: Array<{ id: string; deleted: boolean }>;
      messages: Array<{ content: string; via: string; edited: boolean; embeds: Array<{ title?: string }> }>;
    }>;
  }>;
}
const channels = async () => (await (await app.request("/dev/channels")).json()) as Channels;
const channelNamed = async (server: string, name: string) =>
  (await channels()).servers.find((s) => s.name === server)!.channels.find((c) => c.name === name)!;

/** Plays a person on the consent page: picks a channel and authorizes; answers the code and the verifier. */
async function consent(server: string, channel: string, scope = "webhook.incoming applications.commands") {
  const verifier = randomBytes(32).toString("base64url");
  const params = {
    client_id: settings.clientId,
    response_type: "code",
    redirect_uri: REDIRECT,
    state: "st-1",
    scope,
    code_challenge_method: "S256",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
  };
  const page = await app.request(`/oauth2/authorize?${new URLSearchParams(params)}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  const value = new RegExp(`value="(\\d+/\\d+)"[^>]*data-testid="discord-channel-${server}-${channel}"`).exec(
    html,
  )![1]!;
  const res = await app.request("/oauth2/authorize", {
    method: "POST",
    body: new URLSearchParams({ ...params, channel: value, decision: "allow" }),
  });
  expect(res.status).toBe(303);
  const back = new URL(res.headers.get("location")!);
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
  expect(back.searchParams.get("state")).toBe("st-1");
  return { code: back.searchParams.get("code")!, verifier };
}

const exchange = (fields: Record<string, string>) =>
  app.request("/api/oauth2/token", {
    method: "POST",
    headers: { authorization: basic },
    body: new URLSearchParams({ grant_type: "authorization_code", redirect_uri: REDIRECT, ...fields }),
  });

interface TokenAnswer {
  access_token: string;
  scope: string;
  webhook: { id: string; token: string; channel_id: string; guild_id: string; name: string; url: string };
}
async function connect(server: string, channel: string) {
  const { code, verifier } = await consent(server, channel);
  const res = await exchange({ code, code_verifier: verifier });
  expect(res.status).toBe(200);
  return (await res.json()) as TokenAnswer;
}
const execute = (webhook: TokenAnswer["webhook"], body: unknown, wait = true) =>
  app.request(`/api/v10/webhooks/${webhook.id}/${webhook.token}${wait ? "?wait=true" : ""}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const dev = (path: string, body: unknown) =>
  app.request(`/dev/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("which Discord the local runtime connects to", () => {
  it("uses the stand-in with an application and an Ed25519 key pair made for the run", () => {
    expect(settings.standIn).toBe(true);
    expect(settings.clientId).toMatch(/^\d{18,19}$/);
    expect(settings.applicationId).toBe(settings.clientId);
    expect(settings.publicKey).toMatch(/^[0-9a-f]{64}$/);
    expect(discordSettings("http://127.0.0.1:3000", {}).publicKey).not.toBe(settings.publicKey);
    expect(settings.endpoints.apiUrl).toBe(`http://127.0.0.1:3000${STAND_IN_PATH}/api/v10`);
  });

  it("uses real Discord with DISCORD_CLIENT_ID, its secret and public key", () => {
    const real = discordSettings("http://127.0.0.1:3000", {
      DISCORD_CLIENT_ID: "123",
      DISCORD_CLIENT_SECRET: "s",
      DISCORD_PUBLIC_KEY: "ab",
    });
    expect(real).toEqual({
      clientId: "123",
      clientSecret: "s",
      applicationId: "123",
      publicKey: "ab",
      standIn: false,
      endpoints: {
        authorizationEndpoint: "https://discord.com/oauth2/authorize",
        tokenEndpoint: "https://discord.com/api/oauth2/token",
        revocationEndpoint: "https://discord.com/api/oauth2/token/revoke",
        apiUrl: "https://discord.com/api/v10",
      },
    });
  });
});

describe("the Discord stand-in's OAuth2", () => {
  it("answers the code with a token and the webhook made in the channel chosen, in Discord's shape", async () => {
    const answer = await connect("Reading Club", "picks");
    const picks = await channelNamed("Reading Club", "picks");
    expect(answer.scope).toBe("webhook.incoming applications.commands");
    expect(answer.webhook).toMatchObject({
      channel_id: picks.id,
      name: "graph",
      application_id: settings.applicationId,
    });
    expect(answer.webhook.url).toBe(
      `http://127.0.0.1:3000${STAND_IN_PATH}/api/webhooks/${answer.webhook.id}/${answer.webhook.token}`,
    );
    expect(picks.webhooks).toContainEqual({ id: answer.webhook.id, deleted: false });
  });

  it("spends a code on its first use and checks the PKCE verifier, the redirect and the client", async () => {
    const first = await consent("Topic Lab", "news");
    expect((await exchange({ code: first.code, code_verifier: "wrong".repeat(9) })).status).toBe(400);
    expect((await exchange({ code: first.code, code_verifier: first.verifier })).status).toBe(400);
    const second = await consent("Topic Lab", "news");
    const refused = await app.request("/api/oauth2/token", {
      method: "POST",
      headers: { authorization: `Basic ${Buffer.from(`${settings.clientId}:nope`).toString("base64")}` },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: second.code,
        code_verifier: second.verifier,
        redirect_uri: REDIRECT,
      }),
    });
    expect(refused.status).toBe(401);
  });

  it("shows an error page for an unknown client or redirect, and sends a refusal back with access_denied", async () => {
    const page = await app.request(
      `/oauth2/authorize?${new URLSearchParams({ client_id: "1", redirect_uri: REDIRECT })}`,
    );
    expect(page.status).toBe(400);
    expect(page.headers.get("location")).toBeNull();
    const cancelled = await app.request("/oauth2/authorize", {
      method: "POST",
      body: new URLSearchParams({
        client_id: settings.clientId,
        redirect_uri: REDIRECT,
        response_type: "code",
        state: "s",
        scope: "webhook.incoming",
        decision: "cancel",
      }),
    });
    expect(new URL(cancelled.headers.get("location")!).searchParams.get("error")).toBe("access_denied");
  });
});

describe("the Discord stand-in's webhooks", () => {
  it("executes: the message with ?wait=true, 204 without, and shows it on the viewer", async () => {
    const { webhook } = await connect("Quiet Corner", "reading");
    const sent = await execute(webhook, {
      content: "hello <readers>",
      embeds: [{ title: "An article", url: "https://example.com/a" }],
    });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({
      content: "hello <readers>",
      channel_id: webhook.channel_id,
      webhook_id: webhook.id,
    });
    // The unversioned address Discord gives the webhook answers too.
    const unversioned = await app.request(new URL(webhook.url).pathname.replace(STAND_IN_PATH, ""), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ content: "second" }),
    });
    expect(unversioned.status).toBe(204);
    const reading = await channelNamed("Quiet Corner", "reading");
    expect(reading.messages.map((m) => m.content)).toEqual(["hello <readers>", "second"]);
    const viewer = await (await app.request("/viewer")).text();
    expect(viewer).toContain("hello &lt;readers&gt;");
    expect(viewer).toContain('<a href="https://example.com/a" rel="noopener noreferrer">An article</a>');
  });

  it("refuses what Discord refuses: an empty message (50006), and fields or embeds over their limits (50035)", async () => {
    const { webhook } = await connect("Topic Lab", "rust");
    expect(await (await execute(webhook, {})).json()).toEqual({ message: "Cannot send an empty message", code: 50006 });
    for (const body of [
      { content: "x".repeat(2001) },
      { embeds: Array.from({ length: 11 }, () => ({ title: "t" })) },
      { embeds: [{ title: "t".repeat(257) }] },
      { embeds: [{ title: "t", url: "javascript:alert(1)" }] },
      { embeds: Array.from({ length: 2 }, () => ({ title: "t", description: "d".repeat(3100) })) },
    ]) {
      const res = await execute(webhook, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 50035, message: "Invalid Form Body" });
    }
  });

  it("answers 404 Unknown Webhook (10015) once the channel's webhook is deleted, and 401 for a wrong token", async () => {
    const { webhook } = await connect("Reading Club", "general");
    expect((await execute(webhook, { content: "hi" }, false)).status).toBe(204);
    expect(await (await dev("webhooks/delete", { channel_id: webhook.channel_id })).json()).toEqual({ deleted: 1 });
    const gone = await execute(webhook, { content: "hi" });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ message: "Unknown Webhook", code: 10015 });
    const other = (await connect("Reading Club", "general")).webhook;
    const wrong = await execute({ ...other, token: "x".repeat(68) }, { content: "hi" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: "Invalid Webhook Token", code: 50027 });
  });

  it("answers 429 with retry_after (and Retry-After) as many times as asked, then sends again", async () => {
    const { webhook } = await connect("Topic Lab", "news");
    expect(
      await (await dev("webhooks/rate-limit", { channel_id: webhook.channel_id, retry_after: 1.5, count: 2 })).json(),
    ).toEqual({
      limited: 1,
    });
    for (let i = 0; i < 2; i++) {
      const limited = await execute(webhook, { content: "hi" });
      expect(limited.status).toBe(429);
      expect(limited.headers.get("retry-after")).toBe("2");
      expect(await limited.json()).toEqual({ message: "You are being rate limited.", retry_after: 1.5, global: false });
    }
    expect((await execute(webhook, { content: "hi" })).status).toBe(200);
  });

  it("revokes a token and deletes a webhook as Discord does", async () => {
    const answer = await connect("Quiet Corner", "reading");
    const revoked = await app.request("/api/oauth2/token/revoke", {
      method: "POST",
      headers: { authorization: basic },
      body: new URLSearchParams({ token: answer.access_token }),
    });
    expect(revoked.status).toBe(200);
    const url = `/api/v10/webhooks/${answer.webhook.id}/${answer.webhook.token}`;
    expect((await app.request(url, { method: "DELETE" })).status).toBe(204);
    expect((await app.request(url, { method: "DELETE" })).status).toBe(404);
  });
});

describe("the Discord stand-in's interactions", () => {
  it("signs a /graph command with the key pair graph checks it with, and posts graph's answer in the channel", async () => {
    const rust = await channelNamed("Topic Lab", "rust");
    const res = await dev("interactions", { channel_id: rust.id, command: "search rust async" });
    expect(await res.json()).toMatchObject({
      status: 200,
      response: { type: 4, data: { content: "you asked: search rust async" } },
    });
    const sent = sentToGraph.at(-1)!;
    expect(sent.headers.get("x-signature-ed25519")).toMatch(/^[0-9a-f]{128}$/);
    expect(JSON.parse(sent.body)).toMatchObject({
      type: 2,
      guild_id: (await channels()).servers[1]!.id,
      channel_id: rust.id,
    });
    expect((await channelNamed("Topic Lab", "rust")).messages.at(-1)).toMatchObject({
      via: "interaction",
      content: "you asked: search rust async",
    });
  });

  it("lets graph edit a deferred answer through the interaction's webhook, for 15 minutes", async () => {
    const news = await channelNamed("Topic Lab", "news");
    await dev("interactions", { channel_id: news.id, command: "picks" });
    const token = (JSON.parse(sentToGraph.at(-1)!.body) as { token: string }).token;
    const edit = await app.request(`/api/v10/webhooks/${settings.applicationId}/${token}/messages/@original`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ content: "your picks, at last" }),
    });
    expect(edit.status).toBe(200);
    expect((await channelNamed("Topic Lab", "news")).messages.at(-1)).toMatchObject({
      content: "your picks, at last",
      edited: true,
    });
    const unknown = await app.request(`/api/v10/webhooks/${settings.applicationId}/nope/messages/@original`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ content: "x" }),
    });
    expect(await unknown.json()).toEqual({ message: "Unknown Webhook", code: 10015 });
  });
});
