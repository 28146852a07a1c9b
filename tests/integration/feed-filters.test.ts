import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Digest from "@graph/core/modules/digest";
import { FILTER_LIMITS, FILTER_MESSAGES } from "@graph/core/modules/mutes/rules";
import * as Sources from "@graph/core/modules/sources";
import { UserEntity } from "../../packages/core/src/modules/users/user.entity.ts";
import { rss, startFeedServer } from "../support/feeds.ts";
import { errorOf, signedIn, useTestApi } from "../support/runtime.ts";

/**
 * Feed filters by plan: free has none (adding is refused, those kept stay listed, removable and
 * paused), pro has muted words and the advanced filters — a word muted within a topic, the kinds
 * of source and languages shown, countries and subjects left out — each held to its cap under
 * parallel requests and applied in the feed, the following feed, the digest and the Atom feed.
 */
const api = useTestApi();
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
type Person = Awaited<ReturnType<typeof signedIn>>;
type Plan = "free" | "pro" | "team";
const as = (p: { cookie: string }) => api.client({ cookie: p.cookie });
const onPlan = (p: Person, plan: Plan) => UserEntity.patch({ userId: p.userId }).set({ plan }).go();
const idle = () => api.runtime.dispatcher.idle();

/**
 * Eight stories, one source each kind of filter can tell apart. A friend following "Rottnest" is
 * picked the first four, a friend following "Kimberley" and "Wombat" the other four: each
 * friend's session (four picks, all of which the following feed shares) holds them all.
 */
const STORY = {
  country: "Rottnest quokka families at dawn",
  shown1: "Rottnest quokka video diary",
  kind: "Rottnest quokka spotted from the ferry",
  language: "Rottnest Quokka im Sonnenschein",
  subject: "Kimberley quokka plush toys",
  topicWord: "Kimberley quokka selfies go viral",
  shown2: "Wombat selfies in the outback",
  shown3: "Kimberley quokka diet notes",
};
const HIDDEN = [STORY.country, STORY.kind, STORY.language, STORY.subject, STORY.topicWord];
const SHOWN = [STORY.shown1, STORY.shown2, STORY.shown3];
const ALL = [...HIDDEN, ...SHOWN];

const SOURCES = [
  { id: "flt-au", type: "rss", subject: "Wildlife", country: "Australia", titles: [STORY.country] },
  { id: "flt-tube", type: "youtube", subject: "Wildlife", titles: [STORY.shown1] },
  { id: "flt-sky", type: "bluesky", subject: "Travel", country: "New Zealand", titles: [STORY.kind] },
  { id: "flt-de", type: "rss", subject: "Wildlife", country: "Germany", language: "de", titles: [STORY.language] },
  { id: "flt-pets", type: "rss", subject: "Pets", country: "Canada", titles: [STORY.subject] },
  {
    id: "flt-ca",
    type: "rss",
    subject: "Wildlife",
    country: "Canada",
    titles: [STORY.topicWord, STORY.shown2, STORY.shown3],
  },
] as const;

/** The filters that hide exactly HIDDEN, one story each. */
async function setFilters(p: Person) {
  const client = as(p);
  const answers = [
    await client.filters.countries.$post({ json: { country: "australia" } }),
    await client.filters.kinds.$put({ json: { kinds: ["web", "youtube"] } }),
    await client.filters.languages.$post({ json: { language: "EN" } }),
    await client.filters.subjects.$post({ json: { subject: "Pets" } }),
    await client.filters["topic-words"].$post({ json: { topic: "kimberley", word: "Selfie" } }),
  ];
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
}

beforeAll(async () => {
  feeds = await startFeedServer();
  for (const source of SOURCES) {
    feeds.set(`/${source.id}.xml`, {
      body: rss(
        source.id,
        source.titles.map((title, i) => ({
          title,
          summary: "Notes from the field.",
          link: `https://${source.id}.example/${i}`,
          ageHours: 1 + i,
        })),
      ),
    });
  }
  await Sources.ensureCatalogue(
    SOURCES.map((source) => ({
      sourceId: source.id,
      name: source.id,
      siteUrl: `https://${source.id}.example`,
      feedUrl: `${feeds.url}/${source.id}.xml`,
      type: source.type,
      subject: source.subject,
      ...("country" in source ? { country: source.country } : {}),
      ...("language" in source ? { language: source.language } : {}),
    })),
  );
  await api.runtime.dispatcher.runJob("ingest");
  await idle();
});
afterAll(() => feeds?.close());

async function person(plan: Plan, topics: string[] = []) {
  const someone = await signedIn(api);
  await onPlan(someone, plan);
  if (topics.length > 0) {
    expect((await as(someone).gpt.to_db.$post({ json: { keyTopicsArray: topics } })).status).toBe(200);
    await idle();
  }
  return someone;
}

