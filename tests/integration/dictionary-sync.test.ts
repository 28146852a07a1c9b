import { describe, expect, it, vi } from "vitest";
import { phraseKey } from "@graph/core/lib/matching";
import * as Topics from "@graph/core/modules/topics";
import { signedIn, travel, useTestApi } from "../support/runtime.ts";

const api = useTestApi();

/**
 * Counts the dictionary's requests while `work` runs: reads of its shards' clocks, and queries
 * of its shards' partitions (`queries`, only of the shards that changed).
 */
async function dictionaryQueries<T>(
  work: () => Promise<T>,
): Promise<{ result: T; queries: number; clockReads: number }> {
  let queries = 0;
  let clockReads = 0;
  const fault = api.runtime.dynamoFaults.inject({
    operation: ["Query", "BatchGetItem"],
    error: "InternalServerError",
    match: (request) => {
      const text = JSON.stringify(request);
      if (/dictionaryphrase/i.test(text) && !/BatchGetItem/.test(text) && /KeyConditionExpression/.test(text))
        queries++;
      if (/dictionaryclock/i.test(text)) clockReads++;
      return false;
    },
  });
  try {
    return { result: await work(), queries, clockReads };
  } finally {
    fault.remove();
  }
}

/** How many requests a sync sent to the dictionary. */
const requests = (counted: { queries: number; clockReads: number }) => counted.queries + counted.clockReads;

describe("the process's topic matcher", () => {
  it("is synced once for many fetches at once, and each caller's sync started after its call", async () => {
    await Topics.currentMatcher();
    const one = await dictionaryQueries(() => Topics.currentMatcher());
    expect(requests(one)).toBeGreaterThan(0);

    const many = await dictionaryQueries(() => Promise.all(Array.from({ length: 30 }, () => Topics.currentMatcher())));
    // The first call's sync, and one more shared by the 29 that came while it was under way.
    expect(requests(many)).toBeLessThanOrEqual(requests(one) * 2);
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

it("reads only its shards' clocks when nothing changed, and queries the shard of a phrase added since", async () => {
  const person = await signedIn(api);
  await Topics.currentMatcher();
  // Past the overlap (5 s) a sync reads again before its last one: earlier changes are settled.
  travel(6_000);
  try {
    await Topics.currentMatcher();
    const quiet = await dictionaryQueries(() => Topics.currentMatcher());
    expect(quiet).toMatchObject({ queries: 0, clockReads: 1 });

    await Topics.add(person.userId, ["Tidal turbines"]);
    const changed = await dictionaryQueries(() => Topics.currentMatcher());
    expect(changed.queries).toBe(1);
    expect(changed.result.has(phraseKey("Tidal turbines"))).toBe(true);
  } finally {
    vi.useRealTimers();
  }
});
