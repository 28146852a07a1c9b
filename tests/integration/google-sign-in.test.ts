import { describe, expect, it } from "vitest";
import { GOOGLE_MESSAGES } from "@graph/core/modules/google";
import { postCallback, throughGoogle } from "../support/google.ts";
import { errorOf, newPerson, sessionCookie, signedIn, uniqueAddress, useTestApi } from "../support/runtime.ts";

const api = useTestApi();

describe("Google sign-in", () => {
  it("says it is configured: the stand-in stands in for Google", async () => {
    expect(await (await api.client().config.$get()).json()).toEqual({ googleSignIn: true });
  });

  it("sends the browser to the provider with state, PKCE and a nonce, keeping the state in an httpOnly cookie", async () => {
    const start = await api.request("GET", "/api/login/google");
    expect(start.status).toBe(302);
    const to = new URL(start.headers.get("location")!);
    expect(to.href.startsWith(`${api.runtime.url}/_google/authorize`)).toBe(true);
    expect(to.searchParams.get("response_type")).toBe("code");
    expect(to.searchParams.get("redirect_uri")).toBe("http://graph.test/login/google/callback");
    expect(to.searchParams.get("code_challenge_method")).toBe("S256");
    expect(to.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(to.searchParams.get("nonce")).toBeTruthy();
    expect(to.searchParams.get("scope")).toBe("openid email profile");
    const cookie = start.headers.get("set-cookie")!;
    expect(cookie).toContain(`graph_google_state=${to.searchParams.get("state")}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\/api\/login\/google/);
  });

  it("makes a new person an account, verified and signed in, with a username from the e-mail", async () => {
    const person = newPerson("gnew");
    const answer = await postCallback(api, await throughGoogle(api, { email: person.email, name: "New Person" }));
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body.isNewUser).toBe(true);
    expect(body.username).toBe(person.username);
    const cookie = sessionCookie(answer)!;
    const auth = await (await api.client({ cookie }).check_auth.$get()).json();
    expect(auth).toMatchObject({ isAuthenticated: true, email: person.email, isVerified: true, isNewUser: true });
    // A Google-only account has no password: log-in with any password fails.
    const login = await api.client({ address: uniqueAddress() }).login.$post({
      json: { identifier: person.email, password: "" + "any password at all" },
    });
    expect(login.status).toBe(401);
  });

  it("derives a different username when the e-mail's name is taken", async () => {
    const owner = await signedIn(api, newPerson("gtaken"));
    const email = `${owner.username}@elsewhere.example`;
    const answer = await postCallback(api, await throughGoogle(api, { email }));
    expect(answer.status).toBe(200);
    const { username } = await answer.json();
    expect(username).not.toBe(owner.username);
    expect(username.startsWith(`${owner.username}`.slice(0, 10))).toBe(true);
  });

  it("signs a returning person in to the same account", async () => {
    const email = newPerson("gback").email;
    const first = await (await postCallback(api, await throughGoogle(api, { email }))).json();
    const again = await postCallback(api, await throughGoogle(api, { email }));
    expect(again.status).toBe(200);
    const body = await again.json();
    expect(body.userId).toBe(first.userId);
    expect(sessionCookie(again)).toBeTruthy();
  });

  it("makes one account when the same new person comes back from Google in thirty tabs at once", async () => {
    const email = newPerson("gpar").email;
    const returns = await Promise.all(Array.from({ length: 30 }, () => throughGoogle(api, { email })));
    const answers = await Promise.all(returns.map((back) => postCallback(api, back, { address: uniqueAddress() })));
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    const ids = new Set(await Promise.all(answers.map(async (a) => (await a.json()).userId)));
    expect(ids.size).toBe(1);
  });

  it("refuses a state that is not the one this browser started with", async () => {
    const back = await throughGoogle(api, { email: newPerson("gstate").email });
    const other = await throughGoogle(api, { email: newPerson("gstate").email });
    // The other browser's state with this browser's cookie.
    const answer = await postCallback(api, back, { state: other.state });
    expect(answer.status).toBe(400);
    expect(await errorOf(answer)).toMatchObject({ error: GOOGLE_MESSAGES.failed, code: "google_failed" });
    expect(sessionCookie(answer)).toBeUndefined();
    // Without the cookie at all.
    const bare = await api.client().login.google.callback.$post({ json: { code: other.code, state: other.state } });
    expect(bare.status).toBe(400);
    expect((await errorOf(bare)).error).toBe(GOOGLE_MESSAGES.failed);
  });

  it("refuses a replayed code and a replayed state", async () => {
    const back = await throughGoogle(api, { email: newPerson("greplay").email });
    expect((await postCallback(api, back)).status).toBe(200);
    const replay = await postCallback(api, back);
    expect(replay.status).toBe(400);
    expect(await errorOf(replay)).toMatchObject({ error: GOOGLE_MESSAGES.failed, code: "google_failed" });
    expect(sessionCookie(replay)).toBeUndefined();
  });

  it("refuses a code replayed under a fresh state (the provider spends each code once)", async () => {
    const email = newPerson("gcode").email;
    const first = await throughGoogle(api, { email });
    expect((await postCallback(api, first)).status).toBe(200);
    const fresh = await throughGoogle(api, { email });
    const answer = await postCallback(api, { ...fresh, code: first.code });
    expect(answer.status).toBe(400);
    expect((await errorOf(answer)).error).toBe(GOOGLE_MESSAGES.failed);
  });

  it("refuses malformed callbacks with a clear 400", async () => {
    const missing = await api.request("POST", "/api/login/google/callback", { body: { state: "x" } });
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).error).toBe(GOOGLE_MESSAGES.failed);
    const notJson = await api.request("POST", "/api/login/google/callback", {
      rawBody: "code=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(notJson.status).toBe(415);
  });

  it("never creates an account for, nor matches, an e-mail Google has not verified", async () => {
    const stranger = newPerson("gunver").email;
    const fresh = await postCallback(api, await throughGoogle(api, { email: stranger, emailVerified: false }));
    expect(fresh.status).toBe(403);
    expect(await errorOf(fresh)).toMatchObject({
      error: GOOGLE_MESSAGES.emailUnverified,
      code: "google_email_unverified",
    });
    // The e-mail stays free for its owner.
    const signup = await api.client({ address: uniqueAddress() }).signup.$post({
      json: { ...newPerson("gunver"), email: stranger },
    });
    expect(signup.status).toBe(201);

    const owner = await signedIn(api, newPerson("gowner"));
    const matched = await postCallback(api, await throughGoogle(api, { email: owner.email, emailVerified: false }));
    expect(matched.status).toBe(403);
    const body = await errorOf(matched);
    expect(body.code).toBe("google_email_unverified");
    expect(body).not.toHaveProperty("linkingToken");
    expect(sessionCookie(matched)).toBeUndefined();
    const provider = await (await api.client({ cookie: owner.cookie }).users.auth_provider.$get()).json();
    expect(provider).toEqual({ auth_provider: "email", provider: "password" });
  });
});
