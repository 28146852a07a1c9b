import { afterEach, describe, expect, it, vi } from "vitest";
import { codeFrom, errorOf, newPerson, signedIn, uniqueAddress, useTestApi } from "../support/runtime.ts";

/**
 * When DynamoDB throttles or fails, the API answers 503 with Retry-After and a stable code, and
 * leaves nothing half-written: the same request succeeds once DynamoDB is back.
 */
const api = useTestApi();
afterEach(() => {
  api.runtime.dynamoFaults.clear();
  vi.restoreAllMocks();
});

async function expectUnavailable(response: { status: number; headers: Headers; json(): Promise<unknown> }) {
  expect(response.status).toBe(503);
  expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
  expect(await errorOf(response)).toMatchObject({ code: "unavailable", error: expect.any(String) });
}
const signup = (person: ReturnType<typeof newPerson>) =>
  api.client({ address: uniqueAddress() }).signup.$post({ json: person });
const verify = (userId: string, code: string) => api.client().verify_account.$post({ json: { userId, code } });
const addTopics = (cookie: string, keyTopicsArray: string[]) =>
  api.client({ cookie }).gpt.to_db.$post({ json: { keyTopicsArray } });

describe("the API when DynamoDB throttles or fails", () => {
  it("answers a sign-up with 503 while writes are throttled, creates nothing, and signs up once they are back", async () => {
    const person = newPerson("outage");
    api.runtime.dynamoFaults.inject({
      operation: "TransactWriteItems",
      error: "ProvisionedThroughputExceededException",
    });
    await expectUnavailable(await signup(person));
    api.runtime.dynamoFaults.clear();
    // Nothing was claimed: the same name and e-mail sign up now.
    const again = await signup(person);
    expect(again.status).toBe(201);
  });

  it("does not report a code as wrong or locked when counting the wrong try failed", async () => {
    const person = newPerson("outage");
    const { userId } = await (await signup(person)).json();
    const code = codeFrom((await api.mailTo(person.email))[0]);
    const wrong = code === "000000" ? "111111" : "000000";
    api.runtime.dynamoFaults.inject({ operation: "UpdateItem", error: "InternalServerError" });
    for (let i = 0; i < 6; i++) {
      await expectUnavailable(await verify(userId, wrong));
    }
    api.runtime.dynamoFaults.clear();
    // No wrong try was counted, so the right code still verifies.
    const right = await verify(userId, code);
    expect(right.status).toBe(200);
  });

  it("answers 503 when reading the session fails, rather than treating the person as signed out", async () => {
    const person = await signedIn(api);
    api.runtime.dynamoFaults.inject({ operation: "GetItem", error: "ThrottlingException" });
    await expectUnavailable(await api.client({ cookie: person.cookie }).check_auth.$get());
  });

  it("adds no topic when the transaction fails, and all of them once it works", async () => {
    const person = await signedIn(api);
    const topics = ["Outage Topic One", "Outage Topic Two"];
    api.runtime.dynamoFaults.inject({ operation: "TransactWriteItems", error: "InternalServerError" });
    await expectUnavailable(await addTopics(person.cookie, topics));
    api.runtime.dynamoFaults.clear();
    const listed = await (await api.client().gpt.from_db[":id"].$get({ param: { id: person.userId } })).json();
    expect(listed).toEqual([]);
    const added = await addTopics(person.cookie, topics);
    expect(added.status).toBe(200);
    expect((await added.json()).topics).toHaveLength(2);
  });

  it("answers a feed read with 503 while queries are throttled", async () => {
    const person = await signedIn(api);
    api.runtime.dynamoFaults.inject({ operation: "Query", error: "ProvisionedThroughputExceededException" });
    await expectUnavailable(await api.client({ cookie: person.cookie }).rss.articles.$get({ query: {} }));
  });
});
