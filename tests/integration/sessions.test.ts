import { ScanCommand } from "@aws-sdk/client-dynamodb";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dynamo, tableName } from "@graph/core/adapters/dynamo";
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS } from "@graph/core/modules/auth";
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
