import { Resource } from "sst";
import { describe, expect, it } from "vitest";
import { isReservedPath } from "@graph/core/modules/users/rules";
import { DEMO_FEEDS_PREFIX } from "@graph/local/demo/index";
import { UserEntity } from "../../packages/core/src/modules/users/user.entity.ts";
import { postCallback, throughGoogle } from "../support/google.ts";
import { codeFrom, errorOf, newPerson, signedIn, uniqueAddress, useTestApi } from "../support/runtime.ts";

const api = useTestApi();
const signup = (json: { username: string; email: string; password: string }, address = uniqueAddress()) =>
  api.client({ address }).signup.$post({ json });
/** Bodies with fields missing: sent raw, as the typed client would not send them. */
const signupRaw = (body: unknown) => api.request("POST", "/api/signup", { body, address: uniqueAddress() });

describe("sign-up", () => {
  it("creates an unverified account and e-mails a 6-digit code", async () => {
    const person = newPerson();
    const response = await signup({ ...person, email: `  ${person.email.toUpperCase()} ` });
    expect(response.status).toBe(201);
    const { userId } = await response.json();
    const { data: user } = await UserEntity.get({ userId }).go();
    expect(user).toMatchObject({ username: person.username, email: person.email, isVerified: false, plan: "free" });
    const [mail] = await api.mailTo(person.email);
    expect(codeFrom(mail)).toMatch(/^\d{6}$/);
  });

  // How the password is stored at production's cost: production-costs.test.ts.

  it.each([
    [{ email: "a@example.com", password: "a long passphrase" }, "Username, email or password missing"],
    [{ username: "someone", password: "a long passphrase" }, "Username, email or password missing"],
    [{ username: "someone", email: "a@example.com", password: "   " }, "Username, email or password missing"],
    [{ username: "someone", email: "not-an-email", password: "a long passphrase" }, "Invalid email"],
    [
      { username: "ab", email: "a@example.com", password: "a long passphrase" },
      "Username must be at least 3 characters.",
    ],
    [{ username: "home", email: "a@example.com", password: "a long passphrase" }, "That username is reserved."],
    [
      { username: "no spaces", email: "a@example.com", password: "a long passphrase" },
      "Username may only contain letters, numbers, _ and -.",
    ],
    [{ username: "someone", email: "a@example.com", password: "short" }, "Password must be at least 8 characters."],
  ])("refuses %j with %s and creates nothing", async (body, message) => {
    const response = await signupRaw(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: message, code: "invalid_input" });
    expect(await api.mailTo("a@example.com")).toEqual([]);
  });

  it("answers 409 with 'unique constraint' for a taken e-mail or username, whatever the case", async () => {
    const person = newPerson();
    expect((await signup(person)).status).toBe(201);
    const sameEmail = await signup({ ...newPerson(), email: person.email.toUpperCase() });
    const sameName = await signup({ ...newPerson(), username: person.username.toUpperCase() });
    for (const response of [sameEmail, sameName]) {
      expect(response.status).toBe(409);
      const body = await errorOf(response);
      expect(body.error).toContain("unique constraint");
      expect(body.code).toBe("username_taken");
    }
  });

  it("creates exactly one account when 100 sign-ups race for one e-mail", async () => {
    const email = `race${Date.now()}@example.com`;
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        signup({ username: `racer${i}x${Date.now() % 10000}`, email, password: "a long passphrase" }),
      ),
    );
    // The route's type names only its success (201); refusals are thrown, so widen to any status.
    const statuses: number[] = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    const winner = responses.find((r) => r.status === 201)!;
    const { userId } = await winner.json();
    const { data: users } = await UserEntity.scan.where((attr, op) => op.eq(attr.email, email)).go({ pages: "all" });
    expect(users.map((u) => u.userId)).toEqual([userId]);
    expect(await api.mailTo(email)).toHaveLength(1);
  }, 240_000); // up to 100 scrypt hashes race on two cores

  it("limits sign-ups per client address", async () => {
    const address = uniqueAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await signup({ ...newPerson(), password: "" }, address)).status);
    // Invalid bodies are refused before counting; valid ones count.
    expect(statuses.every((s) => s === 400)).toBe(true);
    const valid: number[] = [];
    for (let i = 0; i < 11; i++) valid.push((await signup(newPerson(), address)).status);
    expect(valid.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(valid[10]).toBe(429);
  });
});

describe("reserved names", () => {
  const firstSegment = (path: string) => path.replace(/^\/+/, "").split("/")[0]!;

  it("reserves the first segment of every path the local runtime serves beside the web app", () => {
    const served = new Set(api.runtime.root.routes.map((route) => firstSegment(route.path)));
    // The socket is served on the HTTP server's upgrade, the demo feeds only when they are on.
    served.add(firstSegment(new URL(Resource.Realtime.url).pathname));
    served.add(firstSegment(DEMO_FEEDS_PREFIX));
    // `/*` is the web app, whose own paths web/src/app/reserved.test.ts checks.
    served.delete("*");
    expect([...served]).toEqual(
      expect.arrayContaining(["api", "ws", "media", "dev", "_aws", "_google", "@connections"]),
    );
    expect([...served].filter((segment) => !isReservedPath(segment))).toEqual([]);
  });

  it.each(["unsubscribe", "media", "Demo", "_aws", "assets"])(
    "refuses %s at sign-up, as a new name and as Google sign-in's choice",
    async (name) => {
      const refused = await signupRaw({ username: name, email: `${name}@example.com`, password: "a long passphrase" });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: "That username is reserved.", code: "invalid_input" });

      const person = await signedIn(api);
      const rename = await api.request("PUT", "/api/users/username", {
        body: { username: name },
        cookie: person.cookie,
      });
      expect(rename.status).toBe(400);
      expect(await errorOf(rename)).toEqual({ error: "That username is reserved.", code: "invalid_input" });
      const { data: user } = await UserEntity.get({ userId: person.userId }).go();
      expect(user?.username).toBe(person.username);

      // A Google account whose e-mail's name is the word gets a name that is not.
      const google = await postCallback(
        api,
        await throughGoogle(api, { email: `${name}+${newPerson().username}@mail.example` }),
      );
      expect(google.status).toBe(200);
      const { username } = await google.json();
      expect(username.toLowerCase().startsWith(name.toLowerCase())).toBe(true);
      expect(isReservedPath(username)).toBe(false);
    },
  );
});
