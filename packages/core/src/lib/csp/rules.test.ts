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
    expect(directive(policy, "worker-src")).toBe("worker-src 'self'");
    expect(directive(policy, "manifest-src")).toBe("manifest-src 'self'");
    expect(policy).not.toContain("unsafe-inline");
    expect(policy).not.toContain("unsafe-eval");
  });

  it("adds inline style hashes only where asked", () => {
    expect(directive(contentSecurityPolicy({ styleHashes: ["sha256-abc="] }), "style-src")).toBe(
      "style-src 'self' 'sha256-abc='",
    );
    expect(directive(contentSecurityPolicy(), "connect-src")).toBe("connect-src 'self'");
  });

  it("lets images come only from the site itself and data: (every outside picture goes through graph's proxy)", () => {
    for (const options of [
      { siteUrl: "https://graph.example" },
      {},
      { siteUrl: "http://127.0.0.1:3000", uploadOrigins: ["http://127.0.0.2:3000"] },
    ]) {
      const policy = contentSecurityPolicy(options);
      expect(directive(policy, "img-src")).toBe("img-src 'self' data:");
      // No other way in for a picture: no default that would let one through, no https: anywhere.
      expect(directive(policy, "default-src")).toBe("default-src 'self'");
      expect(policy).not.toMatch(/\bhttps?:(?!\/\/)/);
    }
    // The photo bucket is for uploads (connect-src), never for showing.
    const aws = contentSecurityPolicy({ uploadOrigins: ["https://images.s3.amazonaws.com"] });
    expect(directive(aws, "connect-src")).toBe("connect-src 'self' https://images.s3.amazonaws.com");
    expect(directive(aws, "img-src")).toBe("img-src 'self' data:");
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
