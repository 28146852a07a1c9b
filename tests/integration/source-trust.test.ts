import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SourceEntity } from "../../packages/core/src/modules/sources/source.entity.ts";
import { SourceSuggesterEntity } from "../../packages/core/src/modules/sources/source-suggester.entity.ts";
import { SuggestedSourceEntity } from "../../packages/core/src/modules/sources/suggested-source.entity.ts";
import { FeedState } from "@graph/core/modules/feed";
import { ingestSource } from "@graph/core/workflows/ingest";
import { checkSuggestion } from "@graph/core/workflows/source-trust";
import * as Search from "@graph/core/modules/search";
import * as Sources from "@graph/core/modules/sources";
import { FETCH_POLICY, TRUST_SUGGESTERS } from "@graph/core/modules/sources";
import { rss, startFeedServer, type FeedItem } from "../support/feeds.ts";
import { signedIn, travel, useTestApi } from "../support/runtime.ts";

const api = useTestApi();
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
/** The feed server is on 127.0.0.1: checks and fetches here must allow private addresses. */
const allowPrivate = { allowPrivateFeeds: true } as const;

beforeAll(async () => {
  feeds = await startFeedServer();
});
afterAll(() => feeds?.close());

type Person = Awaited<ReturnType<typeof signedIn>>;

async function reader(topics: string[]): Promise<Person> {
  const person = await signedIn(api);
  const response = await api.client({ cookie: person.cookie }).gpt.to_db.$post({ json: { keyTopicsArray: topics } });
  expect(response.status).toBe(200);
  await api.runtime.dispatcher.idle();
  return person;
}

/** A person suggests `link` and the check runs (as the queued job would, private addresses allowed). */
async function suggest(person: Person, link: string) {
  const suggestionId = randomUUID();
  await SuggestedSourceEntity.create({
    userId: person.userId,
    suggestionId,
    websiteUrl: link,
    rssFeedUrl: "",
    approvalState: "pending",
    createdAt: Date.now(),
  }).go();
  const checked = await checkSuggestion(person.userId, suggestionId, allowPrivate);
  const { data } = await SuggestedSourceEntity.get({ userId: person.userId, suggestionId }).go();
  return { state: checked?.approval_state, sourceId: data?.sourceId };
}

/** The titles in a person's feed, computed afresh. */
async function feedTitles(person: Person): Promise<string[]> {
  await FeedState.markStale(person.userId);
  const response = await api.client({ cookie: person.cookie }).rss.articles.$get({ query: {} });
  expect(response.status).toBe(200);
  const body = await response.json();
  return Object.values(body.groups)
    .flat()
    .map((a) => a.title);
}

async function searchTitles(q: string): Promise<string[]> {
  await Search.buildDirtySegments({ settleMs: 0, minIntervalMs: 0 });
  return (await Search.searchArticles(q, 1)).results.map((r) => r.title);
}

/** Serves a feed on the local feed server and answers its address. */
async function serve(path: string, title: string, items: FeedItem[]) {
  feeds.set(path, { body: rss(title, items) });
  return `${feeds.url}${path}`;
}

/** Ingests a suggested source (its queued first fetch was refused: this runtime refuses private addresses). */
async function ingest(sourceId: string) {
  await api.runtime.dispatcher.idle();
  travel(FETCH_POLICY.refetchGuardMs + 1_000);
  expect(await ingestSource(sourceId, allowPrivate)).toMatchObject({ status: "ok" });
}

