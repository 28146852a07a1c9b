import { describe, expect, it } from "vitest";
import { catalogueSetting } from "./runtime.ts";

describe("the CATALOGUE setting", () => {
  it("is the demo feeds unless it asks for the real catalogue", () => {
    expect(catalogueSetting(undefined)).toBe("demo");
    expect(catalogueSetting("")).toBe("demo");
    expect(catalogueSetting("demo")).toBe("demo");
    expect(catalogueSetting(" real ")).toBe("real");
  });

  it("refuses anything else, saying what it may be", () => {
    expect(() => catalogueSetting("production")).toThrow('CATALOGUE must be "demo" (the offline demo feeds) or "real"');
  });
});
