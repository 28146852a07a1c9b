import { afterEach, describe, expect, it, vi } from "vitest";
import * as Accounts from "@graph/core/workflows/account-deletion";
import { GOOGLE_MESSAGES, LINKING_TOKEN_TTL_SECONDS } from "@graph/core/modules/google";
import { postCallback, throughGoogle } from "../support/google.ts";
import {
  errorOf,
  newPerson,
  sessionCookie,
  signedIn,
  travel,
  uniqueAddress,
  useTestApi,
  type TestApi,
} from "../support/runtime.ts";
import { holding, scanTable } from "../support/table.ts";

const api = useTestApi();

afterEach(() => {
  vi.useRealTimers();
});

interface LinkOffer {
  message: string;
  email: string;
  linkingToken: string;
}

/** Signs in with Google as the owner of `email` (who has a password account): answers the 409's offer. */
async function offerFor(api: TestApi, email: string): Promise<LinkOffer> {
  const answer = await postCallback(api, await throughGoogle(api, { email }), { address: uniqueAddress() });
  expect(answer.status).toBe(409);
  expect(sessionCookie(answer)).toBeUndefined();
  return (await errorOf(answer)) as unknown as LinkOffer;
}

const link = (linkingToken: string, password: string) =>
  api.client({ address: uniqueAddress() }).login.google.link.$post({ json: { linkingToken, password } });

const providerOf = async (cookie: string) => (await api.client({ cookie }).users.auth_provider.$get()).json();

describe("linking Google to a password account", () => {
  it("answers 409 with the e-mail and a token, links with the right password, then signs in with Google directly", async () => {
    const owner = await signedIn(api, newPerson("glink"));
    const offer = await offerFor(api, owner.email);
    expect(offer).toMatchObject({
      message: GOOGLE_MESSAGES.linkRequired,
      email: owner.email,
      code: "google_link_required",
    });
    expect(offer.linkingToken).toMatch(/^[\w-]{40,}$/);

    const linked = await link(offer.linkingToken, owner.password);
    expect(linked.status).toBe(200);
    expect(await linked.json()).toMatchObject({ userId: owner.userId, username: owner.username, isNewUser: true });
    const cookie = sessionCookie(linked)!;
    expect(await providerOf(cookie)).toEqual({ auth_provider: "email", provider: "both" });

    // Next time Google signs straight in to the same account; the password still works too.
    const again = await postCallback(api, await throughGoogle(api, { email: owner.email }));
    expect(again.status).toBe(200);
    expect((await again.json()).userId).toBe(owner.userId);
    const login = await api
      .client({ address: uniqueAddress() })
      .login.$post({ json: { identifier: owner.email, password: owner.password } });
    expect(login.status).toBe(200);
  });

  it("refuses a wrong password and spends the token: nothing is linked", async () => {
    const owner = await signedIn(api, newPerson("gwrong"));
    const offer = await offerFor(api, owner.email);
    const wrong = await link(offer.linkingToken, "not the password");
    expect(wrong.status).toBe(403);
    expect(await errorOf(wrong)).toMatchObject({ error: "Wrong password.", code: "invalid_credentials" });
    expect(sessionCookie(wrong)).toBeUndefined();

    const retry = await link(offer.linkingToken, owner.password);
    expect(retry.status).toBe(400);
    expect(await errorOf(retry)).toMatchObject({
      error: GOOGLE_MESSAGES.linkingTokenInvalid,
      code: "linking_token_invalid",
    });
    expect(await providerOf(owner.cookie)).toEqual({ auth_provider: "email", provider: "password" });
    // Google still finds no link: it offers linking again.
    await offerFor(api, owner.email);
  });

  it("refuses a reused linking token, even thirty at once: exactly one links", async () => {
    const owner = await signedIn(api, newPerson("greuse"));
    const offer = await offerFor(api, owner.email);
    const answers = await Promise.all(Array.from({ length: 30 }, () => link(offer.linkingToken, owner.password)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(29);

    const reused = await link(offer.linkingToken, owner.password);
    expect(reused.status).toBe(400);
    expect((await errorOf(reused)).code).toBe("linking_token_invalid");
  });

  it("refuses an expired linking token", async () => {
    const owner = await signedIn(api, newPerson("gexpire"));
    const offer = await offerFor(api, owner.email);
    travel((LINKING_TOKEN_TTL_SECONDS + 1) * 1000);
    const late = await link(offer.linkingToken, owner.password);
    expect(late.status).toBe(400);
    expect(await errorOf(late)).toMatchObject({ error: GOOGLE_MESSAGES.linkingTokenInvalid });
    vi.useRealTimers();
    expect(await providerOf(owner.cookie)).toEqual({ auth_provider: "email", provider: "password" });
  });

  it("refuses a made-up token and a missing password with a clear 400", async () => {
    const madeUp = await link("x".repeat(43), "whatever password");
    expect(madeUp.status).toBe(400);
    expect((await errorOf(madeUp)).code).toBe("linking_token_invalid");
    const missing = await api.request("POST", "/api/login/google/link", { body: { linkingToken: "x" } });
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).error).toBe("Enter your existing password.");
  });

  it("offers no link for an account that never verified its e-mail: it is told to verify", async () => {
    const person = newPerson("gunv");
    expect((await api.client({ address: uniqueAddress() }).signup.$post({ json: person })).status).toBe(201);
    const answer = await postCallback(api, await throughGoogle(api, { email: person.email }));
    expect(answer.status).toBe(403);
    const body = await errorOf(answer);
    expect(body).toMatchObject({ code: "email_unverified", email: person.email });
    expect(body).not.toHaveProperty("linkingToken");
  });
});

