import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as Articles from "@graph/core/modules/articles";
import * as Digest from "@graph/core/modules/digest";
import { DIGEST_DAYS, DIGEST_MESSAGES } from "@graph/core/modules/digest/rules";
import * as Feed from "@graph/core/modules/feed";
import * as Profile from "@graph/core/modules/profile";
import * as Follows from "@graph/core/modules/follows";
import * as Sources from "@graph/core/modules/sources";
import { DigestPreferencesEntity } from "../../packages/core/src/modules/digest/digest-preferences.entity.ts";
import {
  instantOf,
  localDateOf,
  localDayKey,
  nextDate,
  weekdayOf,
  type LocalDate,
} from "../../packages/core/src/modules/digest/schedule.ts";
import { UserEntity } from "../../packages/core/src/modules/users/user.entity.ts";
import { rss, startFeedServer } from "../support/feeds.ts";
import { errorOf, signedIn, useTestApi } from "../support/runtime.ts";

/**
 * The advanced digest (pro and org): days, up to three times a day, sections, and what a
 * downgrade and an upgrade do. Everything happens on a past day in Los Angeles, so articles,
 * shares and likes can be placed between its times and the job run as of each of them.
 */
const api = useTestApi();
const LA = "America/Los_Angeles";
const HOUR = 3_600_000;
const MINUTE = 60_000;

const start = Date.now();
/** A day in Los Angeles that is over (its 23:59 is at least 6 hours ago), and three of its times. */
const D: LocalDate = localDateOf(start - 30 * HOUR, LA);
const T1 = instantOf(D, 9 * 60, LA);
const T2 = instantOf(D, 13 * 60, LA);
const T3 = instantOf(D, 17 * 60, LA);
const DAY = DIGEST_DAYS[weekdayOf(D)]!;
const NEXT_DAY = DIGEST_DAYS[weekdayOf(nextDate(D))]!;
const dayKey = localDayKey(D);

let feeds: Awaited<ReturnType<typeof startFeedServer>>;
/** Article ids by title. */
const articleId = new Map<string, string>();

beforeAll(async () => {
  feeds = await startFeedServer();
  const at = (t: number) => (start - t) / HOUR;
  feeds.set("/quay.xml", {
    body: rss(
      "Quay Notes",
      [
        { title: "Tide tables for the morning", link: "https://quay.example/morning", ageHours: at(T1 - HOUR) },
        { title: "Sourdough starter in the galley", link: "https://quay.example/starter", ageHours: at(T1 - 2 * HOUR) },
        { title: "Tide tables at noon", link: "https://quay.example/noon", ageHours: at(T1 + 2 * HOUR) },
        { title: "Tide tables in the evening", link: "https://quay.example/evening", ageHours: at(T2 + 2 * HOUR) },
        { title: "Knots every deckhand ties", link: "https://quay.example/knots", ageHours: at(T1 - 3 * HOUR) },
        { title: "Lighthouse keepers remember", link: "https://quay.example/keepers", ageHours: at(T1 - 3 * HOUR) },
        { title: "Rope splicing by hand", link: "https://quay.example/rope", ageHours: at(T1 - 4 * HOUR) },
        { title: "Charts of the old harbour", link: "https://quay.example/charts", ageHours: at(T1 - 5 * HOUR) },
      ],
      start,
    ),
  });
  await Sources.ensureCatalogue([
    {
      sourceId: "quay",
      name: "Quay Notes",
      siteUrl: "https://quay.example",
      feedUrl: `${feeds.url}/quay.xml`,
      type: "rss",
    },
  ]);
  await api.runtime.dispatcher.runJob("ingest");
  await api.runtime.dispatcher.idle();
  for (const article of await Articles.ofSource("quay")) articleId.set(article.title, article.articleId);
  expect(articleId.size).toBe(8);
});
afterAll(() => feeds?.close());
afterEach(() => vi.useRealTimers());

/** Runs `act` with the clock (Date only) at `at`. */
async function asOf<T>(at: number, act: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(at);
  try {
    return await act();
  } finally {
    vi.useRealTimers();
  }
}

type Plan = "free" | "pro" | "team";
const setPlan = (userId: string, plan: Plan) => UserEntity.patch({ userId }).set({ plan }).go();

