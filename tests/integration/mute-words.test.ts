import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Accounts from "@graph/core/workflows/account-deletion";
import * as Digest from "@graph/core/modules/digest";
import { MUTE_LIMITS, MUTE_MESSAGES } from "@graph/core/modules/mutes/rules";
import { PLAN_LIMITS, postsPerRefresh } from "@graph/core/lib/plans/rules";
import { DIGEST_KINDS } from "@graph/core/modules/digest/rules";
import * as Sources from "@graph/core/modules/sources";
import { UserEntity } from "../../packages/core/src/modules/users/user.entity.ts";
import { rss, startFeedServer } from "../support/feeds.ts";
import { errorOf, signedIn, useTestApi } from "../support/runtime.ts";

/**
 * Muted words: a per-person list (a limit held under parallel requests, bad words refused, only
 * the person's own), and the articles naming a muted word left out of the feed (without using up
 * the plan's posts), the e-mail digest and the following feed. Muting is part of the plans with
 * filters: everyone here is on org, whose refresh (27 articles) is less than the plain articles.
 */
const api = useTestApi();
let feeds: Awaited<ReturnType<typeof startFeedServer>>;

const DISHES = ["rye", "spelt", "focaccia", "bagels", "pretzels", "baguettes", "ciabatta", "brioche", "challah"];
const MORE = ["pita", "naan", "scones", "muffins", "crumpets", "pancakes", "waffles", "crackers"];
/** Enough plain articles that the muted ones, if chosen, would take places a refresh gives. */
const EVEN_MORE = ["bannock", "blini", "chapati", "crispbread", "injera", "lavash", "matzo", "paratha"];
const YET_MORE = ["pumpernickel", "roti", "soda bread", "tortillas", "zopf", "kulich", "stollen"];
const PLAN = "team" as const;
/** Three articles naming "crypto" (as typed differently), the freshest, between plain ones. */
const MUTED_TITLES = [
  "Sourdough bakery now takes CRYPTO",
  "Sourdough starters traded for cryptos",
  "Sourdough at the night market",
];
const muted = (title: string) => MUTED_TITLES.includes(title);

beforeAll(async () => {
  feeds = await startFeedServer();
  const plain = [...DISHES, ...MORE, ...EVEN_MORE, ...YET_MORE].map((dish, i) => ({
    title: `Sourdough ${dish} for the weekend`,
    summary: `How to bake ${dish}.`,
    link: `https://crumb.example/${dish.replace(" ", "-")}`,
    // All within the first digest's day: the freshest three between the muted ones, then older.
    ageHours: i < 3 ? 2 * (i + 1) : 6 + i * 0.4,
  }));
  const mutedItems = MUTED_TITLES.map((title, i) => ({
    title,
    summary: i === 2 ? "A stall that is paid in crýpto only." : "Payments are changing.",
    link: `https://crumb.example/muted-${i}`,
    ageHours: 2 * i + 1,
  }));
  feeds.set("/crumb.xml", { body: rss("Crumb Weekly", [...mutedItems, ...plain]) });
  await Sources.ensureCatalogue([
    {
      sourceId: "crumb",
      name: "Crumb Weekly",
      siteUrl: "https://crumb.example",
      feedUrl: `${feeds.url}/crumb.xml`,
      type: "rss",
    },
  ]);
  await api.runtime.dispatcher.runJob("ingest");
  await api.runtime.dispatcher.idle();
});
afterAll(() => feeds?.close());

type Person = Awaited<ReturnType<typeof signedIn>>;
const as = (p: { cookie: string }) => api.client({ cookie: p.cookie });
const mute = (p: Person, word: string) => as(p).mutes.$post({ json: { word } });
const words = async (p: Person) => (await (await as(p).mutes.$get()).json()).words;
const feedTitles = async (p: Person) => {
  const feed = await (await as(p).rss.articles.$get({ query: {} })).json();
  return { preparing: feed.preparing, titles: Object.values(feed.groups).flatMap((g) => g.map((a) => a.title)) };
};
/** The person's feed once their new topics are matched. */
async function settledFeed(p: Person): Promise<string[]> {
  await api.runtime.dispatcher.idle();
  await expect.poll(async () => (await feedTitles(p)).preparing).toBe(false);
  return (await feedTitles(p)).titles;
}

