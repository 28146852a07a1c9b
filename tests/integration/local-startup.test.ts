import { createHmac } from "node:crypto";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SignJWT } from "jose";
import { sha256 } from "@graph/core/lib/util";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { signature } from "@graph/local/stripe/events";
import { freePort, spawnRuntime, stopRuntime, type ChildRuntime } from "../support/child-runtime.ts";
import type { OutboxMessage } from "@graph/local/outbox";
import { clientAt, codeFrom, newPerson, sessionCookie } from "../support/runtime.ts";

let dataDir: string | undefined;
let runtime: ChildRuntime | undefined;
afterAll(async () => {
  if (runtime) await stopRuntime(runtime, "SIGKILL");
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface Answer {
  path: string;
  status: number;
  body: string;
  retryAfter: string | null;
}

describe("starting the local runtime", () => {
  it("answers requests that arrive while it starts with 503 'starting', never crashing, then serves normally", async () => {
    dataDir = await mkdtemp(join(tmpdir(), "graph-startup-"));
    const port = await freePort();
    runtime = spawnRuntime({ port, dataDir });
    const started = runtime;
    let ready = false;
    void started.ready.then(
      () => (ready = true),
      () => undefined,
    );

    // Requests from the moment the port is bound: dev routes and the API.
    const paths = ["/api/dev/status", "/api/rss/liked_ids", "/api/dev/outbox"];
    const answers: Answer[] = [];
    let afterReady = 0;
    for (let i = 0; afterReady < paths.length * 2 && !started.hasExited(); i++) {
      const path = paths[i % paths.length]!;
      const wasReady = ready;
      try {
        const response = await fetch(`${started.url}${path}`, { signal: AbortSignal.timeout(10_000) });
        const body = await response.text();
        answers.push({ path, status: response.status, body, retryAfter: response.headers.get("retry-after") });
      } catch {
        // Not listening yet (connection refused): try again shortly, leaving the CPU to the start.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      if (wasReady) afterReady++;
    }

    expect(started.hasExited(), started.output()).toBe(false);
    await started.ready;
    const early = answers.filter((a) => a.status === 503);
    // The window between binding the port and mounting the routes was hit at least once.
    expect(early.length).toBeGreaterThan(0);
    for (const answer of early) {
      expect(JSON.parse(answer.body)).toMatchObject({ code: "starting", error: expect.any(String) });
      expect(answer.retryAfter).toBe("1");
    }
    // Every other answer is the route's own (no 500s, no half-mounted app).
    for (const answer of answers.filter((a) => a.status !== 503)) expect(answer.status, answer.path).toBeLessThan(500);
    const status = await fetch(`${started.url}/api/dev/status`);
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({ idle: expect.any(Boolean) });
    expect(started.output()).not.toMatch(/matcher is already built/);
  });
});

/** The keys older versions of the runtime signed with, built in: anyone could read them. */
const BUILT_IN = {
  realtime: "local-realtime-token-key",
  digest: "local-digest-signing-key",
  webhook: "whsec_local",
  stripe: "sk_test_local",
  aws: "local",
};

/** An unsubscribe token as the digest signs one (packages/core/src/modules/digest/unsubscribe-token.ts), with `key`. */
function unsubscribeToken(userId: string, key: string) {
  const payload = `${Buffer.from(userId).toString("base64url")}.${Math.floor(Date.now() / 1000) + 3600}`;
  return `${payload}.${createHmac("sha256", key).update(`unsubscribe:${payload}`).digest("base64url")}`;
}

/** The digest's one-click unsubscribe, as anyone holding a token may post it. */
const unsubscribe = (url: string, token: string) =>
  fetch(`${url}/api/digest/unsubscribe?token=${encodeURIComponent(token)}`, { method: "POST" });

/** A socket token as get_jwt signs one (packages/core/src/modules/realtime/token.ts), with `key`. */
/** A socket token naming the person and the session of `cookie` (`graph_session=<token>`), signed with `key`. */
function socketToken(userId: string, cookie: string, key: string) {
  const now = Math.floor(Date.now() / 1000);
  const session = cookie.slice(cookie.indexOf("=") + 1);
  return new SignJWT({ sid: sha256(session) })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setIssuedAt(now)
    .setExpirationTime(now + 300)
    .sign(new TextEncoder().encode(key));
}

/** Opens the child's socket with a token: "open", or the status the upgrade was refused with. */
function socketWith(url: string, token: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${url.replace("http", "ws")}/ws?token=${encodeURIComponent(token)}`);
    socket.once("open", () => {
      socket.close();
      resolve("open");
    });
    socket.once("unexpected-response", (_request, response) => resolve(`refused ${response.statusCode}`));
    socket.once("error", (error) => resolve(`error ${error.message}`));
  });
}

/** A Stripe event delivered to the child's webhook, signed with `secret`: the status it answers. */
async function webhookSignedWith(url: string, secret: string) {
  const payload = JSON.stringify({
    id: `evt_${crypto.randomUUID().replace(/-/g, "")}`,
    object: "event",
    type: "customer.created",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: { id: "cus_unknown", object: "customer" } },
  });
  const response = await fetch(`${url}/api/stripe/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature(payload, secret) },
    body: payload,
  });
  return response.status;
}