describe("rate limits", () => {
  it("limits callbacks per network address like log-ins", async () => {
    const address = uniqueAddress();
    const answers = [];
    for (let i = 0; i < 51; i++)
      answers.push(
        await api.client({ address }).login.google.callback.$post({ json: { code: "made-up", state: "made-up" } }),
      );
    expect(answers.slice(0, 50).every((a) => a.status === 400)).toBe(true);
    expect(answers[50]!.status).toBe(429);
    expect(answers[50]!.headers.get("retry-after")).toBeTruthy();
  });
});

describe("the auth provider and deleting a Google account", () => {
  it("answers google for a Google-only account, which deletes by typing its username; the link is freed", async () => {
    const email = newPerson("gdel").email;
    const created = await postCallback(api, await throughGoogle(api, { email }));
    const { userId, username } = await created.json();
    const cookie = sessionCookie(created)!;
    expect(await providerOf(cookie)).toEqual({ auth_provider: "google", provider: "google" });

    const remove = (json: { username?: string; password?: string }) =>
      api.client({ cookie, address: uniqueAddress() }).users.delete.$post({ json });
    const missing = await remove({});
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).error).toBe(Accounts.ACCOUNT_MESSAGES.usernameRequired);
    const wrong = await remove({ username: "someone-else" });
    expect(wrong.status).toBe(403);
    expect((await errorOf(wrong)).error).toBe(Accounts.ACCOUNT_MESSAGES.usernameWrong);
    expect((await api.client({ cookie }).check_auth.$get()).status).toBe(200);
    expect(await providerOf(cookie)).toMatchObject({ provider: "google" });

    expect((await remove({ username: username.toUpperCase() })).status).toBe(200);
    await expect.poll(() => Accounts.deletionProgress(userId), { timeout: 30_000, interval: 100 }).toBeUndefined();

    // The Google account is free again: it signs up afresh as a new person.
    const fresh = await postCallback(api, await throughGoogle(api, { email }));
    expect(fresh.status).toBe(200);
    const body = await fresh.json();
    expect(body.isNewUser).toBe(true);
    expect(body.userId).not.toBe(userId);
  });

  it("frees the link when a linked password account is deleted", async () => {
    const owner = await signedIn(api, newPerson("gdl"));
    // An offer left unused, and the one that links.
    await offerFor(api, owner.email);
    const offer = await offerFor(api, owner.email);
    expect((await link(offer.linkingToken, owner.password)).status).toBe(200);
    const deleted = await api
      .client({ cookie: owner.cookie, address: uniqueAddress() })
      .users.delete.$post({ json: { password: owner.password } });
    expect(deleted.status).toBe(200);
    await expect
      .poll(() => Accounts.deletionProgress(owner.userId), { timeout: 30_000, interval: 100 })
      .toBeUndefined();
    // Nothing of the account is left: not the link, not the unused offer.
    expect(holding(await scanTable(), owner.userId)).toEqual([]);
    const fresh = await postCallback(api, await throughGoogle(api, { email: owner.email }));
    expect(fresh.status).toBe(200);
    expect((await fresh.json()).userId).not.toBe(owner.userId);
  });
});
