import { createHash, randomBytes } from "node:crypto";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { useTestApi } from "../support/runtime.ts";

const api = useTestApi();
const base = () => `${api.runtime.url}/_google`;
const REDIRECT = "http://graph.test/login/google/callback";
const CLIENT_ID = process.env.SST_RESOURCE_GoogleClientId && JSON.parse(process.env.SST_RESOURCE_GoogleClientId).value;
const CLIENT_SECRET =
  process.env.SST_RESOURCE_GoogleClientSecret && JSON.parse(process.env.SST_RESOURCE_GoogleClientSecret).value;

/** Plays graph's side of a sign-in against the stand-in: answers a code and the verifier it was asked with. */
async function grant(options: { email?: string; nonce?: string } = {}) {
  const verifier = randomBytes(32).toString("base64url");
  const form = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT,
    response_type: "code",
    state: "s1",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    nonce: options.nonce ?? "n1",
    scope: "openid email profile",
    email: options.email ?? "someone@example.com",
    name: "Some One",
    email_verified: "on",
  });
  const back = await fetch(`${base()}/authorize`, { method: "POST", body: form, redirect: "manual" });
  expect(back.status).toBe(303);
  const location = new URL(back.headers.get("location")!);
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
  expect(location.searchParams.get("state")).toBe("s1");
  return { code: location.searchParams.get("code")!, verifier };
}

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

function token(fields: Record<string, string>, auth = basic(CLIENT_ID, CLIENT_SECRET)) {
  return fetch(`${base()}/token`, {
    method: "POST",
    headers: { authorization: auth },
    body: new URLSearchParams({ grant_type: "authorization_code", redirect_uri: REDIRECT, ...fields }),
  });
}

describe("the Google stand-in", () => {
  it("publishes a discovery document pointing at its own endpoints", async () => {
    const doc = (await (await fetch(`${base()}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(doc).toMatchObject({
      issuer: base(),
      authorization_endpoint: `${base()}/authorize`,
      token_endpoint: `${base()}/token`,
      jwks_uri: `${base()}/jwks`,
      code_challenge_methods_supported: ["S256"],
    });
  });

  it("issues an RS256 ID token for the chosen identity, with the nonce, verifiable with its JWKS; the code works once", async () => {
    const { code, verifier } = await grant({ email: "Chosen@Example.com", nonce: "the-nonce" });
    const answer = await token({ code, code_verifier: verifier });
    expect(answer.status).toBe(200);
    const { id_token } = (await answer.json()) as { id_token: string };
    const { payload, protectedHeader } = await jwtVerify(id_token, createRemoteJWKSet(new URL(`${base()}/jwks`)), {
      issuer: base(),
      audience: CLIENT_ID,
    });
    expect(protectedHeader.alg).toBe("RS256");
    expect(payload).toMatchObject({ email: "chosen@example.com", email_verified: true, nonce: "the-nonce" });
    expect(payload.sub).toMatch(/^\d{21}$/);

    const again = await token({ code, code_verifier: verifier });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("refuses a wrong client secret, a wrong verifier and a wrong redirect URI", async () => {
    const first = await grant();
    expect((await token({ code: first.code, code_verifier: first.verifier }, basic(CLIENT_ID, "wrong"))).status).toBe(
      401,
    );
    const second = await grant();
    const badVerifier = await token({ code: second.code, code_verifier: randomBytes(32).toString("base64url") });
    expect(badVerifier.status).toBe(400);
    expect(await badVerifier.json()).toMatchObject({ error: "invalid_grant" });
    const third = await grant();
    const badRedirect = await token({
      code: third.code,
      code_verifier: third.verifier,
      redirect_uri: "http://evil.test/cb",
    });
    expect(badRedirect.status).toBe(400);
  });

  it("shows an error, and never redirects, for an unregistered redirect URI or a missing PKCE challenge", async () => {
    const query = new URLSearchParams({
      client_id: CLIENT_ID,
      redirect_uri: "http://evil.test/cb",
      response_type: "code",
      state: "s",
      code_challenge: "x".repeat(43),
      code_challenge_method: "S256",
      scope: "openid",
    });
    const evil = await fetch(`${base()}/authorize?${query}`, { redirect: "manual" });
    expect(evil.status).toBe(400);
    expect(await evil.text()).toContain("redirect_uri_mismatch");
    query.set("redirect_uri", REDIRECT);
    query.delete("code_challenge");
    expect((await fetch(`${base()}/authorize?${query}`, { redirect: "manual" })).status).toBe(400);
  });

  it("sends a cancelled sign-in back with access_denied", async () => {
    const form = new URLSearchParams({
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT,
      response_type: "code",
      state: "s2",
      code_challenge: "x".repeat(43),
      code_challenge_method: "S256",
      scope: "openid",
      cancel: "1",
    });
    const back = await fetch(`${base()}/authorize`, { method: "POST", body: form, redirect: "manual" });
    const location = new URL(back.headers.get("location")!);
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("state")).toBe("s2");
    expect(location.searchParams.has("code")).toBe(false);
  });
});