async function feedTitles(p: Person): Promise<string[]> {
  await idle();
  const read = async () => (await as(p).rss.articles.$get({ query: {} })).json();
  await expect.poll(async () => (await read()).preparing).toBe(false);
  return Object.values((await read()).groups).flatMap((g) => g.map((a) => a.title));
}

/** The titles of a friend's sessions on the reader's following feed. */
async function followingTitles(reader: Person, friends: Person[]): Promise<string[]> {
  const page = await (await as(reader).feed.following.$get({ query: {} })).json();
  return page
    .filter((s) => friends.some((f) => f.userId === s.user_id))
    .flatMap((s) => s.graphpicks.map((p) => p.title));
}

async function atomTitles(url: string): Promise<string[]> {
  const response = await api.request("GET", new URL(url).pathname);
  expect(response.status).toBe(200);
  const body = await response.text();
  return [...body.matchAll(/<entry>[\s\S]*?<title[^>]*>([^<]*)<\/title>/g)].map((m) => m[1]!);
}

async function digestText(p: Person): Promise<string> {
  const zone = "America/Los_Angeles";
  const at = Math.ceil((Date.now() + 60_000) / Digest.SLOT_MS) * Digest.SLOT_MS;
  const hhmm = new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const saved = await as(p).users.update_email_digest_preferences.$post({
    json: { wantsEmailDigest: true, localTime: `${hhmm.format(at)}:00`, timezone: zone },
  });
  expect(saved.status).toBe(200);
  expect(await Digest.send({ userId: p.userId, slot: Digest.slotOf(at), now: at })).toBe("sent");
  const [mail] = (await api.mailTo(p.email)).filter((m) => /digest/.test(m.subject));
  return mail!.text;
}

const sorted = (titles: string[]) => [...titles].sort();
/** What the tests read of an answer. */
type Answer = { status: number; json(): Promise<unknown> };

describe("free has no feed filters", () => {
  it("refuses adding a muted word or any filter with plan_required, and changes nothing", async () => {
    const free = await person("free", ["Kimberley"]);
    const client = as(free);
    const before = await (await client.filters.$get()).json();
    const refusals = [
      await client.mutes.$post({ json: { word: "selfies" } }),
      await client.filters["topic-words"].$post({ json: { topic: "Kimberley", word: "selfies" } }),
      await client.filters.kinds.$put({ json: { kinds: ["web"] } }),
      await client.filters.languages.$post({ json: { language: "en" } }),
      await client.filters.countries.$post({ json: { country: "Australia" } }),
      await client.filters.subjects.$post({ json: { subject: "Pets" } }),
    ];
    for (const refusal of refusals) {
      expect(refusal.status).toBe(403);
      expect(await refusal.json()).toMatchObject({
        code: "plan_required",
        feature: "filters",
        plan: "pro",
        upgrade: "/home/upgrade",
      });
    }
    expect((await (await client.mutes.$get()).json()).words).toEqual([]);
    const after = await (await client.filters.$get()).json();
    expect(after).toEqual(before);
    expect(after).toMatchObject({
      topicWords: [],
      kinds: ["web", "youtube", "bluesky"],
      languages: [],
      countries: [],
      subjects: [],
      applies: false,
    });
  });
});

