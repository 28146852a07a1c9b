import { sign } from "node:crypto";
import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";

const { privateKey } = await vi.hoisted(async () => {
  const { generateKeyPairSync } = await import("node:crypto");
  const pair = generateKeyPairSync("ed25519");
  const link = (name: string, value: object) => vi.stubEnv(`SST_RESOURCE_${name}`, JSON.stringify(value));
  link("App", { name: "graph", stage: "test" });
  link("Config", { siteUrl: "http://graph.test" });
  // The API's modules name their table when loaded; these routes never reach it.
  link("Table", { name: "graph-unit" });
  link("Discord", { apiUrl: "http://discord.test/api/v10" });
  link("DiscordClientId", { value: "123456789012345678" });
  link("DiscordApplicationId", { value: "123456789012345678" });
  link("DiscordPublicKey", {
    value: pair.publicKey.export({ format: "der", type: "spki" }).subarray(-32).toString("hex"),
  });
  return pair;
});

// The channels module is played by the test (its store is the integration tests' part).
vi.mock("@graph/core/modules/channels", async (original) => ({
  ...(await original<typeof import("@graph/core/modules/channels")>()),
  startConnect: vi.fn(),
  finishConnect: vi.fn(),
  cancelConnect: vi.fn(async (_kind: string, _state: string, fallback: string) => fallback),
  isLinked: vi.fn(async () => true),
  answerCommand: vi.fn(),
  firstUse: vi.fn(async () => true),
}));

import type { Plan } from "@graph/core/lib/plans";
import type { Session } from "@graph/core/modules/auth";
import * as Channels from "@graph/core/modules/channels";
import { discord } from "./discord.ts";
import { DISCORD_WEBHOOK_PATHS } from "./paths.ts";
import type { ApiEnv } from "./env.ts";
import { errorAnswer } from "./errors.ts";

/** The routes as app.ts mounts them, with a session of `userId` on `plan`. */
function apiWith(userId?: string, plan: Plan = "pro") {
  const app = new Hono<ApiEnv>()
    .use(async (c, next) => {
      if (userId) c.set("session", { userId, plan } as Session);
      await next();
    })
    .route("/api/discord", discord);
  app.onError(errorAnswer);
  return app;
}

const signed = (body: string) => {
  const timestamp = String(Math.floor(Date.now() / 1000));
  return {
    "content-type": "application/json",
    "x-signature-ed25519": sign(null, Buffer.from(timestamp + body), privateKey).toString("hex"),
    "x-signature-timestamp": timestamp,
  };
};

describe("adding graph to a Discord server", () => {
  it("sends a signed-in person to Discord's consent page with the state in a cookie for the callback only", async () => {
    const startConnect = vi.mocked(Channels.startConnect).mockResolvedValue({
      url: "http://discord.test/oauth2/authorize?state=s1",
      state: "s1",
      maxAge: 600,
    });
    const res = await apiWith("u1").request("http://graph.test/api/discord/api/login");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("http://discord.test/oauth2/authorize?state=s1");
    expect(startConnect).toHaveBeenCalledWith("discord", "u1", "pro", "/home/tune?tab=feed");
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toContain("graph_discord_state=s1");
    expect(cookie).toContain("Path=/api/discord/api");
    expect(cookie).toContain("HttpOnly");
  });

  it("sends a signed-out person to sign in, and answers 403 plan_required on free", async () => {
    expect((await apiWith().request("http://graph.test/api/discord/api/login")).headers.get("location")).toBe("/login");
    vi.mocked(Channels.startConnect).mockClear();
    const free = await apiWith("u1", "free").request("http://graph.test/api/discord/api/login");
    expect(free.status).toBe(403);
    expect(await free.json()).toMatchObject({ code: "plan_required", feature: "bot" });
    expect(Channels.startConnect).not.toHaveBeenCalled();
  });

  it("finishes the connect with this browser's state and goes back to the feed tab with how it went", async () => {
    const finishConnect = vi
      .mocked(Channels.finishConnect)
      .mockResolvedValue({ redirect: "/home/tune?tab=feed", outcome: "connected" });
    const res = await apiWith("u1").request(
      "http://graph.test/api/discord/api/callback?code=c1&state=s1&guild_id=290926792226357250",
      { headers: { cookie: "graph_discord_state=s1" } },
    );
    expect(res.headers.get("location")).toBe("/home/tune?tab=feed&channels=connected");
    expect(finishConnect).toHaveBeenCalledWith(
      "discord",
      { code: "c1", state: "s1", browserState: "s1", userId: "u1" },
      "/home/tune?tab=feed",
    );
  });

  it("goes back with an error when the person cancelled on Discord's page", async () => {
    const finishConnect = vi.mocked(Channels.finishConnect).mockClear();
    const res = await apiWith("u1").request("http://graph.test/api/discord/api/callback?error=access_denied&state=s1");
    expect(res.headers.get("location")).toBe("/home/tune?tab=feed&channels=error");
    expect(finishConnect).not.toHaveBeenCalled();
  });
});

describe("Discord's interactions endpoint", () => {
  const interactions = `http://graph.test${DISCORD_WEBHOOK_PATHS[0]}`;

  it("answers a signed PING with PONG and refuses an unsigned one with 401", async () => {
    const body = JSON.stringify({ type: 1 });
    const api = apiWith();
    const pong = await api.request(interactions, { method: "POST", body, headers: signed(body) });
    expect(pong.status).toBe(200);
    expect(await pong.json()).toEqual({ type: 1 });
    const refused = await api.request(interactions, {
      method: "POST",
      body,
      headers: { "content-type": "application/json" },
    });
    expect(refused.status).toBe(401);
  });

  it("asks the channels module to answer /graph and renders its answer", async () => {
    const asked: Channels.CommandInput[] = [];
    const body = JSON.stringify({
      type: 2,
      token: "tok",
      guild_id: "290926792226357250",
      channel_id: "345626669224982402",
      member: { user: { id: "80351110224678912" } },
      data: {
        name: "graph",
        options: [{ name: "topic", type: 1, options: [{ name: "words", type: 3, value: "rust" }] }],
      },
    });
    vi.mocked(Channels.isLinked).mockResolvedValueOnce(false);
    vi.mocked(Channels.answerCommand).mockImplementation(async (command) => {
      asked.push(command);
      return { text: "graph is not linked to this server yet." };
    });
    const res = await apiWith().request(interactions, { method: "POST", body, headers: signed(body) });
    expect(await res.json()).toMatchObject({ type: 4, data: { content: "graph is not linked to this server yet." } });
    expect(asked.map((c) => c.text)).toEqual(["topic rust"]);
  });
});
