import { createHash, randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as Provider from "../../packages/core/src/adapters/google/index.ts";
import { travel, useTestApi } from "../support/runtime.ts";

const api = useTestApi();

afterEach(() => {
  vi.useRealTimers();
});

/** An ID token from the stand-in for `nonce`, obtained the way graph obtains one (code + PKCE verifier). */
async function idTokenFor(nonce: string, email = "token-check@example.com"): Promise<string> {
  const s = Provider.settings();
  const verifier = randomBytes(32).toString("base64url");
  const form = new URLSearchParams({
    client_id: s.clientId,
    redirect_uri: s.redirectUri,
    response_type: "code",
    state: "state",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    nonce,
    scope: "openid email profile",
    email,
    email_verified: "on",
  });
  const back = await fetch(`${api.runtime.url}/_google/authorize`, { method: "POST", body: form, redirect: "manual" });
  const code = new URL(back.headers.get("location")!).searchParams.get("code")!;
  return Provider.exchangeCode(s, code, verifier);
}

describe("the ID token check", () => {
  it("accepts the provider's token for this client and this sign-in's nonce", async () => {
    const identity = await Provider.verifyIdToken(Provider.settings(), await idTokenFor("n-ok"), "n-ok");
    expect(identity).toMatchObject({ email: "token-check@example.com", emailVerified: true });
    expect(identity.subject).toMatch(/^\d+$/);
  });

  it("refuses another sign-in's nonce", async () => {
    const token = await idTokenFor("n-one");
    await expect(Provider.verifyIdToken(Provider.settings(), token, "n-two")).rejects.toThrow();
  });

  it("refuses a token for another client (audience)", async () => {
    const token = await idTokenFor("n-aud");
    await expect(
      Provider.verifyIdToken({ ...Provider.settings(), clientId: "someone-else" }, token, "n-aud"),
    ).rejects.toThrow();
  });

  it("refuses a token from another issuer", async () => {
    const token = await idTokenFor("n-iss");
    await expect(
      Provider.verifyIdToken({ ...Provider.settings(), issuer: "https://issuer.example" }, token, "n-iss"),
    ).rejects.toThrow();
  });

  it("refuses a token whose claims were changed after signing", async () => {
    const [header, payload, signature] = (await idTokenFor("n-sig")).split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, email: "victim@example.com" })).toString("base64url");
    await expect(
      Provider.verifyIdToken(Provider.settings(), `${header}.${forged}.${signature}`, "n-sig"),
    ).rejects.toThrow();
  });

  it("refuses an unsigned token", async () => {
    const [, payload] = (await idTokenFor("n-none")).split(".");
    const none = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
    await expect(Provider.verifyIdToken(Provider.settings(), `${none}.${payload}.`, "n-none")).rejects.toThrow();
  });

  it("refuses an expired token", async () => {
    const token = await idTokenFor("n-exp");
    travel(2 * 60 * 60 * 1000);
    await expect(Provider.verifyIdToken(Provider.settings(), token, "n-exp")).rejects.toThrow();
  });
});