describe("the advanced filters' lists", () => {
  it("refuse bad input with a clear code and change nothing", async () => {
    const pro = await person("pro", ["Kimberley"]);
    const client = as(pro);
    expect((await client.filters["topic-words"].$post({ json: { topic: "Kimberley", word: "selfies" } })).status).toBe(
      200,
    );
    expect((await client.filters.languages.$post({ json: { language: "en" } })).status).toBe(200);
    expect((await client.filters.countries.$post({ json: { country: "Canada" } })).status).toBe(200);
    expect((await client.filters.subjects.$post({ json: { subject: "Pets" } })).status).toBe(200);
    const before = await (await client.filters.$get()).json();
    const refused: Array<[Promise<Answer>, string]> = [
      [client.filters["topic-words"].$post({ json: { topic: "Wombat", word: "diet" } }), "filter_unknown_topic"],
      [client.filters["topic-words"].$post({ json: { topic: "Kimberley", word: "  " } }), "mute_empty"],
      [client.filters["topic-words"].$post({ json: { topic: "kimberley", word: "Selfie" } }), "mute_duplicate"],
      [client.filters.kinds.$put({ json: { kinds: [] } }), "filter_kinds_empty"],
      [client.filters.kinds.$put({ json: { kinds: ["web", "gopher"] } }), "filter_invalid"],
      [client.filters.languages.$post({ json: { language: "english" } }), "filter_invalid"],
      [client.filters.languages.$post({ json: { language: " EN " } }), "filter_duplicate"],
      [client.filters.countries.$post({ json: { country: "Atlantis" } }), "filter_unknown_country"],
      [client.filters.countries.$post({ json: { country: "canada" } }), "filter_duplicate"],
      [
        client.filters.countries.$post({ json: { country: "x".repeat(FILTER_LIMITS.maxNameLength + 1) } }),
        "filter_invalid",
      ],
      [client.filters.subjects.$post({ json: { subject: "Knitting" } }), "filter_unknown_subject"],
      [client.filters.subjects.$post({ json: { subject: "pets" } }), "filter_duplicate"],
    ];
    for (const [answer, code] of refused) {
      const response = await answer;
      expect({ code, status: response.status }).toEqual({ code, status: 400 });
      expect((await errorOf(response)).code).toBe(code);
    }
    expect((await api.request("POST", "/api/filters/languages", { cookie: pro.cookie, body: {} })).status).toBe(400);
    expect(await (await client.filters.$get()).json()).toEqual(before);
    expect(before).toMatchObject({
      topicWords: [{ topic: "Kimberley", word: "selfies" }],
      languages: ["en"],
      countries: ["Canada"],
      subjects: ["Pets"],
      applies: true,
    });
    // Removing folds as adding does; removing what is not there changes nothing.
    expect((await client.filters.countries.$delete({ json: { country: "CANADA" } })).status).toBe(200);
    expect((await client.filters.countries.$delete({ json: { country: "Canada" } })).status).toBe(200);
    expect((await (await client.filters.$get()).json()).countries).toEqual([]);
    // Only the signed-in person's own.
    expect((await api.client().filters.$get()).status).toBe(401);
    expect((await api.client().filters.languages.$post({ json: { language: "fr" } })).status).toBe(401);
  });

  it("hold each cap, and each value once, under 30 parallel requests", async () => {
    const pro = await person("pro", ["Kimberley", "Wombat"]);
    const client = as(pro);
    const thirty = <T>(make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: 30 }, (_, i) => make(i)));
    const statuses = (answers: Answer[]) => answers.map((a) => a.status);
    const count = (answers: Answer[], status: number) => statuses(answers).filter((s) => s === status).length;

    // The same value 30 times: once.
    const sameWord = await thirty((i) =>
      client.filters["topic-words"].$post({
        json: { topic: i % 2 ? "kimberley" : "Kimberley", word: i % 3 ? "Selfie" : "selfies" },
      }),
    );
    expect([count(sameWord, 200), count(sameWord, 400)]).toEqual([1, 29]);
    const sameCountry = await thirty((i) =>
      client.filters.countries.$post({ json: { country: i % 2 ? "canada" : "Canada" } }),
    );
    expect([count(sameCountry, 200), count(sameCountry, 400)]).toEqual([1, 29]);
    expect((await errorOf(sameCountry.find((a) => a.status === 400)!)).code).toBe("filter_duplicate");
    const sameSubject = await thirty(() => client.filters.subjects.$post({ json: { subject: "Pets" } }));
    expect([count(sameSubject, 200), count(sameSubject, 400)]).toEqual([1, 29]);

    // Distinct words within topics: 1 + 30 fit, then only the room left.
    const first = await thirty((i) =>
      client.filters["topic-words"].$post({ json: { topic: "Wombat", word: `first ${i}` } }),
    );
    expect(count(first, 200)).toBe(30);
    const room = FILTER_LIMITS.maxTopicWords - 31;
    const second = await thirty((i) =>
      client.filters["topic-words"].$post({ json: { topic: "Kimberley", word: `second ${i}` } }),
    );
    expect([count(second, 200), count(second, 400)]).toEqual([room, 30 - room]);
    expect(await errorOf(second.find((a) => a.status === 400)!)).toEqual({
      error: FILTER_MESSAGES.tooManyTopicWords,
      code: "limit_reached",
    });

    // 30 distinct languages against a cap of 20.
    const codes = Array.from({ length: 30 }, (_, i) => `q${String.fromCharCode(97 + (i % 26))}${i < 26 ? "" : "x"}`);
    const languages = await thirty((i) => client.filters.languages.$post({ json: { language: codes[i]! } }));
    expect([count(languages, 200), count(languages, 400)]).toEqual([
      FILTER_LIMITS.maxLanguages,
      30 - FILTER_LIMITS.maxLanguages,
    ]);

    // Kinds are one whole choice: whichever write lands last is the choice, never a mix.
    const choices = [["web"], ["youtube", "bluesky"], ["web", "bluesky"]];
    const kinds = await thirty((i) => client.filters.kinds.$put({ json: { kinds: choices[i % 3]! } }));
    expect(count(kinds, 200)).toBe(30);

    const view = await (await client.filters.$get()).json();
    expect(view.topicWords).toHaveLength(FILTER_LIMITS.maxTopicWords);
    expect(view.languages).toHaveLength(FILTER_LIMITS.maxLanguages);
    expect(view.countries).toEqual(["Canada"]);
    expect(view.subjects).toEqual(["Pets"]);
    expect(choices.map((c) => [...c].sort().join())).toContain([...view.kinds].sort().join());
  });
});

