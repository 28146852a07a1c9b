import { describe, expect, it } from "vitest";
import { ApiError, NETWORK_ERROR_STATUS } from "./api.ts";
import { AUTH_MESSAGES, mapAuthError, verifyEmailPath } from "./auth-errors.ts";

const apiError = (status: number, body: unknown) =>
  new ApiError(status, typeof body === "object" && body && "error" in body ? String(body.error) : "x", body);

describe("mapAuthError", () => {
  it("maps 401 to the invalid-credentials message for both actions", () => {
    const error = apiError(401, { error: "nope" });
    expect(mapAuthError("login", error)).toEqual({ message: "Invalid username or password." });
    expect(mapAuthError("signup", error)).toEqual({ message: "Invalid username or password." });
  });

  it("maps a 403 about e-mail verification to the verify message and carries userId and email", () => {
    const error = apiError(403, {
      error: "Please verify your email address before logging in.",
      userId: "u_123",
      email: "ada@example.com",
    });
    expect(mapAuthError("login", error)).toEqual({
      message: "Please verify your email address before logging in.",
      verify: { userId: "u_123", email: "ada@example.com" },
    });
  });

  it("matches 'verify your email' case-insensitively", () => {
    const result = mapAuthError("login", apiError(403, { error: "VERIFY YOUR EMAIL first", userId: "7" }));
    expect(result.message).toBe(AUTH_MESSAGES.verifyEmail);
    expect(result.verify).toEqual({ userId: "7", email: "" });
  });

  it("treats other 403 answers as a generic 4xx with the server text", () => {
    expect(mapAuthError("login", apiError(403, { error: "Account suspended." }))).toEqual({
      message: "Account suspended.",
    });
  });

  it("maps a 409 mentioning a unique constraint to the already-taken message", () => {
    const error = apiError(409, { error: "duplicate key value violates unique constraint users_email_key" });
    expect(mapAuthError("signup", error)).toEqual({ message: "That username or email is already taken." });
  });

  it("maps any other 409 to the conflict message", () => {
    expect(mapAuthError("signup", apiError(409, { error: "something clashed" }))).toEqual({
      message: "A conflict occurred. Please try different credentials.",
    });
  });

  it("shows the server text of other 4xx answers", () => {
    expect(mapAuthError("login", apiError(429, { error: "Too many login attempts. Try again in 5 minutes." }))).toEqual(
      { message: "Too many login attempts. Try again in 5 minutes." },
    );
    expect(mapAuthError("signup", apiError(400, { error: "Invalid email" }))).toEqual({ message: "Invalid email" });
  });

  it("falls back when a 4xx answer has no error text", () => {
    expect(mapAuthError("login", apiError(400, null))).toEqual({ message: "Request could not be completed." });
    expect(mapAuthError("login", apiError(422, { error: "" }))).toEqual({ message: "Request could not be completed." });
  });

  it("maps 5xx to the generic server message, never the server text", () => {
    expect(mapAuthError("login", apiError(500, { error: "stack trace here" }))).toEqual({
      message: "Something went wrong. Please try again later.",
    });
    expect(mapAuthError("signup", apiError(503, null))).toEqual({
      message: "Something went wrong. Please try again later.",
    });
  });

  it("maps network failures per action", () => {
    const network = new ApiError(NETWORK_ERROR_STATUS, "Network request failed", null);
    expect(mapAuthError("login", network)).toEqual({ message: "An unexpected error occurred" });
    expect(mapAuthError("signup", network)).toEqual({ message: "An unexpected error occurred during signup" });
    expect(mapAuthError("login", new TypeError("Failed to fetch"))).toEqual({
      message: "An unexpected error occurred",
    });
    expect(mapAuthError("signup", undefined)).toEqual({ message: "An unexpected error occurred during signup" });
  });
});

describe("verifyEmailPath", () => {
  it("encodes user id and email as query parameters", () => {
    expect(verifyEmailPath("u 1", "a+b@example.com")).toBe("/verify-email?user_id=u+1&email=a%2Bb%40example.com");
  });
});