describe("a suggested source", () => {
  it(`feeds only the people who suggested it until ${TRUST_SUGGESTERS} different people have`, async () => {
    const story = "Glacier caves glow blue under the ice sheet";
    const link = await serve("/glacier/feed.xml", "Glacier Notes", [
      { title: story, summary: "Inside the glacier caves.", link: "https://glacier-notes.example/caves" },
    ]);
    const [ada, bob, cy, dee] = await Promise.all([1, 2, 3, 4].map(() => reader(["Glacier Caves"])));

    const first = await suggest(ada!, link);
    expect(first.state).toBe("approved");
    const sourceId = first.sourceId!;
    expect(await Sources.get(sourceId)).toMatchObject({ trusted: false, origin: "suggested", suggesterCount: 1 });
    await ingest(sourceId);

    expect(await feedTitles(ada!)).toContain(story);
    expect(await feedTitles(bob!)).not.toContain(story);
    expect(await searchTitles("glacier caves")).not.toContain(story);

    // A second person: they see it, nobody else yet. Suggesting it again counts them once.
    expect(await suggest(bob!, link)).toEqual({ state: "duplicate", sourceId });
    expect(await suggest(bob!, link)).toEqual({ state: "duplicate", sourceId });
    expect(await Sources.get(sourceId)).toMatchObject({ trusted: false, suggesterCount: 2 });
    expect(await feedTitles(bob!)).toContain(story);
    expect(await feedTitles(dee!)).not.toContain(story);

    // The third different person makes it trusted: it reaches everyone, search included.
    expect(await suggest(cy!, link)).toEqual({ state: "duplicate", sourceId });
    expect(await Sources.get(sourceId)).toMatchObject({ trusted: true, suggesterCount: 3 });
    const { data: suggesters } = await SourceSuggesterEntity.query.bySource({ sourceId }).go();
    expect(suggesters.map((s) => s.userId).sort()).toEqual([ada!.userId, bob!.userId, cy!.userId].sort());
    expect(await Sources.untrustedIds()).not.toContain(sourceId);
    expect(await feedTitles(dee!)).toContain(story);
    expect(await searchTitles("glacier caves")).toContain(story);
  });

  it("counts each suggester once however many suggest at the same time", async () => {
    const link = await serve("/crowd/feed.xml", "Crowd Notes", [
      { title: "Crowds gather for the eclipse", link: "https://crowd-notes.example/eclipse" },
    ]);
    const people = await Promise.all([1, 2, 3, 4, 5].map(() => signedIn(api)));
    const first = await suggest(people[0]!, link);
    const rest = await Promise.all(people.slice(1).flatMap((p) => [suggest(p, link), suggest(p, link)]));
    expect(rest.every((r) => r.state === "duplicate" && r.sourceId === first.sourceId)).toBe(true);
    expect(await Sources.get(first.sourceId!)).toMatchObject({ trusted: true, suggesterCount: 5 });
  });

  it("reaches everyone once an operator trusts it (dev route, loopback only), and 404s for an unknown id", async () => {
    const story = "Glacier caves mapped by drone";
    const link = await serve("/drone/feed.xml", "Drone Survey", [
      { title: story, link: "https://drone-survey.example/caves" },
    ]);
    const [eve, finn] = await Promise.all([reader(["Glacier Caves"]), reader(["Glacier Caves"])]);
    const { sourceId } = await suggest(eve, link);
    await ingest(sourceId!);
    expect(await feedTitles(finn)).not.toContain(story);

    // From the network the route does not exist, and nothing changes.
    const fromNetwork = await api.runtime.root.request(
      `http://graph.test/api/dev/sources/${sourceId}/trust`,
      { method: "POST" },
      {
        incoming: { socket: { remoteAddress: "192.0.2.44", remotePort: 40000, localAddress: "0.0.0.0" } },
        outgoing: {},
      },
    );
    expect(fromNetwork.status).toBe(404);
    expect(await Sources.get(sourceId!)).toMatchObject({ trusted: false });

    const response = await fetch(`${api.runtime.url}/api/dev/sources/${sourceId}/trust`, { method: "POST" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ sourceId, trusted: true });
    expect(await Sources.get(sourceId!)).toMatchObject({ trusted: true, suggesterCount: 1 });
    expect(await feedTitles(finn)).toContain(story);
    expect(await searchTitles("caves drone")).toContain(story);

    expect((await fetch(`${api.runtime.url}/api/dev/sources/no-such-source/trust`, { method: "POST" })).status).toBe(
      404,
    );
  });

  it("never may live on a private address, even once trusted", async () => {
    const link = await serve("/private-trusted/feed.xml", "Quiet Lane", [
      { title: "A quiet lane story", link: "https://quiet-lane.example/1" },
    ]);
    const people = await Promise.all([1, 2, 3].map(() => signedIn(api)));
    const { sourceId } = await suggest(people[0]!, link);
    for (const person of people.slice(1)) await suggest(person, link);
    const source = (await Sources.get(sourceId!))!;
    expect(source).toMatchObject({ trusted: true, origin: "suggested" });
    expect(Sources.mayUsePrivateAddress(source)).toBe(false);
    await api.runtime.dispatcher.idle();
    travel(FETCH_POLICY.refetchGuardMs + 1_000);
    const report = await ingestSource(sourceId!, { allowPrivateFeeds: false });
    expect(report).toMatchObject({ status: "failed", error: expect.stringMatching(/private address/) });
  });

  it("stored before trust was recorded, joins the untrusted list at its next fetch", async () => {
    const story = "Glacier caves of the old archive";
    feeds.set("/legacy/feed.xml", {
      body: rss("Legacy Digest", [{ title: story, link: "https://legacy-digest.example/caves" }]),
    });
    const sourceId = `src_legacy_${randomUUID().slice(0, 8)}`;
    await SourceEntity.create({
      sourceId,
      name: "Legacy Digest",
      siteUrl: "https://legacy-digest.example",
      feedUrl: `${feeds.url}/legacy/feed.xml`,
      type: "rss",
      trusted: false,
      nextFetchAt: Date.now(),
      createdAt: Date.now(),
    }).go();
    const someone = await reader(["Glacier Caves"]);
    travel(FETCH_POLICY.refetchGuardMs + 1_000);
    expect(await ingestSource(sourceId, allowPrivate)).toMatchObject({ status: "ok", added: 1 });
    expect(await Sources.untrustedIds()).toContain(sourceId);
    expect(await Sources.get(sourceId)).toMatchObject({ origin: "suggested", trusted: false });
    expect(await feedTitles(someone)).not.toContain(story);
  });
});
