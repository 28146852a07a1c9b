import { runInNewContext } from "node:vm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RESERVED_PATHS } from "@graph/core/modules/users/rules";
import { PROFILE_ROUTE_RULES, profileEdgeInjection, profileRoute } from "./profile-route.ts";

const route = (uri: string) => profileRoute(uri, PROFILE_ROUTE_RULES);

/**
 * The generated viewer-request code run as CloudFront runs it: the body of the router's handler,
 * in a context of its own (nothing of this module reachable), on a request event of CloudFront's
 * shape. Answers the request's URI afterwards.
 */
function atTheEdge(uri: string, method = "GET"): string {
  const event = { request: { method, uri, querystring: {}, headers: { host: { value: "graph.example" } } } };
  const handler = runInNewContext(`(function handler(event) {\n${profileEdgeInjection()}\nreturn event.request;\n})`);
  return (handler as (e: typeof event) => { uri: string })(event).uri;
}

describe("which paths are profile pages", () => {
  it("sends a username at the top, with a trailing slash or under /profile, to the profile route", () => {
    expect(route("/alice")).toBe("/_profile/alice");
    expect(route("/Alice_99/")).toBe("/_profile/Alice_99");
    expect(route("/profile/bob-b")).toBe("/_profile/bob-b");
  });

  it("leaves everything else to the static site", () => {
    for (const uri of [
      "/",
      "/ab", // shorter than any username
      "/a234567890123456789012", // longer than any username
      "/alice/extra",
      "/alice.png",
      "/og-image.png",
      "/assets/index-abc123.js",
      "/home/tune",
      "/profile",
      "/profile/",
      "/profile/home",
      "/_profile/alice",
      "/al%20ice",
      "//alice",
    ]) {
      expect(route(uri), uri).toBeNull();
    }
  });

  it("never sends a reserved word, in any case", () => {
    for (const word of RESERVED_PATHS) {
      expect(route(`/${word}`), word).toBeNull();
      expect(route(`/${word.toUpperCase()}`), word).toBeNull();
      expect(route(`/profile/${word}`), word).toBeNull();
    }
  });
});

describe("the router's edge code", () => {
  it("rewrites a profile path and leaves the rest as it was", () => {
    expect(atTheEdge("/alice")).toBe("/_profile/alice");
    expect(atTheEdge("/profile/alice")).toBe("/_profile/alice");
    expect(atTheEdge("/home")).toBe("/home");
    expect(atTheEdge("/assets/app.js")).toBe("/assets/app.js");
    expect(atTheEdge("/api/users")).toBe("/api/users");
  });

  it("rewrites only reads: a POST to a profile path goes where it would have gone", () => {
    expect(atTheEdge("/alice", "POST")).toBe("/alice");
    expect(atTheEdge("/alice", "HEAD")).toBe("/_profile/alice");
  });

  it("decides as profileRoute does, for any path", () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_.%-]{0,24}$/);
    const path = fc.oneof(
      fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => `/${parts.join("/")}`),
      fc.constantFrom(...RESERVED_PATHS).map((word) => `/${word}`),
      fc.string().map((text) => `/${text}`),
    );
    fc.assert(fc.property(path, (uri) => atTheEdge(uri) === (route(uri) ?? uri)));
  });

  it("is self-contained and small enough for a CloudFront function beside the router's own code", () => {
    const code = profileEdgeInjection();
    // No helper a bundler might add around functions, which would not exist at the edge.
    expect(code).not.toMatch(/__name|__require|import\b|require\(/);
    // CloudFront functions are at most 10 KB, and SST's own routing code takes about half.
    expect(new TextEncoder().encode(code).length).toBeLessThan(4_000);
  });
});
