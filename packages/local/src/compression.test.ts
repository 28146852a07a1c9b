import { describe, expect, it } from "vitest";
import { isCompressible, negotiateEncoding } from "./compression.ts";

describe("negotiateEncoding", () => {
  it("prefers Brotli, falls back to gzip, and honours q=0", () => {
    expect(negotiateEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(negotiateEncoding("gzip, deflate")).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip")).toBe("gzip");
    expect(negotiateEncoding("gzip;q=1.0, br;q=0.5")).toBe("gzip");
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("*, br;q=0")).toBe("gzip");
    expect(negotiateEncoding("identity")).toBeUndefined();
    expect(negotiateEncoding("")).toBeUndefined();
    expect(negotiateEncoding(undefined)).toBeUndefined();
  });
});

describe("isCompressible", () => {
  it("compresses text formats and leaves binary ones alone", () => {
    expect(isCompressible("text/javascript; charset=utf-8")).toBe(true);
    expect(isCompressible("text/html; charset=utf-8")).toBe(true);
    expect(isCompressible("image/svg+xml")).toBe(true);
    expect(isCompressible("image/png")).toBe(false);
    expect(isCompressible("font/woff2")).toBe(false);
  });
});
