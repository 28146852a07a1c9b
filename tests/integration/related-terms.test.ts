import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ingestSource } from "@graph/core/workflows/ingest";
import { trustSource } from "@graph/core/workflows/source-trust";
import * as Sources from "@graph/core/modules/sources";
import { phraseKey } from "@graph/core/lib/matching";
import {
  BUILD_REQUEST_MS,
  currentBackground,
  MIN_RELATED_TERMS,
  requestBackground,
  strongTermsOf,
} from "@graph/core/modules/vocabulary";
import { SourceEntity } from "../../packages/core/src/modules/sources/source.entity.ts";
import { corpus } from "../../packages/core/src/modules/vocabulary/fixtures/corpus.ts";
import { rss, startFeedServer, type FeedItem } from "../support/feeds.ts";
import { K8S_NAMING, K8S_RELATED } from "../support/related-articles.ts";
import { signedIn, travel, useTestApi } from "../support/runtime.ts";

/**
 * Related terms end to end: trusted articles that name a topic teach it its vocabulary, a job
 * builds the background (when a topic first needs one, and on its schedule), and an article that
 * never names the topic reaches its followers through its terms, saying which.
 */
const api = useTestApi();
let feeds: Awaited<ReturnType<typeof startFeedServer>>;

const item = (title: string, summary: string, i: number, ageHours = 2): FeedItem => ({
  title,
  summary,
  link: `https://news.example/${encodeURIComponent(title.toLowerCase().replace(/\W+/g, "-"))}-${i}`,
  ageHours,
});

const CRICKET_NAMING = [
  [
    "Cricket: spinner takes five on day two",
    "The bowler found turn; the batsman fell lbw and the innings closed early.",
  ],
  ["County cricket round-up", "A seamer's wicket haul, a century at the crease and an umpire review."],
  ["Cricket's new over rate rules", "Fielders and bowlers race the clock; the umpire counts each over of the innings."],
  [
    "Women's cricket final preview",
    "The spinner and the seamer who took the most wickets, and an opening batsman in form.",
  ],
  ["Cricket: the art of the yorker", "A bowler's guide: the crease, the stumps, the batsman's toes and the wicket."],
  ["A rain-hit cricket test", "Only one innings; the umpire called off play with the spinner on a hat-trick wicket."],
  ["Cricket nets at dawn", "Seamers hit a length, a batsman works on the crease, the spinner bowls to a fielder."],
  [
    "Cricket's best catches of the year",
    "A fielder at slip, a wicket off the seamer, an umpire unsure and an innings turned.",
  ],
];
const CRICKET_RELATED = [
  "Spinner and seamer share the wickets",
  "The bowler found the edge twice before the umpire gave an lbw, and the innings closed before tea.",
];
const SOURDOUGH_NAMING = Array.from({ length: 8 }, (_, i) => [
  `Sourdough notes ${"abcdefgh"[i]}`,
  "Levain, crumb, hydration and banneton: the starter rose and the crust sang.",
]);

/** For the background's first build: Python's articles, and others that name no followed topic. */
const PY_NAMING = corpus()
  .articles.filter((a) => a.kind === "naming" && a.about.includes("Python"))
  .slice(0, 12);
const PY_RELATED = corpus().articles.find((a) => a.id === "Python-r3")!;
const PY_BACKGROUND = corpus()
  .articles.filter((a) => a.kind === "unrelated")
  .slice(40);