let people: Person[];
beforeAll(async () => {
  people = await Promise.all([signedIn(api), signedIn(api), signedIn(api), signedIn(api)]);
  for (const p of people) await UserEntity.patch({ userId: p.userId }).set({ plan: PLAN }).go();
});

describe("the muted words list", () => {
  it("holds exactly the limit, and each word once, under 30 parallel requests", async () => {
    const [person] = people;
    const same = ["Spoiler", "spoilers", "SPOILER", " spoiler  "];
    const once = await Promise.all(Array.from({ length: 30 }, (_, i) => mute(person!, same[i % same.length]!)));
    expect(once.filter((r) => r.status === 200)).toHaveLength(1);
    expect(once.filter((r) => r.status === 400)).toHaveLength(29);
    expect(await errorOf(once.find((r) => r.status === 400)!)).toEqual({
      error: MUTE_MESSAGES.duplicate,
      code: "mute_duplicate",
    });
    expect(await words(person!)).toHaveLength(1);

    const first = await Promise.all(Array.from({ length: 30 }, (_, i) => mute(person!, `first word ${i}`)));
    expect(first.every((r) => r.status === 200)).toBe(true);
    const second = await Promise.all(Array.from({ length: 30 }, (_, i) => mute(person!, `second word ${i}`)));
    const room = MUTE_LIMITS.maxWords - 31;
    expect(second.filter((r) => r.status === 200)).toHaveLength(room);
    expect(second.filter((r) => r.status === 400)).toHaveLength(30 - room);
    expect(await errorOf(second.find((r) => r.status === 400)!)).toEqual({
      error: MUTE_MESSAGES.tooMany,
      code: "limit_reached",
    });
    const list = await (await as(person!).mutes.$get()).json();
    expect(list.words).toHaveLength(MUTE_LIMITS.maxWords);
    expect(list).toMatchObject({ maxWords: 50, maxLength: 60 });
  });

  it("refuses a bad word with a clear code and changes nothing", async () => {
    const [, person] = people;
    expect((await mute(person!, "Crème brûlée")).status).toBe(200);
    const refusals = {
      "   ": "mute_empty",
      ["x".repeat(MUTE_LIMITS.maxLength + 1)]: "mute_too_long",
      "!?-": "mute_no_letters",
      "creme brulees": "mute_duplicate",
    };
    for (const [word, code] of Object.entries(refusals)) {
      const answer = await mute(person!, word);
      expect(answer.status).toBe(400);
      expect((await errorOf(answer)).code).toBe(code);
    }
    const missing = await api.request("POST", "/api/mutes", { cookie: person!.cookie, body: {} });
    expect(missing.status).toBe(400);
    expect(await words(person!)).toEqual(["Crème brûlée"]);
    // The longest word allowed is allowed.
    expect((await mute(person!, "y".repeat(MUTE_LIMITS.maxLength))).status).toBe(200);
    expect(await words(person!)).toHaveLength(2);
  });

  it("is the signed-in person's own: nobody else reads or changes it", async () => {
    const [owner, other] = people;
    expect((await api.client().mutes.$get()).status).toBe(401);
    expect((await api.client().mutes.$post({ json: { word: "x" } })).status).toBe(401);
    const before = await words(owner!);
    // The other person's calls act on their own list only.
    expect(await words(other!)).not.toContain("Spoiler");
    expect((await as(other!).mutes.$delete({ json: { word: "spoiler" } })).status).toBe(200);
    expect(await words(owner!)).toEqual(before);
    // Unmuting folds as muting does, and unmuting a word not muted changes nothing.
    const removed = await as(owner!).mutes.$delete({ json: { word: "SPOILERS" } });
    expect((await removed.json()).words).toHaveLength(before.length - 1);
    expect((await as(owner!).mutes.$delete({ json: { word: "spoiler" } })).status).toBe(200);
  });
});