/** A person with topics on a plan; `starred` topics are supertags. */
async function reader(topics: string[], plan: Plan, starred: string[] = []) {
  const person = await signedIn(api);
  await setPlan(person.userId, plan);
  const user = api.client({ cookie: person.cookie });
  expect((await user.gpt.to_db.$post({ json: { keyTopicsArray: topics } })).status).toBe(200);
  // New phrases are matched against the stored articles in the background: done before any digest.
  await api.runtime.dispatcher.idle();
  if (starred.length > 0) {
    const listed = await (await user.gpt.from_db[":id"].$get({ param: { id: person.userId } })).json();
    for (const topic of listed.filter((t) => starred.includes(t.topic))) {
      const res = await user.gpt.toggle_supertag.$post({ json: { topicId: topic.id, isSupertag: true } });
      expect(res.status).toBe(200);
    }
  }
  return { ...person, user };
}

type Changes = Parameters<typeof Digest.updatePreferences>[1];
const save = (cookie: string, json: Changes) =>
  api.request("POST", "/api/users/update_email_digest_preferences", { cookie, body: json });
const read = async (cookie: string) => {
  const res = await api.request("GET", "/api/users/email_digest_preferences", { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as Digest.DigestPreferences;
};

/** Turns the digest on at 09:00 (and `json`), half an hour before, so it is filed for the day's first time. */
async function subscribe(person: { cookie: string }, json: Changes) {
  const res = await asOf(T1 - 30 * MINUTE, () =>
    save(person.cookie, { wantsEmailDigest: true, timezone: LA, localTime: "09:00:00", ...json }),
  );
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
}

const runDigest = async (at: number) => {
  await api.runtime.dispatcher.runJob("digest", { now: new Date(at).toISOString() });
  await api.runtime.dispatcher.idle();
};
/** The person's digests, oldest first (the outbox lists the newest first). */
const digestsTo = async (email: string) => (await api.mailTo(email)).filter((m) => /digest/.test(m.subject)).reverse();
const section = (text: string, title: string) => {
  const from = text.indexOf(`== ${title} ==`);
  if (from === -1) return undefined;
  const end = text.indexOf("\n== ", from + 1);
  return text.slice(from, end === -1 ? text.indexOf("\nopen your feed") : end);
};

describe("the advanced digest's schedule", () => {
  it("sends each of two times once on a chosen day, however often the job runs or its message is handled", async () => {
    const person = await reader(["Tide Tables"], "pro");
    await subscribe(person, { times: ["09:00:00", "13:00:00"], days: [DAY] });

    const first = await Promise.all(
      Array.from({ length: 30 }, () => Digest.send({ userId: person.userId, slot: Digest.slotOf(T1), now: T1 })),
    );
    expect(first.filter((o) => o === "sent")).toHaveLength(1);
    await Promise.all([runDigest(T1), runDigest(T1)]);
    expect(await digestsTo(person.email)).toHaveLength(1);

    await Promise.all([runDigest(T2), runDigest(T2)]);
    const second = await Promise.all(
      Array.from({ length: 30 }, () => Digest.send({ userId: person.userId, slot: Digest.slotOf(T2), now: T2 })),
    );
    expect(second.filter((o) => o === "sent")).toEqual([]);
    const [morning, noon, ...more] = await digestsTo(person.email);
    expect(more).toEqual([]);
    expect(morning!.text).toContain("Tide tables for the morning");
    expect(morning!.text.split("\n")[0]).toBe(
      `your graph digest for ${dayKey} at 09:00: 1 new article for your topics.`,
    );
    expect(noon!.text).toContain("Tide tables at noon");
    expect(noon!.text).not.toContain("Tide tables for the morning");
    expect(noon!.text.split("\n")[0]).toContain(`${dayKey} at 13:00`);
    for (const mail of [morning!, noon!]) {
      expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(mail.headers["List-Unsubscribe"]).toMatch(/^<http:\/\/.+\/api\/digest\/unsubscribe\?token=[^>]+>$/);
      expect(mail.text).toMatch(/unsubscribe from these e-mails: http:\/\/.+\/unsubscribe\?token=/);
    }
    expect((await Digest.sends(person.userId)).map((s) => s.localDay).sort()).toEqual([dayKey, `${dayKey}#2`]);

    // The next day is not chosen: its first time wakes the schedule, which sends nothing and moves on.
    const nextMorning = instantOf(nextDate(D), 9 * 60, LA);
    expect((await DigestPreferencesEntity.get({ userId: person.userId }).go()).data?.nextSendAt).toBe(nextMorning);
    expect(await Digest.send({ userId: person.userId, slot: Digest.slotOf(nextMorning), now: nextMorning })).toBe(
      "skipped",
    );
    await runDigest(instantOf(nextDate(D), 13 * 60, LA));
    expect(await digestsTo(person.email)).toHaveLength(2);
    expect(await Digest.sends(person.userId)).toHaveLength(2);
    expect((await DigestPreferencesEntity.get({ userId: person.userId }).go()).data?.nextSendAt).toBe(
      instantOf(nextDate(nextDate(D)), 9 * 60, LA),
    );
  });

  it("sends nothing on a day that is not chosen, at any of its times", async () => {
    const person = await reader(["Tide Tables"], "team");
    await subscribe(person, { times: ["09:00:00", "13:00:00", "17:00:00"], days: [NEXT_DAY] });
    for (const at of [T1, T2, T3]) await runDigest(at);
    expect(await digestsTo(person.email)).toEqual([]);
    expect(await Digest.sends(person.userId)).toEqual([]);
  });
});

describe("the advanced digest's settings", () => {
  it("are saved on pro as days, times and sections, answered with the rest, localTime the first time", async () => {
    const person = await reader(["Tide Tables"], "pro");
    const res = await save(person.cookie, {
      times: ["07:15:00", "12:00:00", "21:45:00"],
      days: ["sun", "mon", "mon", "fri"],
      sections: { followingLikes: true },
    });
    expect(res.status).toBe(200);
    const expected = {
      wantsEmailDigest: false,
      localTime: "07:15:00",
      timezone: LA,
      days: ["mon", "fri", "sun"],
      times: ["07:15:00", "12:00:00", "21:45:00"],
      sections: { supertags: true, followingFeed: false, followingLikes: true },
    };
    expect(await res.json()).toEqual(expected);
    expect(await read(person.cookie)).toEqual(expected);
    // localTime alone moves the first time and keeps the others, less one it now repeats.
    expect(await (await save(person.cookie, { localTime: "12:00:00" })).json()).toMatchObject({
      localTime: "12:00:00",
      times: ["12:00:00", "21:45:00"],
    });
    expect((await save(person.cookie, { localTime: "08:00:00", times: ["08:00:00"] })).status).toBe(200);
    expect(await read(person.cookie)).toEqual({ ...expected, localTime: "08:00:00", times: ["08:00:00"] });
  });

  it("refuse bad days, times and sections with a 400 that says which, changing nothing", async () => {
    const person = await reader(["Tide Tables"], "pro");
    await save(person.cookie, { wantsEmailDigest: true, times: ["09:00:00", "18:00:00"], days: ["tue"] });
    const before = await read(person.cookie);
    const refusals: Array<[unknown, string | RegExp]> = [
      [{ days: [] }, DIGEST_MESSAGES.noDays],
      [{ days: ["monday"] }, DIGEST_MESSAGES.unknownDay],
      [{ days: "mon" }, /^days must be a list/],
      [{ times: [] }, DIGEST_MESSAGES.noTimes],
      [{ times: ["06:00:00", "07:00:00", "08:00:00", "09:00:00"] }, DIGEST_MESSAGES.tooManyTimes],
      [{ times: ["06:00:00", "06:00:00"] }, DIGEST_MESSAGES.repeatedTime],
      [{ times: ["06:00:00", "06:10:00"] }, DIGEST_MESSAGES.offGrid],
      [{ times: [600] }, /^times must be a list/],
      [{ localTime: "07:00:00", times: ["08:00:00"] }, DIGEST_MESSAGES.timesDisagree],
      [{ sections: { supertags: "yes" } }, "sections.supertags must be true or false."],
      [{ sections: { everything: true } }, /^sections may set supertags, followingFeed and followingLikes/],
      [{ days: ["mon"], timezone: "Mars/Olympus_Mons" }, DIGEST_MESSAGES.unknownZone],
    ];
    for (const [body, message] of refusals) {
      const res = await api.request("POST", "/api/users/update_email_digest_preferences", {
        cookie: person.cookie,
        body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = await errorOf(res);
      expect(error.code, JSON.stringify(body)).toBe("invalid_input");
      expect(error.error, JSON.stringify(body)).toMatch(
        message instanceof RegExp ? message : new RegExp(`^${escape(message)}$`),
      );
    }
    expect(await read(person.cookie)).toEqual(before);
  });

  it("are refused to a free person with plan_required, changing nothing; the standard fields still save", async () => {
    const person = await reader(["Tide Tables"], "free");
    await save(person.cookie, { wantsEmailDigest: true, localTime: "08:30:00", timezone: LA });
    const before = await read(person.cookie);
    for (const body of [
      { days: ["mon"] },
      { times: ["08:30:00", "18:00:00"] },
      { sections: { followingFeed: true } },
      { localTime: "09:00:00", times: ["09:00:00"] },
    ]) {
      const res = await save(person.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(await res.json()).toEqual({
        error: "Upgrade to pro for advanced digests.",
        code: "plan_required",
        feature: "advancedDigests",
        plan: "pro",
        upgrade: "/home/upgrade",
      });
    }
    expect(await read(person.cookie)).toEqual(before);
    expect((await save(person.cookie, { localTime: "09:15:00" })).status).toBe(200);
    expect(await read(person.cookie)).toEqual({ ...before, localTime: "09:15:00", times: ["09:15:00"] });
  });
});

describe("the advanced digest's sections", () => {
  it("hold a section per supertag, the following feed's picks since the last digest, and this week's likes of the people followed, most liked first", async () => {
    const person = await reader(["Tide Tables", "Sourdough"], "pro", ["Sourdough"]);
    const [ann, bob, cy, dee, stranger] = await Promise.all([
      signedIn(api),
      signedIn(api),
      signedIn(api),
      signedIn(api),
      signedIn(api),
    ]);
    // Dee hides her articles section (her likes): none of them may reach a friend's digest.
    await Profile.saveSectionOrder(
      dee.userId,
      Profile.DEFAULT_SECTION_ORDER.map((s) => ({ ...s, visible: s.id === "articles" ? false : s.visible })),
    );
    for (const friend of [ann, bob, cy, dee]) {
      const res = await person.user.users.follow.$post({ json: { userId: friend.userId } });
      expect(res.status).toBe(200);
    }
    const pick = (title: string) => ({
      articleId: articleId.get(title)!,
      title,
      link: `https://quay.example/${title}`,
      sourceName: "Quay Notes",
      sourceType: "rss",
      bestMatchingKeywords: ["harbours"],
    });
    // Ann's session before the day's digest window, and one in it.
    await Follows.share({ userId: ann.userId, createdAt: T1 - 30 * HOUR, picks: [pick("Charts of the old harbour")] });
    await Follows.share({
      userId: ann.userId,
      createdAt: T1 - 20 * MINUTE,
      picks: [pick("Knots every deckhand ties")],
    });
    // Likes this week (two friends like the keepers, one the rope; a stranger's do not count), and one too old.
    await asOf(T1 - 2 * HOUR, async () => {
      for (const friend of [ann, bob, dee])
        await Feed.Likes.toggle(friend.userId, articleId.get("Lighthouse keepers remember")!, true);
      await Feed.Likes.toggle(cy.userId, articleId.get("Rope splicing by hand")!, true);
      await Feed.Likes.toggle(stranger!.userId, articleId.get("Charts of the old harbour")!, true);
    });
    await asOf(T1 - 8 * 24 * HOUR, () =>
      Feed.Likes.toggle(bob.userId, articleId.get("Charts of the old harbour")!, true),
    );

    await subscribe(person, { sections: { supertags: true, followingFeed: true, followingLikes: true } });
    await runDigest(T1);
    const [mail, ...more] = await digestsTo(person.email);
    expect(more).toEqual([]);
    const text = mail!.text;
    expect(section(text, "Sourdough")).toContain("Sourdough starter in the galley");
    expect(section(text, "top picks")).toContain("Tide tables for the morning");
    const shared = section(text, "from people you follow")!;
    expect(shared).toContain("Knots every deckhand ties");
    expect(shared).toContain(`shared by ${ann.username}`);
    expect(shared).not.toContain("Charts of the old harbour");
    const liked = section(text, "liked this week by people you follow")!;
    expect(liked.indexOf("Lighthouse keepers remember")).toBeGreaterThan(-1);
    expect(liked.indexOf("Lighthouse keepers remember")).toBeLessThan(liked.indexOf("Rope splicing by hand"));
    expect(liked).toContain("liked by 2 people you follow");
    expect(liked).not.toContain(dee.username);
    expect(liked).toContain(`liked by 1 person you follow: ${cy.username}`);
    expect(text).not.toContain("Charts of the old harbour");
    // The HTML holds the same articles.
    for (const title of [
      "Sourdough starter",
      "Tide tables for the morning",
      "Knots every deckhand",
      "Lighthouse keepers",
      "Rope splicing",
    ]) {
      expect(mail!.html).toContain(title);
    }
    expect(mail!.subject).toBe("your graph digest: 5 new articles");

    // Each section is a setting: off, it is left out (the supertag's picks join the top picks).
    const plain = await reader(["Tide Tables", "Sourdough"], "pro", ["Sourdough"]);
    await plain.user.users.follow.$post({ json: { userId: ann.userId } });
    await subscribe(plain, { sections: { supertags: false } });
    await runDigest(T1);
    const [plainMail] = await digestsTo(plain.email);
    expect(section(plainMail!.text, "Sourdough")).toBeUndefined();
    expect(section(plainMail!.text, "top picks")).toContain("Sourdough starter in the galley");
    expect(plainMail!.text).not.toContain("people you follow");
  });
});

describe("a downgrade and an upgrade", () => {
  it("keep the advanced settings; without them the standard digest goes out at the first time, and they apply again at once", async () => {
    const person = await reader(["Tide Tables", "Sourdough"], "pro", ["Sourdough"]);
    const friend = await signedIn(api);
    await person.user.users.follow.$post({ json: { userId: friend.userId } });
    await subscribe(person, {
      times: ["09:00:00", "13:00:00", "17:00:00"],
      days: [DAY],
      sections: { supertags: true, followingFeed: true },
    });
    const advanced = await read(person.cookie);
    await Follows.share({
      userId: friend.userId,
      createdAt: T1 - 10 * MINUTE,
      picks: [
        {
          articleId: articleId.get("Knots every deckhand ties")!,
          title: "Knots every deckhand ties",
          link: "https://quay.example/knots",
          sourceName: "Quay Notes",
          sourceType: "rss",
          bestMatchingKeywords: [],
        },
      ],
    });

    await setPlan(person.userId, "free");
    expect(await read(person.cookie)).toEqual(advanced);
    await runDigest(T1);
    const [standard, ...none] = await digestsTo(person.email);
    expect(none).toEqual([]);
    expect(standard!.text.split("\n")[0]).toBe(`your graph digest for ${dayKey}: 2 new articles for your topics.`);
    expect(section(standard!.text, "top picks")).toContain("Sourdough starter in the galley");
    expect(section(standard!.text, "Sourdough")).toBeUndefined();
    expect(standard!.text).not.toContain("people you follow");
    // The second time is the advanced digest's: nothing at it.
    expect(await Digest.send({ userId: person.userId, slot: Digest.slotOf(T2), now: T2 })).toBe("skipped");
    await runDigest(T2);
    expect(await digestsTo(person.email)).toHaveLength(1);
    expect(await read(person.cookie)).toEqual(advanced);

    await setPlan(person.userId, "pro");
    await Follows.share({
      userId: friend.userId,
      createdAt: T2 + HOUR,
      picks: [
        {
          articleId: articleId.get("Rope splicing by hand")!,
          title: "Rope splicing by hand",
          link: "https://quay.example/rope",
          sourceName: "Quay Notes",
          sourceType: "rss",
          bestMatchingKeywords: [],
        },
      ],
    });
    await runDigest(T3);
    const [, restored, ...rest] = await digestsTo(person.email);
    expect(rest).toEqual([]);
    expect(restored!.text.split("\n")[0]).toContain(`${dayKey} at 17:00`);
    expect(section(restored!.text, "top picks")).toContain("Tide tables in the evening");
    expect(section(restored!.text, "from people you follow")).toContain("Rope splicing by hand");
    expect((await Digest.sends(person.userId)).map((s) => s.localDay).sort()).toEqual([dayKey, `${dayKey}#3`]);
  });

  it("sends a downgraded person's standard digest every day, on days they had left out too", async () => {
    // On pro these settings send nothing on this day (see the schedule's tests); on free they wait.
    const person = await reader(["Tide Tables"], "pro");
    await subscribe(person, { days: [NEXT_DAY], times: ["09:00:00", "13:00:00"] });
    await setPlan(person.userId, "free");
    await runDigest(T1);
    const [mail, ...more] = await digestsTo(person.email);
    expect(more).toEqual([]);
    expect(mail!.text).toContain("Tide tables for the morning");
    await runDigest(T2);
    expect(await digestsTo(person.email)).toHaveLength(1);
    expect((await read(person.cookie)).days).toEqual([NEXT_DAY]);
  });
});

/** `text` as a regular expression that matches only itself. */
function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