beforeAll(async () => {
  feeds = await startFeedServer();
  const background = corpus().articles.filter((a) => a.kind === "unrelated" || a.kind === "trap");
  feeds.set("/ops.xml", {
    body: rss("Ops Weekly", [
      ...K8S_NAMING.map(([t, s], i) => item(t!, s!, i)),
      item(K8S_RELATED[0]!, K8S_RELATED[1]!, 90, 1),
    ]),
  });
  feeds.set("/sport.xml", {
    body: rss("Sport Daily", [
      ...CRICKET_NAMING.map(([t, s], i) => item(t!, s!, i)),
      item(CRICKET_RELATED[0]!, CRICKET_RELATED[1]!, 90, 1),
    ]),
  });
  feeds.set("/world.xml", {
    body: rss(
      "World Desk",
      background.slice(0, 40).map((a, i) => item(a.title, a.summary, i, 3)),
    ),
  });
  feeds.set("/bakery.xml", {
    body: rss(
      "Bakery Blog",
      SOURDOUGH_NAMING.map(([t, s], i) => item(t!, s!, i)),
    ),
  });
  feeds.set("/pydigest.xml", {
    body: rss("Py Digest", [
      ...PY_NAMING.map((a, i) => item(a.title, a.summary, i)),
      item(PY_RELATED.title, PY_RELATED.summary, 90, 1),
    ]),
  });
  feeds.set("/newsdesk.xml", {
    body: rss(
      "News Desk",
      PY_BACKGROUND.map((a, i) => item(a.title, a.summary, i, 3)),
    ),
  });
  const source = (sourceId: string, name: string) => ({
    sourceId,
    name,
    siteUrl: `https://${sourceId}.example`,
    feedUrl: `${feeds.url}/${sourceId}.xml`,
    type: "rss" as const,
  });
  await Sources.ensureCatalogue([
    source("ops", "Ops Weekly"),
    source("sport", "Sport Daily"),
    source("world", "World Desk"),
    source("pydigest", "Py Digest"),
    source("newsdesk", "News Desk"),
  ]);
  const now = Date.now();
  // A source nobody trusts (stored before trust was recorded: its first fetch lists it as
  // untrusted): it reaches nobody else and teaches nothing.
  await SourceEntity.create({
    ...source("bakery", "Bakery Blog"),
    trusted: false,
    nextFetchAt: now,
    createdAt: now,
  }).go();
});
afterAll(() => feeds?.close());

async function follow(topics: string[]) {
  const person = await signedIn(api);
  const response = await api.client({ cookie: person.cookie }).gpt.to_db.$post({ json: { keyTopicsArray: topics } });
  expect(response.status).toBe(200);
  await api.runtime.dispatcher.idle();
  return person;
}

async function feedOf(cookie: string) {
  const response = await api.client({ cookie }).rss.articles.$get({ query: {} });
  expect(response.status).toBe(200);
  return Object.values((await response.json()).groups).flat();
}

/** The vocabulary jobs queued while `action` runs. */
async function vocabularyJobsQueuedBy(action: () => Promise<unknown>): Promise<number> {
  const send = vi.spyOn(api.runtime.dispatcher, "send");
  try {
    await action();
    return send.mock.calls.filter(([queue, body]) => queue === "IngestQueue" && JSON.parse(body).kind === "vocabulary")
      .length;
  } finally {
    send.mockRestore();
  }
}

