import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Sources from "@graph/core/modules/sources";
import { FETCH_POLICY } from "@graph/core/modules/sources";
import { rss, startFeedServer } from "../support/feeds.ts";
import { travel, useTestApi } from "../support/runtime.ts";

const api = useTestApi();
const DAY = 24 * 3_600_000;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
let start: number;

beforeAll(async () => {
  feeds = await startFeedServer();
  travel(0);
  start = Date.now();
});
afterAll(() => feeds?.close());

const good = (name: string) =>
  rss(name, [
    { title: `${name} is back`, link: `https://${name}.example/1`, ageHours: 1 },
    { title: `${name} was here`, link: `https://${name}.example/2`, ageHours: 3 },
  ]);

/** Moves the clock to `days` after the file's start. */
const at = (days: number) => travel(start + days * DAY - Date.now());

async function tick() {
  await api.runtime.dispatcher.runJob("ingest");
  await api.runtime.dispatcher.idle();
}

async function source(sourceId: string) {
  const found = await Sources.get(sourceId);
  if (!found) throw new Error(`no source ${sourceId}`);
  return found;
}

/** The operator's listing, as the local dev route answers it. */
async function listed() {
  const response = await api.runtime.root.request(
    "http://graph.test/api/dev/sources/paused",
    {},
    { incoming: { socket: { remoteAddress: "127.0.0.1", remotePort: 40000, remoteFamily: "IPv4" } }, outgoing: {} },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as Array<{ sourceId: string; lastError: string | null; pausedAt: string | null }>;
}

describe("a source failing for 30 days", () => {
  it("is paused (not deleted), tried weekly, listed for an operator with its last error, and resumed by a success", async () => {
    feeds.set("/gone.xml", { status: 500, body: "gone" });
    feeds.set("/flaky.xml", { status: 500, body: "flaky" });
    const entry = (sourceId: string) => ({
      sourceId,
      name: `Source ${sourceId}`,
      siteUrl: `https://${sourceId}.example`,
      feedUrl: `${feeds.url}/${sourceId}.xml`,
      type: "rss" as const,
    });
    await Sources.ensureCatalogue([entry("gone"), entry("flaky")]);

    // Day 0: both fail. Day 10: flaky works once, then fails again.
    await tick();
    at(10);
    feeds.set("/flaky.xml", { body: good("flaky") });
    await tick();
    expect(await source("flaky")).toMatchObject({ health: "ok", lastSuccessAt: Date.now() });
    feeds.set("/flaky.xml", { status: 503, body: "flaky" });

    // Day 29: failing, not yet paused.
    at(29);
    await tick();
    for (const id of ["gone", "flaky"]) expect(await source(id), id).toMatchObject({ health: "failing" });
    expect(await Sources.paused()).toEqual([]);

    // Day 31: gone (never fetched) has failed 31 days since it was added: paused, next try in a week.
    at(31);
    await tick();
    const paused = await source("gone");
    const pausedAt = Date.now();
    expect(paused).toMatchObject({ health: "paused", pausedAt, lastError: expect.stringMatching(/HTTP 500/) });
    expect(paused.nextFetchAt).toBe(pausedAt + FETCH_POLICY.pausedRetryMs);
    // flaky worked on day 10: 21 days of failure only.
    expect(await source("flaky")).toMatchObject({ health: "failing" });
    expect((await Sources.paused()).map((s) => s.sourceId)).toEqual(["gone"]);
    expect(await listed()).toEqual([
      expect.objectContaining({
        sourceId: "gone",
        pausedAt: new Date(pausedAt).toISOString(),
        lastError: expect.stringMatching(/HTTP 500/),
      }),
    ]);

    // Day 37: not tried again within the week (flaky, still failing, is).
    const goneHits = feeds.hits("/gone.xml");
    const flakyHits = feeds.hits("/flaky.xml");
    at(37);
    await tick();
    expect(feeds.hits("/gone.xml")).toBe(goneHits);
    expect(feeds.hits("/flaky.xml")).toBe(flakyHits + 1);

    // A week after the pause: tried once, still failing, still paused since day 31, next try a week on.
    at(38.01);
    await tick();
    expect(feeds.hits("/gone.xml")).toBe(goneHits + 1);
    const retried = await source("gone");
    expect(retried).toMatchObject({ health: "paused", pausedAt });
    expect(retried.nextFetchAt).toBe(Date.now() + FETCH_POLICY.pausedRetryMs);

    // Day 41: flaky has failed 31 days since its last success: paused too.
    at(41);
    await tick();
    expect(await source("flaky")).toMatchObject({ health: "paused", lastError: expect.stringMatching(/HTTP 503/) });
    expect((await listed()).map((s) => s.sourceId).sort()).toEqual(["flaky", "gone"]);

    // The weekly try that works resumes it: healthy, no longer paused, back to its interval.
    feeds.set("/gone.xml", { body: good("gone") });
    at(45.02);
    await tick();
    const resumed = await source("gone");
    expect(resumed).toMatchObject({ health: "ok", consecutiveFailures: 0, lastSuccessAt: Date.now() });
    expect(resumed.pausedAt).toBeUndefined();
    expect(resumed.lastError).toBeUndefined();
    expect(resumed.nextFetchAt).toBe(Date.now() + resumed.intervalSeconds * 1000);
    expect((await listed()).map((s) => s.sourceId)).toEqual(["flaky"]);
  });
});
