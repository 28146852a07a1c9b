import { describe, expect, it } from "vitest";
import { isReservedPath } from "./reserved.ts";

describe("isReservedPath", () => {
  it("reserves the product's own words, case-insensitively", () => {
    for (const word of ["home", "login", "Preview", "verify-email", "sign-in", "chat", "home/agent", "/home/tune/"]) {
      expect(isReservedPath(word)).toBe(true);
    }
  });

  it("leaves ordinary usernames free", () => {
    for (const word of ["ada", "homer", "chatty", "find-me", "home/ada"]) {
      expect(isReservedPath(word)).toBe(false);
    }
  });
});