describe("the background of related terms", () => {
  // First in the file: the runtime is fresh, with no background, as a new stage is. Its own
  // sources and topic (Python), so the tests below find theirs as they left them.
  it("is built as soon as a topic needs it, not at the next scheduled build", async () => {
    expect((await currentBackground()).articles).toBe(0);
    const person = await follow(["Python"]);
    // Articles enough for a background, that no followed topic names: nothing needs one yet.
    expect((await ingestSource("newsdesk", { allowPrivateFeeds: true })).status).toBe("ok");
    await api.runtime.dispatcher.idle();
    expect((await currentBackground()).articles).toBe(0);

    // Python is named by enough trusted articles to learn from: the background is built now
    // (queued once), the phrase learns against it, and recent articles are matched again.
    const queued = await vocabularyJobsQueuedBy(async () => {
      expect((await ingestSource("pydigest", { allowPrivateFeeds: true })).status).toBe("ok");
      await api.runtime.dispatcher.idle();
    });
    expect(queued).toBe(1);
    expect((await currentBackground()).articles).toBeGreaterThanOrEqual(PY_BACKGROUND.length);
    expect((await strongTermsOf(["python"])).get("python")!.length).toBeGreaterThanOrEqual(MIN_RELATED_TERMS);
    const related = (await feedOf(person.cookie)).find((a) => a.title === PY_RELATED.title);
    expect(related?.bestMatchingKeywords).toEqual(["Python"]);
    expect(related?.via?.Python?.length).toBeGreaterThanOrEqual(MIN_RELATED_TERMS);
  });

  it("is asked for once however many ask at the same time", async () => {
    // Past the window in which the build above was asked for; the build itself is shown above,
    // so the one queued here is left unrun.
    travel(BUILD_REQUEST_MS + 1000);
    api.runtime.dispatcher.hold("IngestQueue");
    try {
      let asked: boolean[] = [];
      const queued = await vocabularyJobsQueuedBy(async () => {
        asked = await Promise.all(Array.from({ length: 30 }, () => requestBackground()));
      });
      expect(asked.filter(Boolean)).toHaveLength(1);
      expect(queued).toBe(1);
      // And not again within the window.
      expect(await requestBackground()).toBe(false);
    } finally {
      await api.runtime.dispatcher.purge("IngestQueue");
      api.runtime.dispatcher.release("IngestQueue");
      vi.useRealTimers();
    }
  });
});

describe("related terms", () => {
  it("brings a follower an article that never names the topic, saying through which terms", async () => {
    const person = await follow(["Kubernetes", "Sourdough"]);
    for (const sourceId of ["ops", "sport", "world", "bakery"]) {
      expect((await ingestSource(sourceId, { allowPrivateFeeds: true })).status).toBe("ok");
    }
    // The background is built by the scheduled job; the phrases learn against it and the
    // articles read before that are matched again through their terms (queued jobs).
    await api.runtime.dispatcher.runJob("vocabulary");
    await api.runtime.dispatcher.idle();

    const terms = (await strongTermsOf(["kubernete"])).get("kubernete")!.map((t) => t.term);
    expect(terms).toEqual(expect.arrayContaining(["kubelet", "helm", "etcd", "sidecar"]));
    const articles = await feedOf(person.cookie);
    const related = articles.find((a) => a.title === K8S_RELATED[0]);
    expect(related?.bestMatchingKeywords).toEqual(["Kubernetes"]);
    expect(related?.via?.Kubernetes?.length).toBeGreaterThanOrEqual(2);
    // Spelt as the article writes them ("pods"), each one of the phrase's strong terms once folded.
    for (const term of related!.via!.Kubernetes!) expect(terms).toContain(phraseKey(term));
    expect(articles.some((a) => a.source_id === "bakery")).toBe(false);
    // Articles that name the topic say nothing of related terms, and rank above it.
    const named = articles.filter((a) => a.title.startsWith("Kubernetes"));
    expect(named.length).toBeGreaterThan(0);
    expect(named.every((a) => a.via === undefined)).toBe(true);
    expect(articles.indexOf(related!)).toBeGreaterThan(articles.indexOf(named[0]!));
  });

  it("learns nothing from a source nobody trusts, until it is trusted", async () => {
    expect((await strongTermsOf(["sourdough"])).get("sourdough") ?? []).toEqual([]);
    await trustSource("bakery");
    await api.runtime.dispatcher.runJob("vocabulary");
    await api.runtime.dispatcher.idle();
    expect((await strongTermsOf(["sourdough"])).get("sourdough")!.map((t) => t.term)).toEqual(
      expect.arrayContaining(["levain", "crumb"]),
    );
  });

  it("teaches a topic followed later from the articles already stored", async () => {
    const person = await follow(["Cricket"]);
    await api.runtime.dispatcher.idle();
    const related = (await feedOf(person.cookie)).find((a) => a.title === CRICKET_RELATED[0]);
    expect(related?.via?.Cricket).toEqual(expect.arrayContaining([expect.any(String), expect.any(String)]));
  });
});
