import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { signedIn, useTestApi } from "../support/runtime.ts";
import { propertyRuns } from "../support/property-runs.ts";

const api = useTestApi();

const routes: Array<[string, string]> = [
  ["POST", "/api/signup"],
  ["POST", "/api/login"],
  ["POST", "/api/logout"],
  ["GET", "/api/check_auth"],
  ["GET", "/api/config"],
  ["GET", "/api/users/username/someone"],
  ["POST", "/api/verify_account"],
  ["POST", "/api/verify-email-resend"],
  ["POST", "/api/password/request_password_reset"],
  ["POST", "/api/password/reset_password"],
  ["POST", "/api/users/feedback"],
  ["POST", "/api/login/google/callback"],
  ["POST", "/api/login/google/link"],
];

const fieldNames = [
  "username",
  "email",
  "password",
  "identifier",
  "userId",
  "code",
  "token",
  "newPassword",
  "feedback",
  "linkingToken",
];
/** Bodies shaped like the real ones, with wrong types, huge and odd values. */
const plausibleBody = fc.dictionary(
  fc.constantFrom(...fieldNames),
  fc.oneof(
    fc.string(),
    fc.string({ minLength: 5000, maxLength: 20000 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string()),
    fc.object(),
    fc.constantFrom("a@b.co", "123456", "__proto__", "constructor", "💥".repeat(50), "' OR 1=1 --", "\u0000"),
  ),
);
const anyBody = fc.oneof(
  plausibleBody.map((value) => ({ raw: JSON.stringify(value), type: "application/json" })),
  fc.jsonValue().map((value) => ({ raw: JSON.stringify(value), type: "application/json" })),
  fc.string().map((raw) => ({ raw, type: "application/json" })),
  fc.string().map((raw) => ({ raw, type: "text/plain" })),
  fc.constant({ raw: "", type: "application/json" }),
);

describe("every route survives random and malformed input", () => {
  it("never answers 5xx", async () => {
    const person = await signedIn(api);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        anyBody,
        fc.boolean(),
        fc.integer({ min: 1, max: 250 }),
        async ([method, path], body, withSession, host) => {
          const response = await api.request(method, path, {
            rawBody: method === "GET" ? undefined : body.raw,
            headers: method === "GET" ? {} : { "content-type": body.type },
            cookie: withSession ? person.cookie : undefined,
            address: `192.0.2.${host}`,
          });
          expect(response.status, `${method} ${path} ${body.raw.slice(0, 200)}`).toBeLessThan(500);
        },
      ),
      { numRuns: propertyRuns(400) },
    );
  });
});
