import { describe, expect, it } from "vitest";
import { LIMITS } from "@graph/core/modules/auth";
import { signedIn, travel, uniqueAddress, useTestApi } from "../support/runtime.ts";

const api = useTestApi();

/** The device cookie (`graph_device=…`) a log-in or verification set. */
function deviceCookie(response: { headers: Headers }): string {
  const match = /graph_device=([^;]+)/.exec(response.headers.get("set-cookie") ?? "");
  if (!match) throw new Error("no device cookie");
  return `graph_device=${match[1]}`;
}

const login = (identifier: string, password: string, options: { cookie?: string; address?: string } = {}) =>
  api
    .client({ address: options.address ?? uniqueAddress(), cookie: options.cookie })
    .login.$post({ json: { identifier, password } });

describe("log-in lockout and known browsers", () => {
  it("keeps the owner's own browser signing in while a stranger's guessing locks out unknown browsers", async () => {
    const bob = await signedIn(api);
    // Bob's browser signed in before: it holds a device cookie for his account.
    const earlier = await login(bob.username, bob.password);
    expect(earlier.status).toBe(200);
    const bobsBrowser = deviceCookie(earlier);
    expect(earlier.headers.get("set-cookie")).toMatch(/graph_device=[^;]+;.*Path=\/api\/login/i);

    const stranger = uniqueAddress();
    for (let i = 0; i < 10; i++) {
      expect((await login(bob.username, `guess ${i}`, { address: stranger })).status).toBe(401);
    }
    // An unknown browser, even with the right password and another address, is refused...
    expect((await login(bob.username, bob.password)).status).toBe(429);
    // ...but Bob's own browser still signs in.
    const own = await login(bob.username, bob.password, { cookie: bobsBrowser });
    expect(own.status).toBe(200);
    expect(own.headers.get("set-cookie")).toContain("graph_session=");
  });

  it("limits guesses from a known browser too, and a used device cookie is replaced", async () => {
    const alice = await signedIn(api);
    const first = await login(alice.username, alice.password);
    const device = deviceCookie(first);
    const second = await login(alice.username, alice.password, { cookie: device });
    expect(second.status).toBe(200);
    const renewed = deviceCookie(second);
    expect(renewed).not.toBe(device);

    // A copied (old) cookie is now an unknown browser; the renewed one counts its own failures.
    for (let i = 0; i < 10; i++) {
      expect((await login(alice.username, `guess ${i}`, { cookie: renewed })).status).toBe(401);
    }
    // Past the device's limit it is treated as unknown: the account's own allowance is still whole.
    expect((await login(alice.username, alice.password, { cookie: renewed })).status).toBe(200);
  });

  it("does not let a device cookie of one account lift the lockout of another", async () => {
    const [carol, dave] = [await signedIn(api), await signedIn(api)];
    const carolsBrowser = deviceCookie(await login(carol.username, carol.password));
    for (let i = 0; i < 10; i++) expect((await login(dave.username, `guess ${i}`)).status).toBe(401);
    expect((await login(dave.username, dave.password, { cookie: carolsBrowser })).status).toBe(429);
  });

  it("counts parallel guesses before checking them, so 30 at once cannot pass the limit", async () => {
    const erin = await signedIn(api);
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(erin.username, `guess ${i}`).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  }, 240_000);

  it("keeps a lockout across a clock boundary, and lifts it once the guesses slide out of the window", async () => {
    const frank = await signedIn(api);
    const windowMs = LIMITS.loginFailuresPerIdentifier.windowSeconds * 1000;
    // Guess up to the limit two seconds before a window boundary...
    travel(windowMs - (Date.now() % windowMs) - 2_000);
    for (let i = 0; i < 10; i++) expect((await login(frank.username, `guess ${i}`)).status).toBe(401);
    // ...and just after it the account is still locked (a fixed window would have reset here).
    travel(4_000);
    const locked = await login(frank.username, frank.password);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(60);
    // Once the guesses have slid out of the window the right password works again.
    travel(windowMs);
    expect((await login(frank.username, frank.password)).status).toBe(200);
  });
});
