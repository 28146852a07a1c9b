import { afterEach, describe, expect, it, vi } from "vitest";
import type { ClientResponse } from "hono/client";
import { ApiError, call, errorText, NETWORK_ERROR_STATUS, setUnauthorizedHandler } from "./api.ts";

/** What the typed client resolves to: a fetch Response, typed by the route. */
const answer = <T>(status: number, body: unknown) =>
  Promise.resolve(
    new Response(typeof body === "string" ? body : JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    }) as unknown as ClientResponse<T, 200, "json">,
  );

const failure = (request: Promise<unknown>) =>
  request.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (error: unknown) => error,
  );

let unregister: (() => void) | undefined;
afterEach(() => unregister?.());

describe("call", () => {
  it("answers the route's body on success", async () => {
    expect(await call(answer<{ userId: string }>(200, { userId: "u1" }))).toEqual({ userId: "u1" });
  });

  it("turns a refusal into an ApiError with its status, code and body", async () => {
    const error = await failure(
      call(answer(403, { error: "Please verify.", code: "email_unverified", userId: "u1", email: "a@b.co" })),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      code: "email_unverified",
      message: "Please verify.",
      body: { error: "Please verify.", code: "email_unverified", userId: "u1", email: "a@b.co" },
    });
  });

  it("keeps a refusal without our shape as a status alone", async () => {
    const html = await failure(call(answer(502, "<html>bad gateway</html>")));
    expect(html).toMatchObject({ status: 502, code: null, body: null });
    const odd = await failure(call(answer(400, { error: 7, code: ["x"], detail: "kept" })));
    expect(odd).toMatchObject({ status: 400, code: null, body: { detail: "kept" } });
  });

  it("reports a call that never reached the server as status 0", async () => {
    const error = await failure(call(Promise.reject(new TypeError("Failed to fetch"))));
    expect(error).toMatchObject({ status: NETWORK_ERROR_STATUS, code: null, body: null });
  });

  it("passes an abort through untouched", async () => {
    const abort = new DOMException("aborted", "AbortError");
    expect(await failure(call(Promise.reject(abort)))).toBe(abort);
  });

  it("logs out on a 401 from a signed-in call, not from a call whose 401 is about credentials", async () => {
    const onUnauthorized = vi.fn();
    unregister = setUnauthorizedHandler(onUnauthorized);
    await failure(call(answer(401, { error: "Not signed in.", code: "not_signed_in" })));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await failure(call(answer(401, { error: "Invalid.", code: "invalid_credentials" }), { logoutOn401: false }));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe("errorText", () => {
  it("shows the server's text when it sent one, else the fallback", () => {
    expect(errorText(new ApiError(400, { error: "The code is 6 digits.", code: "invalid_input" }), "fallback")).toBe(
      "The code is 6 digits.",
    );
    expect(errorText(new ApiError(400, {}), "fallback")).toBe("fallback");
    expect(errorText(new ApiError(NETWORK_ERROR_STATUS, null), "fallback")).toBe("fallback");
    expect(errorText(new Error("x"), "fallback")).toBe("fallback");
  });
});