describe("the local runtime's keys", () => {
  it("makes each key at random on first start, keeps it owner-only under DATA_DIR, and signs with no built-in key", async () => {
    const dir = await mkdtemp(join(tmpdir(), "graph-keys-"));
    const children: ChildRuntime[] = [];
    try {
      const first = spawnRuntime({ port: await freePort(), dataDir: dir });
      children.push(first);
      await first.ready;

      // A person with the digest on, as anyone on the network could find them (their id is on their profile).
      const person = newPerson("keys");
      const client = clientAt(first.url);
      const { userId } = await (await client.signup.$post({ json: person })).json();
      const mailed = async () =>
        ((await (await fetch(`${first.url}/api/dev/outbox`)).json()) as OutboxMessage[]).find(
          (m) => m.to === person.email,
        );
      await expect.poll(mailed).toBeDefined();
      const verified = await client.verify_account.$post({ json: { userId, code: codeFrom(await mailed()) } });
      const cookie = sessionCookie(verified)!;
      const own = clientAt(first.url, cookie);
      await own.users.update_email_digest_preferences.$post({ json: { wantsEmailDigest: true } });
      const digestOn = async () => (await (await own.users.email_digest_preferences.$get()).json()).wantsEmailDigest;
      expect(await digestOn()).toBe(true);

      // Tokens signed with the old built-in keys get nowhere.
      expect((await unsubscribe(first.url, unsubscribeToken(userId, BUILT_IN.digest))).status).toBe(400);
      expect(await digestOn()).toBe(true);
      expect(await socketWith(first.url, await socketToken(userId, cookie, BUILT_IN.realtime))).toBe("refused 401");
      expect(await webhookSignedWith(first.url, BUILT_IN.webhook)).toBe(400);

      // The keys were made at random and kept, readable by their owner only...
      const file = join(dir, "keys.json");
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const kept = JSON.parse(await readFile(file, "utf8")) as Record<string, string>;
      const values = Object.values(kept);
      expect(Object.keys(kept).sort()).toEqual(
        [
          "awsSecretAccessKey",
          "digestSigningKey",
          "oauthTokenKey",
          "realtimeTokenKey",
          "stripeSecretKey",
          "stripeWebhookSecret",
        ].sort(),
      );
      expect(new Set(values).size).toBe(values.length);
      for (const value of values) {
        expect(value.length).toBeGreaterThanOrEqual(40);
        expect(Object.values(BUILT_IN)).not.toContain(value);
      }
      // ...and they are the ones in use.
      expect(await socketWith(first.url, await socketToken(userId, cookie, kept.realtimeTokenKey!))).toBe("open");
      expect(await webhookSignedWith(first.url, kept.stripeWebhookSecret!)).toBe(200);
      await stopRuntime(first);

      // A restart keeps the keys; a key given as a setting wins over the kept one.
      const fromEnvironment = "a digest key given in the environment, long enough";
      const second = spawnRuntime({
        port: await freePort(),
        dataDir: dir,
        env: { DIGEST_SIGNING_KEY: fromEnvironment },
      });
      children.push(second);
      await second.ready;
      expect(JSON.parse(await readFile(file, "utf8"))).toEqual(kept);
      expect(await webhookSignedWith(second.url, kept.stripeWebhookSecret!)).toBe(200);
      expect((await unsubscribe(second.url, unsubscribeToken(userId, kept.digestSigningKey!))).status).toBe(400);
      expect((await unsubscribe(second.url, unsubscribeToken(userId, fromEnvironment))).status).toBe(200);
      const after = await (await clientAt(second.url, cookie).users.email_digest_preferences.$get()).json();
      expect(after.wantsEmailDigest).toBe(false);
    } finally {
      for (const child of children) await stopRuntime(child);
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