describe("the filters applied", () => {
  let rottnest: Person;
  let kimberley: Person;
  let plain: Person;
  let before: Person;
  let atomUrl: string;

  it("show every story while no filter is set (the friends' sessions, the following feed, a feed and its Atom feed)", async () => {
    // Friends on org with no filters, whose first sessions hold all eight stories.
    rottnest = await person("team", ["Rottnest"]);
    kimberley = await person("team", ["Kimberley", "Wombat"]);
    expect(sorted([...(await feedTitles(rottnest)), ...(await feedTitles(kimberley))])).toEqual(sorted(ALL));
    // A follower with no filters (what the following feed shows unfiltered), and a pro person
    // whose feed was made before their filters were set.
    plain = await person("pro");
    before = await person("pro", ["Rottnest", "Kimberley", "Wombat"]);
    for (const follower of [plain, before]) {
      for (const friend of [rottnest, kimberley]) {
        expect((await as(follower).users.follow.$post({ json: { userId: friend.userId } })).status).toBe(200);
      }
    }
    await idle();
    expect(sorted(await followingTitles(plain, [rottnest, kimberley]))).toEqual(sorted(ALL));
    expect(sorted(await feedTitles(before))).toEqual(sorted(ALL));
    atomUrl = (await (await as(before).atom.$post()).json()).url!;
    expect(sorted(await atomTitles(atomUrl))).toEqual(sorted(ALL));
    await setFilters(before);
  });

  it("hide what each filter names from a feed made afterwards, and from the digest", async () => {
    const after = await person("pro");
    await setFiltersAfterTopics(after);
    expect(sorted(await feedTitles(after))).toEqual(sorted(SHOWN));
    const digest = await digestText(after);
    for (const title of SHOWN) expect(digest).toContain(title);
    for (const title of HIDDEN) expect(digest).not.toContain(title);
  });

  it("hide it at once from a feed made before, the following feed and the Atom feed", async () => {
    expect(sorted(await feedTitles(before))).toEqual(sorted(SHOWN));
    expect(sorted(await followingTitles(before, [rottnest, kimberley]))).toEqual(sorted(SHOWN));
    expect(sorted(await atomTitles(atomUrl))).toEqual(sorted(SHOWN));
  });

  it("pause on a downgrade, listed and removable but not applied, and apply again on an upgrade", async () => {
    expect((await as(before).mutes.$post({ json: { word: "diet" } })).status).toBe(200);
    expect(sorted(await feedTitles(before))).toEqual(sorted(SHOWN.filter((t) => t !== STORY.shown3)));

    await onPlan(before, "free");
    const paused = await (await as(before).filters.$get()).json();
    expect(paused).toMatchObject({
      topicWords: [{ topic: "Kimberley", word: "Selfie" }],
      kinds: ["web", "youtube"],
      languages: ["en"],
      countries: ["Australia"],
      subjects: ["Pets"],
      applies: false,
    });
    expect((await (await as(before).mutes.$get()).json()).words).toEqual(["diet"]);
    expect(sorted(await feedTitles(before))).toEqual(sorted(ALL));
    expect(sorted(await followingTitles(before, [rottnest, kimberley]))).toEqual(sorted(ALL));
    expect(sorted(await atomTitles(atomUrl))).toEqual(sorted(ALL));
    // Removing stays open to free; adding back does not.
    expect((await as(before).mutes.$delete({ json: { word: "diet" } })).status).toBe(200);
    expect((await as(before).mutes.$post({ json: { word: "diet" } })).status).toBe(403);
    expect((await (await as(before).mutes.$get()).json()).words).toEqual([]);

    await onPlan(before, "pro");
    expect((await (await as(before).filters.$get()).json()).applies).toBe(true);
    expect(sorted(await feedTitles(before))).toEqual(sorted(SHOWN));
    expect(sorted(await followingTitles(before, [rottnest, kimberley]))).toEqual(sorted(SHOWN));
    expect(sorted(await atomTitles(atomUrl))).toEqual(sorted(SHOWN));
  });
});

/** A person's topics first (a word is muted within one of their own), then their filters. */
async function setFiltersAfterTopics(p: Person) {
  expect((await as(p).gpt.to_db.$post({ json: { keyTopicsArray: ["Rottnest", "Kimberley", "Wombat"] } })).status).toBe(
    200,
  );
  await setFilters(p);
}
