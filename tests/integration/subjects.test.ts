import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Sources from "@graph/core/modules/sources";
import { rss, startFeedServer, type FeedItem } from "../support/feeds.ts";
import { signedIn, useTestApi } from "../support/runtime.ts";

/**
 * Subjects: each catalogue source's subject is shown with its articles, and the subject-topics
 * job counts, per subject, the topic phrases its sources' recent articles matched.
 */
const api = useTestApi();
let feeds: Awaited<ReturnType<typeof startFeedServer>>;

const items = (site: string, titles: string[]): FeedItem[] =>
  titles.map((title, i) => ({ title, link: `https://${site}.example/${i}`, ageHours: i + 1 }));

const catalogue = (pitchSubject: string): Sources.CatalogueEntry[] => [
  {
    sourceId: "pitch",
    name: "Pitch",
    siteUrl: "https://pitch.example",
    feedUrl: `${feeds.url}/pitch.xml`,
    type: "rss",
    subject: pitchSubject,
  },
  {
    sourceId: "kettle",
    name: "Kettle",
    siteUrl: "https://kettle.example",
    feedUrl: `${feeds.url}/kettle.xml`,
    type: "rss",
    subject: "Food",
  },
  {
    sourceId: "almanac",
    name: "Almanac",
    siteUrl: "https://almanac.example",
    feedUrl: `${feeds.url}/almanac.xml`,
    type: "rss",
    subject: "Gardening",
  },
  {
    sourceId: "plain",
    name: "Plain",
    siteUrl: "https://plain.example",
    feedUrl: `${feeds.url}/plain.xml`,
    type: "rss",
  },
];

const TOPICS = ["Fast Bowling", "Test Match", "Spin Bowling", "Sourdough"];

beforeAll(async () => {
  feeds = await startFeedServer();
  feeds.set("/pitch.xml", {
    body: rss(
      "Pitch",
      items("pitch", [
        "Fast bowling wins the test match at Lord's",
        "A fast bowling spell for the ages in Perth",
        "Why fast bowling coaches fear the heat",
        "Rain stops the second test match early",
        "Spin bowling makes a comeback in county cricket",
      ]),
    ),
  });
  feeds.set("/kettle.xml", {
    body: rss(
      "Kettle",
      items("kettle", [
        "Sourdough starters, compared side by side",
        "A sourdough loaf in four hours flat",
        "Our kitchen's test match: two ovens, one cake",
      ]),
    ),
  });
  feeds.set("/almanac.xml", { body: rss("Almanac", items("almanac", ["Balcony pots for the winter months"])) });
  // Matches a phrase four times over, from a source with no subject: counted for none.
  feeds.set("/plain.xml", {
    body: rss(
      "Plain",
      items("plain", [
        "Spin bowling explained for newcomers",
        "Spin bowling grips you can try today",
        "The physics of spin bowling, slowly",
        "Spin bowling heroes of the nineties",
      ]),
    ),
  });
  await Sources.ensureCatalogue(catalogue("Cricket"));
  await api.runtime.dispatcher.runJob("ingest");
  await api.runtime.dispatcher.idle();
});
afterAll(() => feeds?.close());

async function personWithTopics() {
  const person = await signedIn(api);
  const added = await api.client({ cookie: person.cookie }).gpt.to_db.$post({ json: { keyTopicsArray: TOPICS } });
  expect(added.status).toBe(200);
  // Their new phrases are matched against the stored articles (a backfill) before this returns.
  await api.runtime.dispatcher.idle();
  return person;
}

async function countTopics() {
  await api.runtime.dispatcher.runJob("subject-topics");
  await api.runtime.dispatcher.idle();
}

const subjectsOf = async (cookie: string) => {
  const response = await api.client({ cookie }).rss.subjects.$get();
  expect(response.status).toBe(200);
  return (await response.json()).subjects;
};

describe("subjects", () => {
  it("refuses someone signed out", async () => {
    const response = await api.client().rss.subjects.$get();
    expect(response.status).toBe(401);
  });

  it("answers every subject with its sources, with no topics before any were counted", async () => {
    const person = await signedIn(api);
    expect(await subjectsOf(person.cookie)).toEqual([
      { subject: "Cricket", sources: 1, topics: [] },
      { subject: "Food", sources: 1, topics: [] },
      { subject: "Gardening", sources: 1, topics: [] },
    ]);
  });

  it("counts each subject's top topics from its own sources' matched articles, most matched first", async () => {
    const person = await personWithTopics();
    await countTopics();
    const subjects = await subjectsOf(person.cookie);
    expect(subjects).toEqual([
      // Spin Bowling: one Pitch article; the four of the source with no subject count for none.
      { subject: "Cricket", sources: 1, topics: ["Fast Bowling", "Test Match", "Spin Bowling"] },
      // Food's one test match article counts for Food, not for Cricket.
      { subject: "Food", sources: 1, topics: ["Sourdough", "Test Match"] },
      // Nothing of Gardening matched: it is still offered, with no topics.
      { subject: "Gardening", sources: 1, topics: [] },
    ]);
  });

  it("shows each article's source subject in the feed, and a subject changed in the catalogue at once", async () => {
    const person = await personWithTopics();
    const read = async () => {
      const response = await api.client({ cookie: person.cookie }).rss.articles.$get({ query: {} });
      expect(response.status).toBe(200);
      return Object.values((await response.json()).groups).flat();
    };
    const articles = await read();
    const bySource = (id: string) => articles.filter((a) => a.source_id === id);
    expect(bySource("pitch").length).toBeGreaterThan(0);
    expect(bySource("kettle").length).toBeGreaterThan(0);
    expect(bySource("plain").length).toBeGreaterThan(0);
    for (const a of bySource("pitch")) expect(a.subject).toBe("Cricket");
    for (const a of bySource("kettle")) expect(a.subject).toBe("Food");
    for (const a of bySource("plain")) expect(a).not.toHaveProperty("subject");
    // The spec's fields are all still there.
    expect(Object.keys(bySource("pitch")[0]!).sort()).toEqual(
      [
        "bestMatchingKeywords",
        "id",
        "isAddedToGraph",
        "link",
        "publishedAt",
        "seen",
        "source_id",
        "source_name",
        "subject",
        "title",
        "type",
      ].sort(),
    );

    await Sources.ensureCatalogue(catalogue("Sport"));
    // The stored session is answered again, its articles with the subject as it is now.
    const again = await read();
    expect(again.map((a) => a.id)).toEqual(articles.map((a) => a.id));
    for (const a of again.filter((x) => x.source_id === "pitch")) expect(a.subject).toBe("Sport");
    const subjects = await subjectsOf(person.cookie);
    expect(subjects.map((s) => s.subject)).toEqual(["Food", "Gardening", "Sport"]);
  });
});
