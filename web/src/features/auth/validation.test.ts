import { describe, expect, it } from "vitest";
import { isEmail, normalizeEmail, sanitizeCode, validateLogin, validateSignup } from "./validation.ts";

describe("validation", () => {
  it("requires identifier and password to log in", () => {
    expect(validateLogin("", "pw")).toBe("username/email or password missing");
    expect(validateLogin("   ", "pw")).toBe("username/email or password missing");
    expect(validateLogin("ada", "")).toBe("username/email or password missing");
    expect(validateLogin("ada", "pw")).toBeNull();
  });

  it("requires all sign-up fields, then a well-formed e-mail", () => {
    expect(validateSignup("", "ada", "pw")).toBe("Username, email or password missing");
    expect(validateSignup("a@b.co", "  ", "pw")).toBe("Username, email or password missing");
    expect(validateSignup("a@b.co", "ada", "")).toBe("Username, email or password missing");
    expect(validateSignup("not-an-email", "ada", "pw")).toBe("Invalid email");
    expect(validateSignup("  Ada@Example.COM ", "ada", "pw")).toBeNull();
  });

  it("trims and lowercases e-mail", () => {
    expect(normalizeEmail("  Ada@Example.COM ")).toBe("ada@example.com");
    expect(isEmail("ada@example.com")).toBe(true);
    expect(isEmail("ada@example")).toBe(false);
  });

  it("keeps at most six digits of a code", () => {
    expect(sanitizeCode("12a3-45 678")).toBe("123456");
    expect(sanitizeCode("abc")).toBe("");
  });
});
