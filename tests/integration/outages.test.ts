import { afterEach, describe, expect, it, vi } from "vitest";
import { codeFrom, newPerson, signedIn, uniqueAddress, useTestApi } from "../support/runtime.ts";

/**
 * When DynamoDB throttles or fails, the API answers 503 with Retry-After and a stable code, and
 * leaves nothing half-written: the same request succeeds once DynamoDB is back.
 */
const api = useTestApi();
afterEach(() => {
  api.runtime.dynamoFaults.clear();
  vi.restoreAllMocks();
});

async function expectUnavailable(response: Response) {
  expect(response.status).toBe(503);
  expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
  expect(await response.json()).toMatchObject({ code: "unavailable", error: expect.any(String) });
}

describe("the API when DynamoDB throttles or fails", () => {
  it("answers a sign-up with 503 while writes are throttled, creates nothing, and signs up once they are back", async () => {
    const person = newPerson("outage");
    api.runtime.dynamoFaults.inject({
      operation: "TransactWriteItems",
      error: "ProvisionedThroughputExceededException",
    });
    await expectUnavailable(await api.request("POST", "/api/signup", { body: person, address: uniqueAddress() }));
    api.runtime.dynamoFaults.clear();
    // Nothing was claimed: the same name and e-mail sign up now.
    const again = await api.request("POST", "/api/signup", { body: person, address: uniqueAddress() });
    expect(again.status).toBe(201);
  });

  it("does not report a code as wrong or locked when counting the wrong try failed", async () => {
    const person = newPerson("outage");
    const signup = await api.request("POST", "/api/signup", { body: person, address: uniqueAddress() });
    const { userId } = (await signup.json()) as { userId: string };
    const code = codeFrom((await api.mailTo(person.email))[0]);
    const wrong = code === "000000" ? "111111" : "000000";
    api.runtime.dynamoFaults.inject({ operation: "UpdateItem", error: "InternalServerError" });
    for (let i = 0; i < 6; i++) {
      await expectUnavailable(await api.request("POST", "/api/verify_account", { body: { userId, code: wrong } }));
    }
    api.runtime.dynamoFaults.clear();
    // No wrong try was counted, so the right code still verifies.
    const right = await api.request("POST", "/api/verify_account", { body: { userId, code } });
    expect(right.status).toBe(200);
  });

  it("answers 503 when reading the session fails, rather than treating the person as signed out", async () => {
    const person = await signedIn(api);
    api.runtime.dynamoFaults.inject({ operation: "GetItem", error: "ThrottlingException" });
    await expectUnavailable(await api.request("GET", "/api/check_auth", { cookie: person.cookie }));
  });

  it("adds no topic when the transaction fails, and all of them once it works", async () => {
    const person = await signedIn(api);
    const topics = ["Outage Topic One", "Outage Topic Two"];
    api.runtime.dynamoFaults.inject({ operation: "TransactWriteItems", error: "InternalServerError" });
    await expectUnavailable(
      await api.request("POST", "/api/gpt/to_db", { cookie: person.cookie, body: { keyTopicsArray: topics } }),
    );
    api.runtime.dynamoFaults.clear();
    const listed = await (await api.request("GET", `/api/gpt/from_db/${person.userId}`)).json();
    expect(listed).toEqual([]);
    const added = await api.request("POST", "/api/gpt/to_db", {
      cookie: person.cookie,
      body: { keyTopicsArray: topics },
    });
    expect(added.status).toBe(200);
    expect(((await added.json()) as { topics: unknown[] }).topics).toHaveLength(2);
  });

  it("answers a feed read with 503 while queries are throttled", async () => {
    const person = await signedIn(api);
    api.runtime.dynamoFaults.inject({ operation: "Query", error: "ProvisionedThroughputExceededException" });
    await expectUnavailable(await api.request("GET", "/api/rss/articles", { cookie: person.cookie }));
  });
});
