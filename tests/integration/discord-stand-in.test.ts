import { generateCodeVerifier } from "arctic";
import { Resource } from "sst";
import { describe, expect, it } from "vitest";
import { discordService, GRAPH_COMMAND, registerCommands } from "@graph/core/adapters/discord";
import { useTestApi } from "../support/runtime.ts";

const api = useTestApi();

/**
 * The runtime links graph to its Discord stand-in as production is linked to Discord: graph's
 * own adapter runs the consent, the token exchange and the webhook over the network, and the
 * stand-in's viewer shows what each channel received.
 */
const standIn = () => `${api.runtime.url}/_discord`;

interface Channels {
  servers: Array<{
    name: string;
    channels: Array<{
      id: string;
      name: string;
      webhooks: Array<{ id: string; deleted: boolean }>;
      messages: Array<{ content: string; embeds: Array<{ title?: string; url?: string; description?: string }> }>;
    }>;
  }>;
}
async function channel(server: string, name: string) {
  const listing = (await (await fetch(`${standIn()}/dev/channels`)).json()) as Channels;
  return listing.servers.find((s) => s.name === server)!.channels.find((c) => c.name === name)!;
}
const dev = (path: string, body: unknown) =>
  fetch(`${standIn()}/dev/${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });

/** Adds graph to `server`'s `name` channel as a person would on the consent page; answers what graph keeps. */
async function addTo(server: string, name: string) {
  const verifier = generateCodeVerifier();
  const authorize = discordService.authorizeUrl("state-1", verifier);
  const page = await fetch(authorize);
  expect(page.status).toBe(200);
  const html = await page.text();
  const value = new RegExp(`value="(\\d+/\\d+)"[^>]*data-testid="discord-channel-${server}-${name}"`).exec(html)![1]!;
  const consent = await fetch(authorize.origin + authorize.pathname, {
    method: "POST",
    body: new URLSearchParams({ ...Object.fromEntries(authorize.searchParams), channel: value, decision: "allow" }),
    redirect: "manual",
  });
  expect(consent.status).toBe(303);
  const back = new URL(consent.headers.get("location")!);
  expect(`${back.origin}${back.pathname}`).toBe("http://graph.test/api/discord/api/callback");
  expect(back.searchParams.get("state")).toBe("state-1");
  return discordService.exchange(back.searchParams.get("code")!, verifier);
}

const picks = {
  header: "your graph picks for Friday",
  items: [
    { title: "Ownership in Rust", link: "https://example.com/rust", source: "Rust Blog", why: "you follow rust" },
    { title: "Async at scale", link: "https://example.com/async", source: "Systems Weekly", why: "you follow async" },
  ],
  footer: "Change what is sent in graph's settings.",
};

describe("the Discord stand-in in the runtime", () => {
  it("is linked on this port with an application and a public key made for the run", () => {
    expect(Resource.Discord.authorizationEndpoint).toBe(`${standIn()}/oauth2/authorize`);
    expect(Resource.Discord.apiUrl).toBe(`${standIn()}/api/v10`);
    expect(Resource.DiscordClientId.value).toMatch(/^\d{18,19}$/);
    expect(Resource.DiscordPublicKey.value).toMatch(/^[0-9a-f]{64}$/);
    expect(discordService.isConfigured()).toBe(true);
  });

  it("adds graph to a channel chosen on the consent page; picks posted there show on the viewer", async () => {
    const linked = await addTo("Reading Club", "picks");
    const picksChannel = await channel("Reading Club", "picks");
    expect(linked.webhookUrl).toBe(
      `${standIn()}/api/v10/webhooks/${picksChannel.webhooks.at(-1)!.id}/${linked.webhookUrl.split("/").at(-1)}`,
    );
    expect(linked.channelName).toBe(`channel ${picksChannel.id}`);
    expect(linked.accessToken).toBeTruthy();

    expect(await discordService.post(linked.webhookUrl, picks)).toEqual({ ok: true });
    const received = (await channel("Reading Club", "picks")).messages.at(-1)!;
    expect(received.content).toBe("your graph picks for Friday");
    expect(received.embeds.map((e) => [e.title, e.url, e.description])).toEqual([
      ["Ownership in Rust", "https://example.com/rust", "you follow rust"],
      ["Async at scale", "https://example.com/async", "you follow async"],
    ]);
    const viewer = await (await fetch(`${standIn()}/viewer`)).text();
    expect(viewer).toContain('<a href="https://example.com/rust" rel="noopener noreferrer">Ownership in Rust</a>');
  });

  it("says how long to wait when Discord answers 429, and sends once the wait is over", async () => {
    const linked = await addTo("Topic Lab", "news");
    const news = await channel("Topic Lab", "news");
    await dev("webhooks/rate-limit", { channel_id: news.id, retry_after: 0.75, count: 1 });
    expect(await discordService.post(linked.webhookUrl, { text: "hello" })).toEqual({ ok: false, retryAfterMs: 750 });
    expect(await discordService.post(linked.webhookUrl, { text: "hello" })).toEqual({ ok: true });
    expect((await channel("Topic Lab", "news")).messages.at(-1)!.content).toBe("hello");
  });

  it("says a webhook deleted in Discord is gone (404, 10015)", async () => {
    const linked = await addTo("Topic Lab", "rust");
    const rust = await channel("Topic Lab", "rust");
    expect(await (await dev("webhooks/delete", { channel_id: rust.id })).json()).toMatchObject({ deleted: 1 });
    expect(await discordService.post(linked.webhookUrl, picks)).toEqual({ ok: false, gone: true });
  });

  it("unlinking revokes the grant and deletes the webhook, leaving nothing in the channel", async () => {
    const linked = await addTo("Quiet Corner", "reading");
    await discordService.revoke(linked.accessToken, linked.webhookUrl);
    expect((await channel("Quiet Corner", "reading")).webhooks.every((w) => w.deleted)).toBe(true);
    expect(await discordService.post(linked.webhookUrl, { text: "still there?" })).toEqual({ ok: false, gone: true });
  });

  describe("graph's /graph command", () => {
    const subcommands = GRAPH_COMMAND.options.map((option) => option.name);
    /** A client-credentials token for the application, asked for `scope`. */
    const appToken = async (scope: string, secret = Resource.DiscordClientSecret.value) => {
      const answer = await fetch(Resource.Discord.tokenEndpoint, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "client_credentials",
          scope,
          client_id: Resource.DiscordClientId.value,
          client_secret: secret,
        }),
      });
      return { status: answer.status, token: ((await answer.json()) as { access_token?: string }).access_token };
    };
    const putCommands = (token: string | undefined, body: unknown, app = Resource.DiscordApplicationId.value) =>
      fetch(`${Resource.Discord.apiUrl}/applications/${app}/commands`, {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });

    it("is registered at start with a subcommand for each the interactions endpoint answers, share among them", async () => {
      const registered = (await (await fetch(`${standIn()}/dev/commands`)).json()) as Array<{
        name: string;
        options: Array<{ name: string; options?: Array<{ name: string; required?: boolean }> }>;
      }>;
      expect(registered.map((command) => command.name)).toEqual(["graph"]);
      expect(registered[0]!.options.map((option) => option.name)).toEqual([
        "picks",
        "search",
        "topic",
        "share",
        "help",
      ]);
      // Each subcommand that takes words takes them in one required option named `words`.
      for (const option of registered[0]!.options.filter((o) => o.options))
        expect(option.options, option.name).toEqual([expect.objectContaining({ name: "words", required: true })]);
      // Registering again replaces the command, with the same subcommands.
      expect(await registerCommands()).toEqual(subcommands);
    });

    it("is registered only with the application's secret, the commands scope, for its own application and valid", async () => {
      expect((await appToken("applications.commands.update", "wrong-secret")).status).toBe(401);
      expect((await appToken("webhook.incoming")).status).toBe(400);
      const identify = await appToken("identify");
      expect((await putCommands(identify.token, [GRAPH_COMMAND])).status).toBe(403);
      const allowed = await appToken("applications.commands.update");
      expect((await putCommands(allowed.token, [GRAPH_COMMAND], "100000000000000001")).status).toBe(403);
      const invalid = await putCommands(allowed.token, [{ ...GRAPH_COMMAND, name: "Graph Picks" }]);
      expect(invalid.status).toBe(400);
      expect(await invalid.json()).toMatchObject({ code: 50035 });
      // None of these replaced what was registered.
      const listed = await fetch(
        `${Resource.Discord.apiUrl}/applications/${Resource.DiscordApplicationId.value}/commands`,
        {
          headers: { authorization: `Bearer ${allowed.token}` },
        },
      );
      expect(((await listed.json()) as Array<{ name: string }>).map((command) => command.name)).toEqual(["graph"]);
    });

    it("runs only registered subcommands, as Discord's command picker offers no other", async () => {
      const news = await channel("Topic Lab", "news");
      const unknown = await dev("interactions", { channel_id: news.id, command: "dance now" });
      expect(unknown.status).toBe(400);
      expect(await unknown.json()).toEqual({ error: "/graph dance is not a command this application registered." });
    });
  });
});
