import { describe, expect, it } from "vitest";
import { dynamo } from "@graph/core/adapters/dynamo";
import { BUILTIN_TOPICS } from "@graph/core/modules/topics/rules";
import { signedIn, useTestApi } from "../support/runtime.ts";

/**
 * What answering the feed reads from DynamoDB: a stored session is answered from a handful of
 * items, not from everything the person owns (topics, seen marks) sorting near the sessions.
 */
const api = useTestApi();

/** Items DynamoDB examined (a query's ScannedCount, a get's item) while `work` ran. */
async function itemsRead(work: () => Promise<unknown>): Promise<number> {
  let items = 0;
  const name = `countItems${Math.random().toString(36).slice(2)}`;
  dynamo().middlewareStack.add(
    (next) => async (args) => {
      const result = await next(args);
      const output = result.output as {
        ScannedCount?: number;
        Item?: unknown;
        Responses?: Record<string, unknown[]>;
      };
      if (typeof output.ScannedCount === "number") items += output.ScannedCount;
      else if (output.Item) items += 1;
      else if (output.Responses) for (const list of Object.values(output.Responses)) items += list.length;
      return result;
    },
    { step: "initialize", name },
  );
  try {
    await work();
  } finally {
    dynamo().middlewareStack.remove(name);
  }
  return items;
}

describe("feed reads", () => {
  it("answers a stored session without reading the person's topics", async () => {
    const person = await signedIn(api);
    const client = api.client({ cookie: person.cookie });
    const topics = BUILTIN_TOPICS.slice(0, 60);
    const added = await client.gpt.to_db.$post({ json: { keyTopicsArray: [...topics] } });
    expect(added.status).toBe(200);
    await api.runtime.dispatcher.idle();
    // The first read computes and stores a session (reading the 60 topics); the next answers it.
    expect((await client.rss.articles.$get({ query: {} })).status).toBe(200);

    const read = await itemsRead(async () => {
      const again = await client.rss.articles.$get({ query: {} });
      expect(again.status).toBe(200);
    });
    // The person, their session, feed state, topic counts and the like: never the 60 topics.
    expect(read).toBeLessThan(topics.length / 2);
  });
});
