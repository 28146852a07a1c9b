import { describe, expect, it } from "vitest";
import { ApiError, NETWORK_ERROR_STATUS, type ErrorAnswer } from "../../lib/api.ts";
import { AUTH_MESSAGES, mapAuthError, verifyEmailPath, verifyFailureText } from "./auth-errors.ts";

const apiError = (status: number, body: ErrorAnswer | null) => new ApiError(status, body);

describe("mapAuthError", () => {
  it("maps 401 to the invalid-credentials message for both actions", () => {
    const error = apiError(401, { error: "nope", code: "invalid_credentials" });
    expect(mapAuthError("login", error)).toEqual({ message: "Invalid username or password." });
    expect(mapAuthError("signup", error)).toEqual({ message: "Invalid username or password." });
    // A 401 without a code (a proxy's) reads the same.
    expect(mapAuthError("login", apiError(401, { error: "nope" }))).toEqual({
      message: "Invalid username or password.",
    });
  });

  it("maps email_unverified to the verify message and carries userId and email", () => {
    const error = apiError(403, {
      error: "Please verify your email address before logging in.",
      code: "email_unverified",
      userId: "u_123",
      email: "ada@example.com",
    });
    expect(mapAuthError("login", error)).toEqual({
      message: "Please verify your email address before logging in.",
      verify: { userId: "u_123", email: "ada@example.com" },
    });
  });

  it("decides e-mail verification by the code, whatever the wording", () => {
    const reworded = mapAuthError(
      "login",
      apiError(403, { error: "Confirm your address first", code: "email_unverified", userId: "7" }),
    );
    expect(reworded.message).toBe(AUTH_MESSAGES.verifyEmail);
    expect(reworded.verify).toEqual({ userId: "7", email: "" });
    // Without its userId there is nowhere to send the code: the message alone.
    expect(mapAuthError("login", apiError(403, { error: "x", code: "email_unverified" }))).toEqual({
      message: AUTH_MESSAGES.verifyEmail,
    });
    // The old wording without the code is just another refusal.
    expect(mapAuthError("login", apiError(403, { error: "VERIFY YOUR EMAIL first", userId: "7" }))).toEqual({
      message: "VERIFY YOUR EMAIL first",
    });
  });

  it("treats other 403 answers as a generic 4xx with the server text", () => {
    expect(mapAuthError("login", apiError(403, { error: "Account suspended.", code: "forbidden" }))).toEqual({
      message: "Account suspended.",
    });
  });

  it("maps username_taken to the already-taken message", () => {
    const error = apiError(409, { error: "That username or email is already taken.", code: "username_taken" });
    expect(mapAuthError("signup", error)).toEqual({ message: "That username or email is already taken." });
    const reworded = apiError(409, { error: "Name in use", code: "username_taken" });
    expect(mapAuthError("signup", reworded)).toEqual({ message: AUTH_MESSAGES.taken });
  });

  it("maps any other 409 to the conflict message, even one mentioning a unique constraint", () => {
    expect(mapAuthError("signup", apiError(409, { error: "something clashed" }))).toEqual({
      message: "A conflict occurred. Please try different credentials.",
    });
    expect(mapAuthError("signup", apiError(409, { error: "violates unique constraint users_email_key" }))).toEqual({
      message: AUTH_MESSAGES.conflict,
    });
  });

  it("shows the server text of other 4xx answers", () => {
    expect(
      mapAuthError(
        "login",
        apiError(429, { error: "Too many login attempts. Try again in 5 minutes.", code: "rate_limited" }),
      ),
    ).toEqual({ message: "Too many login attempts. Try again in 5 minutes." });
    expect(mapAuthError("signup", apiError(400, { error: "Invalid email", code: "invalid_input" }))).toEqual({
      message: "Invalid email",
    });
  });

  it("falls back when a 4xx answer has no error text", () => {
    expect(mapAuthError("login", apiError(400, null))).toEqual({ message: "Request could not be completed." });
    expect(mapAuthError("login", apiError(422, { error: "" }))).toEqual({ message: "Request could not be completed." });
  });

  it("maps 5xx to the generic server message, never the server text", () => {
    expect(mapAuthError("login", apiError(500, { error: "stack trace here", code: "internal" }))).toEqual({
      message: "Something went wrong. Please try again later.",
    });
    expect(mapAuthError("signup", apiError(503, null))).toEqual({
      message: "Something went wrong. Please try again later.",
    });
  });

  it("maps network failures per action", () => {
    const network = new ApiError(NETWORK_ERROR_STATUS, null);
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

describe("verifyFailureText", () => {
  it("says the spec's words: the server's for a refusal, else check the code, else not verified", () => {
    const wrong = apiError(400, { error: "That code is not right. 4 tries left.", code: "code_wrong" });
    expect(verifyFailureText(wrong)).toBe("That code is not right. 4 tries left.");
    expect(verifyFailureText(apiError(429, { error: "Too many wrong codes. Request a new code." }))).toBe(
      "Too many wrong codes. Request a new code.",
    );
    // A refusal without words (a proxy's page).
    expect(verifyFailureText(apiError(400, null))).toBe("verification failed. please check your code and try again.");
    expect(verifyFailureText(apiError(403, {}))).toBe("verification failed. please check your code and try again.");
    // The server failed, or nothing reached it.
    expect(verifyFailureText(apiError(500, { error: "Internal server error." }))).toBe("Failed to verify account");
    expect(verifyFailureText(apiError(502, null))).toBe("Failed to verify account");
    expect(verifyFailureText(apiError(503, { error: "The service is busy. Try again." }))).toBe(
      "The service is busy. Try again.",
    );
    expect(verifyFailureText(new ApiError(NETWORK_ERROR_STATUS, null))).toBe("Failed to verify account");
    expect(verifyFailureText(new TypeError("boom"))).toBe("Failed to verify account");
  });
});
