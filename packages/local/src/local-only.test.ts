import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { guardLocalOnly, isLocalCaller, isLoopback } from "./local-only.ts";

/** The node bindings `@hono/node-server` passes as env, with a socket from `remote` to `local`. */
const socketEnv = (remote: string | undefined, local = "127.0.0.1") => ({
  incoming: {
    socket: {
      remoteAddress: remote,
      remotePort: 40000,
      remoteFamily: remote?.includes(":") ? "IPv6" : "IPv4",
      localAddress: local,
    },
  },
  outgoing: {},
});

describe("isLoopback", () => {
  it.each(["127.0.0.1", "127.255.10.3", "::1", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1", "::ffff:127.9.8.7"])(
    "counts %s as loopback",
    (address) => expect(isLoopback(address)).toBe(true),
  );

  it.each([
    "10.0.0.1",
    "192.168.1.5",
    "128.0.0.1",
    "126.255.255.255",
    "::2",
    "fe80::1",
    "::ffff:192.168.1.5",
    "::",
    "0.0.0.0",
    "localhost",
    "",
    undefined,
  ])("does not count %s as loopback", (address) => expect(isLoopback(address)).toBe(false));
});

describe("isLocalCaller", () => {
  it("lets a process here call this machine's own network address", () => {
    expect(isLocalCaller({ remote: "192.168.1.5", local: "192.168.1.5" })).toBe(true);
  });

  it("refuses another machine, and a socket with no address", () => {
    expect(isLocalCaller({ remote: "192.168.1.7", local: "192.168.1.5" })).toBe(false);
    expect(isLocalCaller({})).toBe(false);
    expect(isLocalCaller({ remote: "", local: "" })).toBe(false);
  });
});

describe("guardLocalOnly", () => {
  const app = new Hono();
  guardLocalOnly(app);
  app.get("/api/dev/outbox", (c) => c.json(["secret code 123456"]));
  app.post("/_aws/sqs/*", (c) => c.json({ MessageId: "m" }));
  app.get("/api/public", (c) => c.json({ ok: true }));

  it("answers a caller on the network 404, whatever headers claim", async () => {
    const env = socketEnv("203.0.113.9");
    const headers = { "x-forwarded-for": "127.0.0.1", "x-real-ip": "127.0.0.1", forwarded: "for=127.0.0.1" };
    const outbox = await app.request("/api/dev/outbox", { headers }, env);
    expect(outbox.status).toBe(404);
    expect(await outbox.json()).toEqual({ error: "Not found." });
    expect((await app.request("/_aws/sqs/000000000000/MailQueue", { method: "POST", headers }, env)).status).toBe(404);
  });

  it("answers 404 when there is no socket to judge by", async () => {
    expect((await app.request("/api/dev/outbox")).status).toBe(404);
  });

  it("serves loopback callers, IPv4 and IPv6", async () => {
    for (const remote of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      const response = await app.request("/api/dev/outbox", {}, socketEnv(remote));
      expect(response.status, remote).toBe(200);
    }
  });

  it("leaves other routes open to everyone", async () => {
    expect((await app.request("/api/public", {}, socketEnv("203.0.113.9"))).status).toBe(200);
  });
});

describe("guardLocalOnly with the site's address", () => {
  const app = new Hono();
  guardLocalOnly(app, { siteUrl: "http://localhost:5173", ownUrls: ["http://127.0.0.1:3000"], pages: /^\/_spotify\// });
  app.get("/api/dev/outbox", (c) => c.json(["secret code 123456"]));
  app.post("/api/dev/jobs/:name", (c) => c.json({ ran: true }));
  app.get("/_spotify/authorize", (c) => c.text("consent"));
  const local = socketEnv("127.0.0.1");

  it("refuses a name pointed at this machine (DNS rebinding)", async () => {
    for (const host of ["evil.example", "localhost.evil.example", "127.0.0.1.nip.io"]) {
      expect((await app.request(`http://${host}/api/dev/outbox`, {}, local)).status, host).toBe(403);
    }
    for (const host of ["localhost:5173", "127.0.0.1:3000", "[::1]:3000", "app.localhost"]) {
      expect((await app.request(`http://${host}/api/dev/outbox`, {}, local)).status, host).toBe(200);
    }
  });

  it("refuses pages of other sites, and lets the site's own through", async () => {
    const post = (headers: Record<string, string>) =>
      app.request("http://127.0.0.1:3000/api/dev/jobs/digest", { method: "POST", headers }, local);
    expect((await post({ origin: "http://evil.example" })).status).toBe(403);
    expect((await post({ "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await post({ origin: "null" })).status).toBe(403);
    expect((await post({ origin: "http://localhost:5173", "sec-fetch-site": "cross-site" })).status).toBe(200);
    expect((await post({ origin: "http://127.0.0.1:3000", "sec-fetch-site": "same-origin" })).status).toBe(200);
    expect((await post({})).status).toBe(200);
  });

  it("lets a browser navigate to a stand-in's consent page from the site, and nothing else cross-site", async () => {
    const navigate = { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" };
    expect((await app.request("http://127.0.0.1:3000/_spotify/authorize", { headers: navigate }, local)).status).toBe(
      200,
    );
    expect((await app.request("http://127.0.0.1:3000/api/dev/outbox", { headers: navigate }, local)).status).toBe(403);
  });
});