describe("muted articles", () => {
  it("leave the feed without using up the day's posts, the digest, and the following feed", async () => {
    const [, plain, friend, reader] = people;
    // The reader mutes "crypto" before any feed; both others follow the friend.
    expect((await mute(reader!, "crypto")).status).toBe(200);
    for (const follower of [plain!, reader!]) {
      expect((await as(follower).users.follow.$post({ json: { userId: friend!.userId } })).status).toBe(200);
    }
    for (const p of [friend!, reader!]) {
      expect((await as(p).gpt.to_db.$post({ json: { keyTopicsArray: ["Sourdough"] } })).status).toBe(200);
    }

    // Without mutes, the three freshest (muted for the reader) are in the feed.
    const friendFeed = await settledFeed(friend!);
    expect(friendFeed.filter(muted)).toHaveLength(3);
    // The reader's feed is as full as the plan's refresh allows, with unmuted articles only.
    const readerFeed = await settledFeed(reader!);
    expect(readerFeed.filter(muted)).toEqual([]);
    expect(readerFeed).toHaveLength(postsPerRefresh(PLAN));

    // A word muted after the feed was made leaves it at once.
    expect((await mute(friend!, "night market")).status).toBe(200);
    expect((await feedTitles(friend!)).titles).not.toContain("Sourdough at the night market");

    // The following feed: the friend's picks, less those the reader mutes.
    await api.runtime.dispatcher.idle();
    const pickTitles = async (p: Person) => {
      const page = await (await as(p).feed.following.$get({ query: {} })).json();
      const session = page.find((s) => s.user_id === friend!.userId && s.graphpicks.some((x) => muted(x.title)));
      return session;
    };
    const seenByPlain = await pickTitles(plain!);
    expect(seenByPlain).toBeDefined();
    const page = await (await as(reader!).feed.following.$get({ query: {} })).json();
    const same = page.find((s) => s.created_at === seenByPlain!.created_at && s.user_id === friend!.userId);
    expect(same).toBeDefined();
    expect(same!.graphpicks.map((p) => p.title)).toEqual(
      seenByPlain!.graphpicks.map((p) => p.title).filter((t) => !muted(t)),
    );

    // The digest: the best unseen articles, none muted, as many as the plan's digest holds.
    const zone = "America/Los_Angeles";
    const at = Math.ceil((Date.now() + 60_000) / Digest.SLOT_MS) * Digest.SLOT_MS;
    const hhmm = new Intl.DateTimeFormat("en-GB", {
      timeZone: zone,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    const localTime = `${hhmm.format(at)}:00`;
    const saved = await as(reader!).users.update_email_digest_preferences.$post({
      json: { wantsEmailDigest: true, localTime, timezone: zone },
    });
    expect(saved.status).toBe(200);
    expect(await Digest.send({ userId: reader!.userId, slot: Digest.slotOf(at), now: at })).toBe("sent");
    const [mail] = (await api.mailTo(reader!.email)).filter((m) => /digest/.test(m.subject));
    expect(mail!.subject).toBe(`your graph digest: ${DIGEST_KINDS[PLAN_LIMITS[PLAN].digest].articles} new articles`);
    for (const title of MUTED_TITLES) expect(mail!.text).not.toContain(title);
    expect(mail!.text).toContain("Sourdough rye for the weekend");
  });
});

describe("deleting an account", () => {
  it("removes the person's muted words (a step that may run again)", async () => {
    const [person] = people;
    expect((await words(person!)).length).toBeGreaterThan(0);
    const step = Accounts.DELETION_STEPS.find((s) => s.name === "mutes")!;
    const account = { userId: person!.userId, username: person!.username, email: person!.email, createdAt: 0 };
    await step.run(account);
    await step.run(account);
    expect(await words(person!)).toEqual([]);
  });
});
