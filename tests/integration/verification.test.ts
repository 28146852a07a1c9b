import { afterEach, describe, expect, it, vi } from "vitest";
import { CODE_TTL_SECONDS } from "@graph/core/modules/auth";
import { codeFrom, errorOf, newPerson, sessionCookie, travel, uniqueAddress, useTestApi } from "../support/runtime.ts";

const api = useTestApi();
afterEach(() => vi.useRealTimers());

async function pendingAccount() {
  const person = newPerson();
  const response = await api.client({ address: uniqueAddress() }).signup.$post({ json: person });
  const { userId } = await response.json();
  const [mail] = await api.mailTo(person.email);
  return { ...person, userId, code: codeFrom(mail) };
}
const verify = (userId: string, code: string) => api.client().verify_account.$post({ json: { userId, code } });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("e-mail verification", () => {
  it("verifies with the mailed code, signs in, and sends a new person to onboarding", async () => {
    const person = await pendingAccount();
    const response = await verify(person.userId, person.code);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ alreadyVerified: false, userId: person.userId });
    const cookie = sessionCookie(response)!;
    const me = await (await api.client({ cookie }).check_auth.$get()).json();
    expect(me).toMatchObject({ isAuthenticated: true, isVerified: true, isNewUser: true });
    const login = await api.client().login.$post({ json: { identifier: person.email, password: person.password } });
    expect(login.status).toBe(200);
  });

  it("is single use, also when the same code is sent twice at once", async () => {
    const person = await pendingAccount();
    const answers = await Promise.all([verify(person.userId, person.code), verify(person.userId, person.code)]);
    const sessions = answers.map(sessionCookie).filter(Boolean);
    expect(sessions).toHaveLength(1);
    const again = await verify(person.userId, person.code);
    expect(await again.json()).toEqual({ alreadyVerified: true });
    expect(sessionCookie(again)).toBeUndefined();
  });

  it("counts wrong codes and locks after 5, refusing even the right code until a new one is sent", async () => {
    const person = await pendingAccount();
    for (let i = 4; i >= 1; i--) {
      const response = await verify(person.userId, wrong(person.code));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: `That code is not right. ${i} ${i === 1 ? "try" : "tries"} left.`,
        code: "code_wrong",
      });
    }
    const fifth = await verify(person.userId, wrong(person.code));
    expect(fifth.status).toBe(429);
    const right = await verify(person.userId, person.code);
    expect(right.status).toBe(429);
    expect(await right.json()).toMatchObject({
      error: "Too many wrong codes. Request a new code.",
      code: "code_locked",
    });

    await api.client({ address: uniqueAddress() })["verify-email-resend"].$post({ json: { email: person.email } });
    const [latest] = await api.mailTo(person.email);
    const code = codeFrom(latest);
    expect((await verify(person.userId, code)).status).toBe(200);
  });

  it("expires codes after 10 minutes", async () => {
    const person = await pendingAccount();
    travel((CODE_TTL_SECONDS + 1) * 1000);
    const response = await verify(person.userId, person.code);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "This code has expired. Request a new code.",
      code: "code_expired",
    });
  });

  it("refuses malformed codes without counting them", async () => {
    const person = await pendingAccount();
    for (const code of ["12345", "1234567", "abcdef", ""]) {
      const response = await verify(person.userId, code);
      expect(response.status).toBe(400);
    }
    expect((await verify(person.userId, person.code)).status).toBe(200);
  });

  it("resend replaces the code, answers the same for unknown addresses, and is rate-limited", async () => {
    const person = await pendingAccount();
    const address = uniqueAddress();
    const resend = (email: string) => api.client({ address })["verify-email-resend"].$post({ json: { email } });
    const first = await resend(person.email);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true });
    const mails = await api.mailTo(person.email);
    expect(mails).toHaveLength(2);
    const [newest] = mails;
    // The old code stopped working when the new one was sent.
    if (codeFrom(newest) !== person.code) expect((await verify(person.userId, person.code)).status).toBe(400);

    const stranger = api.client({ address: uniqueAddress() });
    const unknown = await stranger["verify-email-resend"].$post({ json: { email: "nobody@example.com" } });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({ ok: true });

    expect((await resend(person.email)).status).toBe(200);
    expect((await resend(person.email)).status).toBe(200);
    const limited = await resend(person.email);
    expect(limited.status).toBe(429);
    expect((await errorOf(limited)).error).toMatch(/Try again in/);
    expect(await api.mailTo(person.email)).toHaveLength(4);
  });
});
