import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as Sources from "@graph/core/modules/sources";
import { rss, startFeedServer, type FeedItem } from "../support/feeds.ts";
import { signedIn, useTestApi } from "../support/runtime.ts";

/**
 * A new stage's onboarding page: nobody follows a topic yet and the hourly count has not run,
 * so no subject has topics. The page's first read asks for a count (once, however many read at
 * the same time), and the count gives each subject the built-in topics its articles name.
 * A runtime of its own (vitest.config.ts): it must start with no subject counted.
 */
const api = useTestApi();
let feeds: Awaited<ReturnType<typeof startFeedServer>>;

const items = (site: string, titles: string[]): FeedItem[] =>
  titles.map((title, i) => ({ title, link: `https://${site}.example/${i}`, ageHours: i + 1 }));

beforeAll(async () => {
  feeds = await startFeedServer();
  feeds.set("/sky.xml", {
    body: rss(
      "Night Sky",
      items("sky", [
        "Astronomy for beginners: exoplanets you can find tonight",
        "Amateur astronomy finds two black holes merging",
        "What astronomy owes to a backyard telescope",
        "Exoplanets with water, ranked",
      ]),
    ),
  });
  feeds.set("/pots.xml", { body: rss("Pots", items("pots", ["Terracotta, glazed or plastic: a comparison"])) });
  await Sources.ensureCatalogue([
    {
      sourceId: "sky",
      name: "Night Sky",
      siteUrl: "https://sky.example",
      feedUrl: `${feeds.url}/sky.xml`,
      type: "rss",
      subject: "Space",
    },
    {
      sourceId: "pots",
      name: "Pots",
      siteUrl: "https://pots.example",
      feedUrl: `${feeds.url}/pots.xml`,
      type: "rss",
      subject: "Pottery",
    },
  ]);
  await api.runtime.dispatcher.runJob("ingest");
  await api.runtime.dispatcher.idle();
});
afterAll(() => feeds?.close());

async function subjectsOf(cookie: string) {
  const response = await api.client({ cookie }).rss.subjects.$get();
  expect(response.status).toBe(200);
  return (await response.json()).subjects;
}

/** The subject-topic counts queued while `action` runs. */
async function countsQueuedBy(action: () => Promise<unknown>): Promise<number> {
  const send = vi.spyOn(api.runtime.dispatcher, "send");
  try {
    await action();
    return send.mock.calls.filter(
      ([queue, body]) => queue === "IngestQueue" && JSON.parse(body).kind === "subject-topics",
    ).length;
  } finally {
    send.mockRestore();
  }
}

describe("subjects' topics on a new stage", () => {
  it("are counted when first asked for and none exist: 30 reads at once queue one count", async () => {
    const person = await signedIn(api);
    api.runtime.dispatcher.hold("IngestQueue");
    let answers: Array<Awaited<ReturnType<typeof subjectsOf>>> = [];
    try {
      const queued = await countsQueuedBy(async () => {
        answers = await Promise.all(Array.from({ length: 30 }, () => subjectsOf(person.cookie)));
      });
      expect(queued).toBe(1);
      // Answered at once, before the count: every subject, none with topics yet.
      expect(answers).toHaveLength(30);
      for (const subjects of answers) {
        expect(subjects.map((s) => s.subject)).toEqual(["Pottery", "Space"]);
        expect(subjects.every((s) => s.topics.length === 0)).toBe(true);
      }
      // Asked again before the count has run: nothing more is queued.
      expect(await countsQueuedBy(() => subjectsOf(person.cookie))).toBe(0);
    } finally {
      api.runtime.dispatcher.release("IngestQueue");
    }
    await api.runtime.dispatcher.idle();

    // Nobody follows a topic: Space gets the built-in topics its articles name, most named first;
    // Pottery's one article names none, so it has none (the page leaves it out).
    expect(await subjectsOf(person.cookie)).toEqual([
      { subject: "Pottery", sources: 1, topics: [] },
      { subject: "Space", sources: 1, topics: ["Astronomy", "Exoplanets", "Black Holes"] },
    ]);
    // Once a subject has topics, reading them asks for no count.
    expect(await countsQueuedBy(() => subjectsOf(person.cookie))).toBe(0);
  });
});
