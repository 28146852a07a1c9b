import { ScanCommand } from "@aws-sdk/client-dynamodb";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dynamo, nowSeconds, tableName, transact } from "@graph/core/adapters/dynamo";
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS, Sessions } from "@graph/core/modules/auth";
import { sha256 } from "@graph/core/lib/util";
import { SessionEntity } from "../../packages/core/src/modules/auth/session.entity.ts";
import { UserEntity } from "../../packages/core/src/modules/users/user.entity.ts";
import { sessionCookie, signedIn, travel, useTestApi } from "../support/runtime.ts";

const api = useTestApi();
const isSignedIn = async (cookie: string) =>
  (await (await api.client({ cookie }).check_auth.$get()).json()).isAuthenticated;

afterEach(() => vi.useRealTimers());

describe("sessions", () => {
  it("uses an opaque 256-bit token in an HttpOnly, SameSite=Lax cookie, Secure only over https", async () => {
    const person = await signedIn(api);
    const credentials = { identifier: person.username, password: person.password };
    const http = await api.client().login.$post({ json: credentials });
    const header = http.headers.get("set-cookie")!;
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).not.toMatch(/Secure/);
    const token = sessionCookie(http)!.split("=")[1]!;
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
    const https = await api.client({ site: "https://graph.test" }).login.$post({ json: credentials });
    expect(https.headers.get("set-cookie")).toMatch(/; Secure/);
  });

  it("stores only a hash of the token", async () => {
    const person = await signedIn(api);
    const token = person.cookie.split("=")[1]!;
    const { Items = [] } = await dynamo().send(new ScanCommand({ TableName: tableName() }));
    expect(JSON.stringify(Items)).not.toContain(token);
  });

  it("ends the session on the server at logout: the old cookie no longer works", async () => {
    const person = await signedIn(api);
    expect(await isSignedIn(person.cookie)).toBe(true);
    const logout = await api.client({ cookie: person.cookie }).logout.$post();
    expect(logout.status).toBe(200);
    expect(logout.headers.get("set-cookie")).toMatch(/graph_session=;|Max-Age=0/);
    expect(await isSignedIn(person.cookie)).toBe(false);
    const feedback = await api.client({ cookie: person.cookie }).users.feedback.$post({ json: { feedback: "hi" } });
    expect(feedback.status).toBe(401);
  });

  it("expires after the idle period without use", async () => {
    const person = await signedIn(api);
    travel((SESSION_IDLE_SECONDS - 60) * 1000);
    expect(await isSignedIn(person.cookie)).toBe(true);
    travel((SESSION_IDLE_SECONDS + 60) * 1000);
    expect(await isSignedIn(person.cookie)).toBe(false);
  });

  it("slides with use but ends at the absolute limit", async () => {
    const person = await signedIn(api);
    const step = (SESSION_IDLE_SECONDS - 3600) * 1000;
    let elapsed = 0;
    while (elapsed + step < SESSION_ABSOLUTE_SECONDS * 1000) {
      travel(step);
      elapsed += step;
      expect(await isSignedIn(person.cookie)).toBe(true);
    }
    travel(SESSION_ABSOLUTE_SECONDS * 1000 - elapsed + 60_000);
    expect(await isSignedIn(person.cookie)).toBe(false);
  });
});

describe("a socket's session check", () => {
  /**
   * What a socket's frame reads (`isCurrent`) and what its send's transaction is held to
   * (`currentConditions`): one rule, so a send is refused exactly when any other frame would be.
   */
  const verdicts = async (owner: { userId: string; sessionHash?: string }) => {
    const read = await Sessions.isCurrent(owner);
    const written = !(await transact(Sessions.currentConditions(owner))).canceled;
    return { read, written };
  };
  const hashOf = (cookie: string) => sha256(cookie.slice(cookie.indexOf("=") + 1));
  const held = { read: true, written: true };
  const refused = { read: false, written: false };

  it("holds while the session lasts and the account is live, and not a moment after", async () => {
    const [a, b] = await Promise.all([signedIn(api), signedIn(api)]);
    const owner = { userId: a.userId, sessionHash: hashOf(a.cookie) };
    expect(await verdicts(owner)).toEqual(held);
    // Without a session key only the account counts.
    expect(await verdicts({ userId: a.userId })).toEqual(held);
    // Another person's session is not this person's.
    expect(await verdicts({ userId: b.userId, sessionHash: owner.sessionHash })).toEqual(refused);
    // An id that was never an account, with or without a session of its own.
    const ghost = crypto.randomUUID();
    const { token } = await Sessions.create(ghost);
    expect(await verdicts({ userId: ghost })).toEqual(refused);
    expect(await verdicts({ userId: ghost, sessionHash: sha256(token) })).toEqual(refused);
    // Idle past the session's expiry.
    travel((SESSION_IDLE_SECONDS + 60) * 1000);
    expect(await verdicts(owner)).toEqual(refused);
    vi.useRealTimers();
    expect(await verdicts(owner)).toEqual(held);
    // Past the absolute limit, however recently used.
    const now = nowSeconds();
    const old = { tokenHash: sha256(crypto.randomUUID()), userId: a.userId, createdAt: now - SESSION_ABSOLUTE_SECONDS };
    await SessionEntity.create({ ...old, absoluteExpiresAt: now - 1, expiresAt: now + 3600 }).go();
    expect(await verdicts({ userId: a.userId, sessionHash: old.tokenHash })).toEqual(refused);
    // Ended (a log-out), then the account marked deleted.
    await Sessions.end(b.cookie.slice(b.cookie.indexOf("=") + 1));
    expect(await verdicts({ userId: b.userId, sessionHash: hashOf(b.cookie) })).toEqual(refused);
    await UserEntity.patch({ userId: a.userId }).set({ deletedAt: Date.now() }).go();
    expect(await verdicts(owner)).toEqual(refused);
    expect(await verdicts({ userId: a.userId })).toEqual(refused);
  });
});
