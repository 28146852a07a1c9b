import { ScanCommand } from "@aws-sdk/client-dynamodb";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RESET_TTL_SECONDS } from "@graph/core/modules/auth";
import { dynamo, tableName } from "@graph/core/adapters/dynamo";
import { signedIn, travel, uniqueAddress, useTestApi } from "../support/runtime.ts";

const api = useTestApi();
afterEach(() => vi.useRealTimers());

const requestReset = (email: string, address = uniqueAddress()) =>
  api.client({ address }).password.request_password_reset.$post({ json: { email } });
const reset = (token: string, newPassword: string) =>
  api.client().password.reset_password.$post({ json: { token, newPassword } });
const login = (identifier: string, password: string) => api.client().login.$post({ json: { identifier, password } });

async function resetToken(email: string) {
  await requestReset(email);
  const [mail] = await api.mailTo(email);
  const link = /(http\S+\/reset-password\?token=\S+)/.exec(mail?.text ?? "")?.[1];
  if (!link) throw new Error("no reset link");
  return { link, token: decodeURIComponent(new URL(link).searchParams.get("token")!) };
}

describe("password reset", () => {
  it("answers identically whether or not the account exists, and mails only a real account", async () => {
    const person = await signedIn(api);
    const known = await requestReset(person.email);
    const unknown = await requestReset("nobody-at-all@example.com");
    expect(known.status).toBe(unknown.status);
    expect(await known.text()).toBe(await unknown.text());
    expect(headerNames(known)).toEqual(headerNames(unknown));
    expect(await api.mailTo(person.email)).toHaveLength(2); // the code and the reset link
    expect(await api.mailTo("nobody-at-all@example.com")).toHaveLength(0);
  });

  it("mails a link to /reset-password?token= on the site; the token is stored only hashed", async () => {
    const person = await signedIn(api);
    const { link, token } = await resetToken(person.email);
    expect(link.startsWith("http://graph.test/reset-password?token=")).toBe(true);
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
    const { Items = [] } = await dynamo().send(new ScanCommand({ TableName: tableName() }));
    expect(JSON.stringify(Items)).not.toContain(token);
  });

  it("sets the new password, ends every session, and works only once", async () => {
    const person = await signedIn(api);
    const other = await login(person.email, person.password);
    const otherCookie = other.headers.get("set-cookie")!.split(";")[0]!;
    const { token } = await resetToken(person.email);

    const done = await reset(token, "a brand new passphrase");
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ ok: true });

    for (const cookie of [person.cookie, otherCookie]) {
      const me = await (await api.client({ cookie }).check_auth.$get()).json();
      expect(me.isAuthenticated).toBe(false);
    }
    const oldPassword = await login(person.email, person.password);
    expect(oldPassword.status).toBe(401);
    const newPassword = await login(person.email, "a brand new passphrase");
    expect(newPassword.status).toBe(200);

    const reuse = await reset(token, "yet another passphrase");
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toEqual({
      error: "This reset link is invalid or has expired.",
      code: "reset_link_invalid",
    });
  });

  it("refuses a token after an hour", async () => {
    const person = await signedIn(api);
    const { token } = await resetToken(person.email);
    travel((RESET_TTL_SECONDS + 60) * 1000);
    const response = await reset(token, "a brand new passphrase");
    expect(response.status).toBe(400);
    vi.useRealTimers();
    expect((await login(person.email, person.password)).status).toBe(200);
  });

  it("refuses a made-up token and a weak password without changing anything", async () => {
    const person = await signedIn(api);
    expect((await reset("made-up-token", "a brand new passphrase")).status).toBe(400);
    const { token } = await resetToken(person.email);
    const weak = await reset(token, "short");
    expect(weak.status).toBe(400);
    expect(await weak.json()).toEqual({ error: "Password must be at least 8 characters.", code: "invalid_input" });
    // The weak attempt did not use up the link.
    expect((await reset(token, "a brand new passphrase")).status).toBe(200);
  });
});

function headerNames(response: { headers: Headers }) {
  const names: string[] = [];
  response.headers.forEach((_value, name) => names.push(name));
  return names.sort();
}
