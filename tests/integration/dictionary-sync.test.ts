import { describe, expect, it } from "vitest";
import { phraseKey } from "@graph/core/lib/matching";
import * as Topics from "@graph/core/modules/topics";
import { signedIn, useTestApi } from "../support/runtime.ts";

const api = useTestApi();

/** Counts the dictionary's queries (its shards' partitions) while `work` runs. */
async function dictionaryQueries<T>(work: () => Promise<T>): Promise<{ result: T; queries: number }> {
  let queries = 0;
  const fault = api.runtime.dynamoFaults.inject({
    operation: "Query",
    error: "InternalServerError",
    match: (request) => {
      if (/dictionaryphrase/i.test(JSON.stringify(request))) queries++;
      return false;
    },
  });
  try {
    return { result: await work(), queries };
  } finally {
    fault.remove();
  }
}

describe("the process's topic matcher", () => {
  it("is synced once for many fetches at once, and each caller's sync started after its call", async () => {
    await Topics.currentMatcher();
    const one = await dictionaryQueries(() => Topics.currentMatcher());
    expect(one.queries).toBeGreaterThan(0);

    const many = await dictionaryQueries(() => Promise.all(Array.from({ length: 30 }, () => Topics.currentMatcher())));
    // The first call's sync, and one more shared by the 29 that came while it was under way.
    expect(many.queries).toBeLessThanOrEqual(one.queries * 2);
    expect(new Set(many.result).size).toBe(1);

    // A phrase added while a sync is under way is in the matcher of every later call.
    const person = await signedIn(api);
    const under = Topics.currentMatcher();
    await Topics.add(person.userId, ["Sourdough starters"]);
    const after = await Topics.currentMatcher();
    await under;
    expect(after.has(phraseKey("Sourdough starters"))).toBe(true);
  });
});
