import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as Digest from "@graph/core/modules/digest";
import { UNSUBSCRIBE_MESSAGES } from "@graph/core/modules/digest/rules";
import * as Sources from "@graph/core/modules/sources";
import { DigestScheduleEntity } from "../../packages/core/src/modules/digest/digest-schedule.entity.ts";
import { UserEntity } from "../../packages/core/src/modules/users/user.entity.ts";
import { rss, startFeedServer } from "../support/feeds.ts";
import { errorOf, signedIn, useTestApi } from "../support/runtime.ts";

const api = useTestApi();
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
const LA = "America/Los_Angeles";

beforeAll(async () => {
  feeds = await startFeedServer();
  feeds.set("/harbour.xml", {
    body: rss("Harbour Weekly", [
      { title: "Tide tables explained for sailors", link: "https://harbour.example/tides", ageHours: 1 },
      { title: "Lighthouse keepers remember the storm", link: "https://harbour.example/storm", ageHours: 2 },
      { title: "Sourdough on a sailing boat", link: "https://harbour.example/bread", ageHours: 3 },
      { title: "Knots every sailor should know", link: "https://harbour.example/knots", ageHours: 4 },
    ]),
  });
  await Sources.ensureCatalogue([
    {
      sourceId: "harbour",
      name: "Harbour Weekly",
      siteUrl: "https://harbour.example",
      feedUrl: `${feeds.url}/harbour.xml`,
      type: "rss",
    },
  ]);
  await api.runtime.dispatcher.runJob("ingest");
  await api.runtime.dispatcher.idle();
});
afterAll(() => feeds?.close());
afterEach(() => vi.useRealTimers());

/** The next quarter hour of the wall clock in `zone`, as HH:MM:00, and the moment it comes. */
function nextQuarterHour(zone: string) {
  const slot = Digest.SLOT_MS;
  const at = Math.ceil((Date.now() + 60_000) / slot) * slot;
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  })
    .formatToParts(at)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return { localTime: `${parts.hour}:${parts.minute}:00`, at };
}

/** A person with topics who wants the digest at the next quarter hour of Los Angeles. */
async function subscriber(topics: string[], plan?: "pro" | "team") {
  const person = await signedIn(api);
  if (plan) await UserEntity.patch({ userId: person.userId }).set({ plan }).go();
  const user = api.client({ cookie: person.cookie });
  expect((await user.gpt.to_db.$post({ json: { keyTopicsArray: topics } })).status).toBe(200);
  const { localTime, at } = nextQuarterHour(LA);
  const saved = await user.users.update_email_digest_preferences.$post({
    json: { wantsEmailDigest: true, localTime, timezone: LA },
  });
  expect(saved.status).toBe(200);
  return { ...person, user, at };
}

const runDigest = async (at: number) => {
  const result = (await api.runtime.dispatcher.runJob("digest", { now: new Date(at).toISOString() })) as {
    due: number;
  };
  await api.runtime.dispatcher.idle();
  return result;
};
const digestsTo = async (email: string) => (await api.mailTo(email)).filter((m) => /digest/.test(m.subject));

