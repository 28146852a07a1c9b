import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { seal, unseal } from "./crypto.ts";

const key = () => randomBytes(32).toString("base64url");

describe("seal", () => {
  it("opens with its key to the same text, and seals the same text differently each time", () => {
    const k = key();
    const a = seal("BQD-refresh-token", k);
    expect(unseal(a, k)).toBe("BQD-refresh-token");
    expect(seal("BQD-refresh-token", k)).not.toBe(a);
    expect(a).not.toContain("BQD");
  });

  it("refuses another key, a changed value and a key of the wrong length", () => {
    const k = key();
    const sealed = seal("secret", k);
    expect(() => unseal(sealed, key())).toThrow();
    const [prefix, nonce, body, tag] = sealed.split(".");
    const flipped = Buffer.from(body!, "base64url");
    flipped[0] = flipped[0]! ^ 1;
    expect(() => unseal([prefix, nonce, flipped.toString("base64url"), tag].join("."), k)).toThrow();
    expect(() => unseal("plain-token", k)).toThrow("not a sealed value");
    expect(() => seal("secret", randomBytes(16).toString("base64url"))).toThrow("32 bytes");
  });
});
