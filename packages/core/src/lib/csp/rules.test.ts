import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, securityHeaders, webSocketOrigin } from "./rules.ts";

const directive = (policy: string, name: string) =>
  policy
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe("contentSecurityPolicy", () => {
  it("allows scripts only from the site itself and connections to its WebSocket twin", () => {
    const policy = contentSecurityPolicy({ siteUrl: "https://graph.example/" });
    expect(directive(policy, "script-src")).toBe("script-src 'self'");
    expect(directive(policy, "default-src")).toBe("default-src 'self'");
    expect(directive(policy, "connect-src")).toBe("connect-src 'self' wss://graph.example");
    expect(directive(policy, "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(policy).not.toContain("unsafe-inline");
    expect(policy).not.toContain("unsafe-eval");
  });

  it("adds inline style hashes only where asked", () => {
    expect(directive(contentSecurityPolicy({ styleHashes: ["sha256-abc="] }), "style-src")).toBe(
      "style-src 'self' 'sha256-abc='",
    );
    expect(directive(contentSecurityPolicy(), "connect-src")).toBe("connect-src 'self'");
  });

  it("lets images load from any https host (book covers, film posters) and the named origins", () => {
    // On AWS: covers.openlibrary.org (which redirects to *.archive.org) and image.tmdb.org are https.
    expect(directive(contentSecurityPolicy({ siteUrl: "https://graph.example" }), "img-src")).toBe(
      "img-src 'self' data: https:",
    );
    // Locally: the catalogue stand-ins on the runtime's port when the site has another address.
    expect(
      directive(
        contentSecurityPolicy({
          imageOrigins: ["http://127.0.0.1:3000/_openlibrary-covers", "http://127.0.0.1:3000/_tmdb-images/t/p"],
        }),
        "img-src",
      ),
    ).toBe("img-src 'self' data: https: http://127.0.0.1:3000");
  });
});

describe("webSocketOrigin", () => {
  it("maps http to ws and https to wss, keeping the port", () => {
    expect(webSocketOrigin("http://127.0.0.1:3000")).toBe("ws://127.0.0.1:3000");
    expect(webSocketOrigin("https://Graph.Example/path")).toBe("wss://graph.example");
    expect(webSocketOrigin("not a url")).toBeUndefined();
  });
});

describe("securityHeaders", () => {
  it("sends HSTS over https only", () => {
    expect(securityHeaders({ https: true })["Strict-Transport-Security"]).toBe(
      "max-age=63072000; includeSubDomains; preload",
    );
    expect(securityHeaders({ https: false })).not.toHaveProperty("Strict-Transport-Security");
  });
});