describe("the daily digest", () => {
  it("goes out at the person's local time, once, with their best unseen articles, topics, links and unsubscribe headers", async () => {
    const person = await subscriber(["Tide Tables", "Lighthouse"]);
    // Before the time: nobody is due.
    await runDigest(person.at - Digest.SLOT_MS);
    expect(await digestsTo(person.email)).toEqual([]);

    expect((await runDigest(person.at)).due).toBeGreaterThanOrEqual(1);
    const [mail, ...more] = await digestsTo(person.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("your graph digest: 2 new articles");
    expect(mail!.text).toContain("Tide tables explained for sailors");
    expect(mail!.text).toContain("https://harbour.example/tides");
    expect(mail!.text).toContain("matched: Tide Tables");
    expect(mail!.text).not.toContain("Knots every sailor");
    expect(mail!.html).toContain('href="https://harbour.example/storm"');
    expect(mail!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail!.headers["List-Unsubscribe"]).toMatch(/^<http:\/\/.+\/api\/digest\/unsubscribe\?token=[^>]+>$/);
    expect(mail!.text).toMatch(/unsubscribe from these e-mails: http:\/\/.+\/unsubscribe\?token=/);

    // The same run again, and the same message delivered again: nothing more.
    await runDigest(person.at);
    expect(await Digest.send({ userId: person.userId, slot: Digest.slotOf(person.at), now: person.at })).toBe(
      "not-due",
    );
    expect(await digestsTo(person.email)).toHaveLength(1);
    // The person now waits in tomorrow's slot.
    const tomorrow = Digest.slotOf(person.at + 24 * 3_600_000);
    const { data } = await DigestScheduleEntity.query.bySlot({ slot: tomorrow }).go();
    const { data: nearby } = await DigestScheduleEntity.query.bySlot({ slot: tomorrow - 4 }).go();
    expect([...data, ...nearby].map((d) => d.userId)).toContain(person.userId);
  });

  it("sends one digest when runs overlap and when its message is handled 30 times at once", async () => {
    const person = await subscriber(["Lighthouse"]);
    const job = { userId: person.userId, slot: Digest.slotOf(person.at), now: person.at };
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => Digest.send(job)));
    expect(outcomes.filter((o) => o === "sent")).toHaveLength(1);
    await Promise.all([runDigest(person.at), runDigest(person.at)]);
    expect(await digestsTo(person.email)).toHaveLength(1);
  });

  it("sends nothing when there is nothing new, and does not send again after the articles were sent", async () => {
    const quiet = await subscriber(["Volcanology"]);
    await runDigest(quiet.at);
    expect(await digestsTo(quiet.email)).toEqual([]);
    expect(await Digest.sends(quiet.userId)).toEqual([{ localDay: expect.any(String), articles: 0 }]);
  });

  it("does not send twice in one local day when the person moves their time later that day", async () => {
    const person = await subscriber(["Tide Tables"]);
    await runDigest(person.at);
    expect(await digestsTo(person.email)).toHaveLength(1);
    // A quarter hour later the same day in Los Angeles (unless that is already tomorrow there).
    const later = person.at + Digest.SLOT_MS;
    const day = (t: number) => new Intl.DateTimeFormat("en-CA", { timeZone: LA }).format(t);
    const hhmm = new Intl.DateTimeFormat("en-GB", {
      timeZone: LA,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(later);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(person.at + 60_000);
    const moved = await person.user.users.update_email_digest_preferences.$post({ json: { localTime: `${hhmm}:00` } });
    expect(moved.status).toBe(200);
    vi.useRealTimers();
    const outcome = await Digest.send({ userId: person.userId, slot: Digest.slotOf(later), now: later });
    if (day(later) === day(person.at)) expect(outcome).toBe("already-sent");
    else expect(outcome).not.toBe("not-due");
    expect(await digestsTo(person.email)).toHaveLength(1);
    // Its own day when it is: the move made no second send on the first day.
    const days = day(later) === day(person.at) ? [day(person.at)] : [day(later), day(person.at)];
    expect((await Digest.sends(person.userId)).map((s) => s.localDay)).toEqual(days);
  });

  it("gives free plans the standard digest and pro plans the advanced one, with a section per supertag", async () => {
    const topics = ["Sourdough", "Tide Tables", "Lighthouse"];
    const free = await subscriber(topics);
    const pro = await subscriber(topics, "pro");
    for (const person of [free, pro]) {
      const [sourdough] = (
        await (await person.user.gpt.from_db[":id"].$get({ param: { id: person.userId } })).json()
      ).filter((t) => t.topic === "Sourdough");
      await person.user.gpt.toggle_supertag.$post({ json: { topicId: sourdough!.id, isSupertag: true } });
    }
    await runDigest(Math.max(free.at, pro.at));
    const [freeMail] = await digestsTo(free.email);
    const [proMail] = await digestsTo(pro.email);
    expect(proMail!.text).toContain("== Sourdough ==");
    expect(freeMail!.text).not.toContain("== Sourdough ==");
    expect(freeMail!.text).toContain("== top picks ==");
  });
});

describe("the digest schedule", () => {
  it("catches up on slots whose runs were missed, reading on from where the last run stopped", async () => {
    // A scheduled run now records how far it read.
    await api.runtime.dispatcher.runJob("digest");
    const person = await signedIn(api);
    const user = api.client({ cookie: person.cookie });
    await user.gpt.to_db.$post({ json: { keyTopicsArray: ["Tide Tables"] } });
    const at = (Math.floor(Date.now() / Digest.SLOT_MS) + 12) * Digest.SLOT_MS;
    const hhmm = new Intl.DateTimeFormat("en-GB", {
      timeZone: LA,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(at);
    await user.users.update_email_digest_preferences.$post({
      json: { wantsEmailDigest: true, localTime: `${hhmm}:00`, timezone: LA },
    });
    // Runs missed for 5½ hours: the next one still finds the person, due 3 hours in and 2½ hours ago.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(at + 10 * Digest.SLOT_MS);
    const result = (await api.runtime.dispatcher.runJob("digest")) as { due: number; slotsRead: number };
    expect(result.slotsRead).toBeGreaterThan(12);
    await api.runtime.dispatcher.idle();
    vi.useRealTimers();
    expect(await Digest.sends(person.userId)).toHaveLength(1);
  });
});

describe("unsubscribing from the digest", () => {
  const one = (token: string, init: { form?: boolean } = {}) =>
    api.request("POST", `/api/digest/unsubscribe?token=${encodeURIComponent(token)}`, {
      ...(init.form
        ? { rawBody: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } }
        : {}),
    });

  it("turns the digest off with the one-click POST a mail provider sends: no cookie, no Origin, a form body", async () => {
    const person = await subscriber(["Lighthouse"]);
    const response = await one(Digest.unsubscribeToken(person.userId), { form: true });
    expect(response.status).toBe(200);
    const prefs = await (await person.user.users.email_digest_preferences.$get()).json();
    expect(prefs.wantsEmailDigest).toBe(false);
    await runDigest(person.at);
    expect(await digestsTo(person.email)).toEqual([]);
  });

  it("refuses a tampered or expired token and changes nothing", async () => {
    const person = await subscriber(["Lighthouse"]);
    const good = Digest.unsubscribeToken(person.userId);
    const tampered = good.slice(0, -2) + (good.endsWith("AA") ? "BB" : "AA");
    const expired = Digest.unsubscribeToken(person.userId, Date.now() - 91 * 24 * 3_600_000);
    const other = await signedIn(api);
    const swapped = `${Buffer.from(other.userId).toString("base64url")}.${good.split(".").slice(1).join(".")}`;
    for (const token of [tampered, expired, swapped, "nonsense"]) {
      const response = await one(token);
      expect(response.status, token).toBe(400);
      expect(await errorOf(response)).toEqual({ error: UNSUBSCRIBE_MESSAGES.invalid, code: "invalid_token" });
    }
    const prefs = await (await person.user.users.email_digest_preferences.$get()).json();
    expect(prefs.wantsEmailDigest).toBe(true);
    expect((await one("")).status).toBe(400);
  });
});
