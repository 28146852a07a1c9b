import { describe, expect, it } from "vitest";
import { newPerson, signedIn, uniqueAddress, useTestApi } from "../support/runtime.ts";

/** Requests a hostile client sends: other sites posing as graph, and bodies meant to exhaust memory. */
const api = useTestApi();
const MB = 1024 * 1024;

/** A body that produces `total` bytes in 64 KB pieces, counting how much was read. */
function countedBody(total: number) {
  const read = { bytes: 0 };
  const piece = new Uint8Array(64 * 1024).fill(0x20);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (read.bytes >= total) return controller.close();
      read.bytes += piece.length;
      controller.enqueue(piece);
    },
  });
  return { stream, read };
}

const postStream = (path: string, body: ReadableStream<Uint8Array>, headers: Record<string, string>) =>
  api.runtime.api.request(`http://graph.test${path}`, {
    method: "POST",
    body,
    headers: { "content-type": "application/json", "x-test-address": uniqueAddress(), ...headers },
    duplex: "half",
  } as RequestInit);

describe("hostile requests", () => {
  it("refuses a body declared larger than 1 MB with 413 before reading it", async () => {
    const { stream, read } = countedBody(200 * MB);
    const response = await postStream("/api/signup", stream, { "content-length": String(200 * MB) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: "The request body is too large.", code: "payload_too_large" });
    expect(read.bytes).toBeLessThan(MB);
  });

  it("stops reading an undeclared (chunked) body once it passes 1 MB", async () => {
    const { stream, read } = countedBody(50 * MB);
    const response = await postStream("/api/signup", stream, {});
    expect(response.status).toBe(413);
    expect(read.bytes).toBeLessThan(3 * MB);
  });

  it("accepts an ordinary body", async () => {
    const response = await api.client({ address: uniqueAddress() }).signup.$post({ json: newPerson("small") });
    expect(response.status).toBe(201);
  });

  it("takes an empty POST over HTTP (Content-Length: 0, no type) as having no body", async () => {
    const person = await signedIn(api);
    const response = await fetch(`${api.runtime.url}/api/users/clear_last_feed_refresh_at`, {
      method: "POST",
      headers: { cookie: person.cookie },
    });
    expect(response.status).toBe(200);
  });

  it("compares Origin with the configured site only, never with Host or X-Forwarded-Host (DNS rebinding)", async () => {
    const attempts: Array<Record<string, string>> = [
      { origin: "http://evil.example", host: "evil.example" },
      { origin: "http://evil.example", "x-forwarded-host": "evil.example" },
      { origin: "https://evil.example:3000", host: "evil.example:3000" },
    ];
    for (const headers of attempts) {
      const person = newPerson("rebind");
      const response = await api.request("POST", "/api/signup", {
        body: person,
        address: uniqueAddress(),
        headers,
        url: `http://${headers.host ?? "graph.test"}/api/signup`,
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: "cross_site" });
      const login = await api.client().login.$post({
        json: { identifier: person.username, password: person.password },
      });
      expect(login.status).toBe(401);
    }
  });
});
