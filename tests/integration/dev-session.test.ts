import { describe, expect, it } from "vitest";
import { newPerson, useTestApi } from "../support/runtime.ts";

const api = useTestApi();

/** The node bindings `@hono/node-server` hands the root app, for a socket from `remote`. */
const from = (remote: string) => ({
  incoming: {
    socket: {
      remoteAddress: remote,
      remotePort: 40000,
      remoteFamily: remote.includes(":") ? "IPv6" : "IPv4",
      localAddress: "0.0.0.0",
    },
  },
  outgoing: {},
});

interface Session {
  userId: string;
  username: string;
  email: string;
  password: string;
  cookie: { name: string; value: string };
}

const askForSession = (remote: string, body?: unknown) =>
  api.runtime.root.request(
    "http://graph.test/api/dev/session",
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    from(remote),
  );

describe("the dev route that hands a test a signed-in session", () => {
  it("is not there for a caller on the network, and makes no account for them", async () => {
    const person = newPerson("remote");
    for (const remote of ["192.0.2.44", "::ffff:10.1.2.3"]) {
      const response = await askForSession(remote, person);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "Not found." });
    }
    expect(await api.mailTo(person.email)).toEqual([]);
    // The name is still free: the network's caller made nothing.
    const signup = await api.client().signup.$post({ json: person });
    expect(signup.status).toBe(201);
  });

  it("signs a new person up and verifies them as the sign-up form does, and answers a working session", async () => {
    const response = await askForSession("127.0.0.1");
    expect(response.status).toBe(201);
    const session = (await response.json()) as Session;
    expect(session.cookie.name).toBe("graph_session");

    // The verification code went out by mail, as it does for anyone signing up.
    const mails = await api.mailTo(session.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/\b\d{6}\b/);

    const cookie = `${session.cookie.name}=${session.cookie.value}`;
    const auth = await (await api.client({ cookie }).check_auth.$get()).json();
    expect(auth).toMatchObject({
      isAuthenticated: true,
      userId: session.userId,
      username: session.username,
      email: session.email,
      isVerified: true,
    });
    // A real account: the password signs in too.
    const login = await api
      .client()
      .login.$post({ json: { identifier: session.username, password: session.password } });
    expect(login.status).toBe(200);
  });

  it("takes the username, e-mail and password asked for, over IPv6 loopback too", async () => {
    const person = newPerson("chosen");
    const response = await askForSession("::1", person);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      username: person.username,
      email: person.email,
      password: person.password,
    });
    const login = await api.client().login.$post({ json: { identifier: person.email, password: person.password } });
    expect(login.status).toBe(200);
  });

  it("refuses a taken name as sign-up does, and a body the sign-up form would refuse", async () => {
    const person = newPerson("taken");
    expect((await askForSession("127.0.0.1", person)).status).toBe(201);
    const again = await askForSession("127.0.0.1", { username: person.username });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "username_taken" });

    for (const body of [{ password: "short" }, { email: "not-an-email" }, { role: "admin" }, ["a list"]]) {
      const refused = await askForSession("127.0.0.1", body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(await refused.json()).toMatchObject({ code: "invalid_input" });
    }
    const notJson = await api.runtime.root.request(
      "http://graph.test/api/dev/session",
      { method: "POST", body: "{not json" },
      from("127.0.0.1"),
    );
    expect(notJson.status).toBe(400);
  });
});
