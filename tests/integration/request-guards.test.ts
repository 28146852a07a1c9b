import { describe, expect, it } from "vitest";
import { newPerson, signedIn, uniqueAddress, useTestApi } from "../support/runtime.ts";

const api = useTestApi();
const fromEvil = { headers: { origin: "https://evil.example" } };
const login = (identifier: string, password: string) => api.client().login.$post({ json: { identifier, password } });

describe("request guards", () => {
  it("refuses a state-changing request from another site's Origin and changes nothing", async () => {
    const person = newPerson();
    const response = await api.client({ address: uniqueAddress() }).signup.$post({ json: person }, fromEvil);
    expect(response.status).toBe(403);
    expect((await login(person.username, person.password)).status).toBe(401);
  });

  it("refuses a cross-site logout, keeping the session", async () => {
    const person = await signedIn(api);
    const response = await api.client({ cookie: person.cookie }).logout.$post(undefined, fromEvil);
    expect(response.status).toBe(403);
    const me = await (await api.client({ cookie: person.cookie }).check_auth.$get()).json();
    expect(me.isAuthenticated).toBe(true);
  });

  it("accepts the site's own origin", async () => {
    const response = await api
      .client()
      .login.$post(
        { json: { identifier: "nobody", password: "whatever1" } },
        { headers: { origin: "http://graph.test" } },
      );
    expect(response.status).toBe(401);
  });

  it("refuses a body that is not JSON (form posts, text) with 415 and changes nothing", async () => {
    const person = newPerson();
    const form = new URLSearchParams(person).toString();
    for (const type of ["application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x"]) {
      const response = await api.request("POST", "/api/signup", {
        rawBody: form,
        headers: { "content-type": type },
        address: uniqueAddress(),
      });
      expect(response.status).toBe(415);
    }
    expect((await login(person.username, person.password)).status).toBe(401);
  });

  it("answers malformed JSON with a 400", async () => {
    const response = await api.request("POST", "/api/login", {
      rawBody: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "The request body is not valid JSON.", code: "invalid_json" });
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const response = await api.request("GET", "/api/no/such/path");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Not found.", code: "not_found" });
  });

  it("offers Google sign-in (the local stand-in) and refuses a callback without its state with a clear 400", async () => {
    expect(await (await api.client().config.$get()).json()).toEqual({ googleSignIn: true });
    const response = await api.request("POST", "/api/login/google/callback", { body: { code: "x" } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Google sign-in failed. Please try again", code: "invalid_input" });
  });
});

describe("feedback", () => {
  it("needs a session", async () => {
    const response = await api.client().users.feedback.$post({ json: { feedback: "hello" } });
    expect(response.status).toBe(401);
  });

  it("refuses empty feedback", async () => {
    const person = await signedIn(api);
    const response = await api.client({ cookie: person.cookie }).users.feedback.$post({ json: { feedback: "   " } });
    expect(response.status).toBe(400);
    expect(await api.mailTo("team@graph.test")).toEqual([]);
  });

  it("forwards the text to the team address with who sent it", async () => {
    const person = await signedIn(api);
    const response = await api
      .client({ cookie: person.cookie })
      .users.feedback.$post({ json: { feedback: "  love the <b>feed</b>  " } });
    expect(response.status).toBe(200);
    const [mail] = await api.mailTo("team@graph.test");
    expect(mail?.subject).toContain(person.username);
    expect(mail?.text).toContain("love the <b>feed</b>");
    expect(mail?.text).toContain(person.email);
    expect(mail?.html).toContain("love the &lt;b&gt;feed&lt;/b&gt;");
  });
});
