import { describe, expect, it } from "vitest";
import { errorOf, newPerson, sessionCookie, signedIn, uniqueAddress, useTestApi } from "../support/runtime.ts";

const api = useTestApi();
const login = (json: { identifier: string; password: string }, address = uniqueAddress()) =>
  api.client({ address }).login.$post({ json });
/** Bodies with fields missing: sent raw, as the typed client would not send them. */
const loginRaw = (body: unknown) => api.request("POST", "/api/login", { body, address: uniqueAddress() });

describe("log-in", () => {
  it("signs in by username or e-mail, in any case, with a new session token each time", async () => {
    const person = await signedIn(api);
    const byName = await login({ identifier: person.username.toUpperCase(), password: person.password });
    const byEmail = await login({ identifier: ` ${person.email.toUpperCase()} `, password: person.password });
    expect(byName.status).toBe(200);
    expect(await byName.json()).toEqual({ userId: person.userId, username: person.username, isNewUser: true });
    expect(byEmail.status).toBe(200);
    const [first, second] = [sessionCookie(byName), sessionCookie(byEmail)];
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(first).not.toBe(second);
    expect(first).not.toBe(person.cookie);
  });

  it("answers 401 'Invalid username or password.' for a wrong password or an unknown account", async () => {
    const person = await signedIn(api);
    for (const body of [
      { identifier: person.username, password: "wrong password" },
      { identifier: "nobody-here", password: person.password },
    ]) {
      const response = await login(body);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: "Invalid username or password.", code: "invalid_credentials" });
      expect(sessionCookie(response)).toBeUndefined();
    }
  });

  it("answers 400 'username/email or password missing' when either is missing", async () => {
    for (const body of [{ identifier: "someone" }, { password: "x" }, { identifier: " ", password: "x" }, {}]) {
      const response = await loginRaw(body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "username/email or password missing", code: "invalid_input" });
    }
  });

  it("answers 403 'verify your email' with userId and email for an unverified account", async () => {
    const person = newPerson();
    const { userId } = await (await api.client({ address: uniqueAddress() }).signup.$post({ json: person })).json();
    const response = await login({ identifier: person.username, password: person.password });
    expect(response.status).toBe(403);
    const body = await errorOf(response);
    expect(body.error.toLowerCase()).toContain("verify your email");
    expect(body.code).toBe("email_unverified");
    expect(body).toMatchObject({ userId, email: person.email });
    expect(sessionCookie(response)).toBeUndefined();
  });

  it("limits failed attempts per identifier, even from many addresses, then refuses the right password too", async () => {
    const person = await signedIn(api);
    for (let i = 0; i < 10; i++) {
      expect((await login({ identifier: person.username, password: `wrong ${i}` })).status).toBe(401);
    }
    const blocked = await login({ identifier: person.email, password: person.password });
    expect(blocked.status).toBe(429);
    expect((await errorOf(blocked)).error).toMatch(/^Too many login attempts\. Try again in \d+ minutes?\.$/);
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("limits attempts per client address across identifiers", async () => {
    const address = uniqueAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++)
      statuses.push((await login({ identifier: `someone${i}`, password: "whatever1" }, address)).status);
    expect(statuses.slice(0, 50).every((s) => s === 401)).toBe(true);
    expect(statuses[50]).toBe(429);
    // Another address is unaffected.
    expect((await login({ identifier: "someone", password: "whatever1" })).status).toBe(401);
  }, 240_000); // 51 scrypt hashes: slow by design, slower still on a loaded machine

  it("tells the signed-in state through check_auth", async () => {
    const anonymous = await api.client().check_auth.$get();
    expect(await anonymous.json()).toEqual({ isAuthenticated: false });
    const person = await signedIn(api);
    const me = await api.client({ cookie: person.cookie }).check_auth.$get();
    expect(await me.json()).toEqual({
      isAuthenticated: true,
      userId: person.userId,
      username: person.username,
      email: person.email,
      isVerified: true,
      plan: "free",
      isNewUser: true,
    });
    const username = await api.client().users.username[":id"].$get({ param: { id: person.userId } });
    expect(await username.json()).toEqual({ username: person.username });
    expect((await api.client().users.username[":id"].$get({ param: { id: "no-such-user" } })).status).toBe(404);
  });
});
