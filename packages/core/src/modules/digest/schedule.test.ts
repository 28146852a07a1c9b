import { describe, expect, it } from "vitest";
import {
  digestAt,
  instantOf,
  localDateOf,
  localDayKey,
  nextSendAfter,
  nextWakeAfter,
  sendOnNextDay,
  slotOf,
  SLOT_MS,
  weekdayOf,
} from "./schedule.ts";

const iso = (ms: number) => new Date(ms).toISOString();
const LA = "America/Los_Angeles";

describe("digest send times", () => {
  it("sends at the local time on ordinary days, in the zone's offset", () => {
    expect(iso(instantOf({ year: 2026, month: 6, day: 1 }, 10 * 60, LA))).toBe("2026-06-01T17:00:00.000Z");
    expect(iso(instantOf({ year: 2026, month: 1, day: 15 }, 10 * 60, LA))).toBe("2026-01-15T18:00:00.000Z");
  });

  it("keeps 10:00 local across Los Angeles' spring-forward (2026-03-08) and fall-back (2026-11-01)", () => {
    const sat = instantOf({ year: 2026, month: 3, day: 7 }, 600, LA);
    expect(iso(sat)).toBe("2026-03-07T18:00:00.000Z");
    // The day the clocks go forward: 23 hours later, not 24.
    const sun = sendOnNextDay(sat, 600, LA);
    expect(iso(sun)).toBe("2026-03-08T17:00:00.000Z");
    const octSat = instantOf({ year: 2026, month: 10, day: 31 }, 600, LA);
    expect(iso(sendOnNextDay(octSat, 600, LA))).toBe("2026-11-01T18:00:00.000Z");
  });

  it("sends a time the clocks skip after the jump, and a time they pass twice only the first time", () => {
    // 02:30 does not exist in Los Angeles on 2026-03-08 (02:00 -> 03:00): sent at 03:30 PDT.
    expect(iso(instantOf({ year: 2026, month: 3, day: 8 }, 150, LA))).toBe("2026-03-08T10:30:00.000Z");
    // 01:30 happens twice on 2026-11-01: the first (PDT, UTC-7).
    expect(iso(instantOf({ year: 2026, month: 11, day: 1 }, 90, LA))).toBe("2026-11-01T08:30:00.000Z");
  });

  it("follows Samoa at UTC+13 and Auckland through its April change", () => {
    expect(iso(instantOf({ year: 2026, month: 11, day: 22 }, 600, "Pacific/Apia"))).toBe("2026-11-21T21:00:00.000Z");
    // Auckland leaves daylight time on 2026-04-05 at 03:00 (UTC+13 -> UTC+12).
    expect(iso(instantOf({ year: 2026, month: 4, day: 4 }, 600, "Pacific/Auckland"))).toBe("2026-04-03T21:00:00.000Z");
    expect(iso(instantOf({ year: 2026, month: 4, day: 5 }, 600, "Pacific/Auckland"))).toBe("2026-04-04T22:00:00.000Z");
    // ...and starts it again on 2026-09-27 at 02:00: 02:15 is skipped, sent at 03:15 NZDT.
    expect(iso(instantOf({ year: 2026, month: 9, day: 27 }, 135, "Pacific/Auckland"))).toBe("2026-09-26T14:15:00.000Z");
  });

  it("answers the next send after a moment: today if still to come, else tomorrow", () => {
    const morning = Date.parse("2026-06-01T16:59:00Z"); // 09:59 in LA
    expect(iso(nextSendAfter(morning, 600, LA))).toBe("2026-06-01T17:00:00.000Z");
    expect(iso(nextSendAfter(Date.parse("2026-06-01T17:00:00Z"), 600, LA))).toBe("2026-06-02T17:00:00.000Z");
  });

  it("names the local day the send falls on, which can differ from the UTC day", () => {
    const at = instantOf({ year: 2026, month: 11, day: 22 }, 600, "Pacific/Apia");
    expect(localDayKey(localDateOf(at, "Pacific/Apia"))).toBe("2026-11-22");
    expect(iso(at).slice(0, 10)).toBe("2026-11-21");
  });

  it("puts every send time on a quarter-hour slot", () => {
    const at = instantOf({ year: 2026, month: 3, day: 8 }, 150, LA);
    expect(at % SLOT_MS).toBe(0);
    expect(slotOf(at + SLOT_MS - 1)).toBe(slotOf(at));
  });
});

describe("advanced digest times: days, up to three times, zones", () => {
  const every = new Set([0, 1, 2, 3, 4, 5, 6]);
  // 2026-06-01 is a Monday.
  const mondayMorning = Date.parse("2026-06-01T07:00:00Z"); // 00:00 in LA

  it("numbers the week from Monday", () => {
    expect(weekdayOf({ year: 2026, month: 6, day: 1 })).toBe(0);
    expect(weekdayOf({ year: 2026, month: 6, day: 7 })).toBe(6);
    expect(weekdayOf({ year: 2028, month: 2, day: 29 })).toBe(1);
  });

  it("wakes at each of three times on a chosen day, in order, then the next day", () => {
    const times = { minutes: [600, 480, 1200], days: every };
    const first = nextWakeAfter(mondayMorning, times, LA);
    expect(iso(first)).toBe("2026-06-01T15:00:00.000Z"); // 08:00 PDT
    const second = nextWakeAfter(first, times, LA);
    expect(iso(second)).toBe("2026-06-01T17:00:00.000Z"); // 10:00
    const third = nextWakeAfter(second, times, LA);
    expect(iso(third)).toBe("2026-06-02T03:00:00.000Z"); // 20:00
    expect(iso(nextWakeAfter(third, times, LA))).toBe("2026-06-02T15:00:00.000Z"); // Tuesday 08:00
    expect([first, second, third].map((at) => digestAt(at, times, LA, true))).toEqual([1, 0, 2]);
  });

  it("sends on the chosen days only, but wakes at the first time every day so a downgrade sends at once", () => {
    // Wednesdays and Saturdays at 10:00 and 18:00.
    const times = { minutes: [600, 1080], days: new Set([2, 5]) };
    const wakes: number[] = [];
    let at = mondayMorning;
    for (let i = 0; i < 9; i++) wakes.push((at = nextWakeAfter(at, times, LA)));
    const local = (t: number) =>
      new Intl.DateTimeFormat("en-GB", { timeZone: LA, weekday: "short", hour: "2-digit", minute: "2-digit" }).format(
        t,
      );
    expect(wakes.map(local)).toEqual([
      "Mon 10:00",
      "Tue 10:00",
      "Wed 10:00",
      "Wed 18:00",
      "Thu 10:00",
      "Fri 10:00",
      "Sat 10:00",
      "Sat 18:00",
      "Sun 10:00",
    ]);
    // Advanced: the chosen days' times. Standard: every day's first time, never the others.
    const advanced = wakes.filter((t) => digestAt(t, times, LA, true) !== undefined).map(local);
    expect(advanced).toEqual(["Wed 10:00", "Wed 18:00", "Sat 10:00", "Sat 18:00"]);
    const standard = wakes.filter((t) => digestAt(t, times, LA, false) === 0).map(local);
    expect(standard).toEqual([
      "Mon 10:00",
      "Tue 10:00",
      "Wed 10:00",
      "Thu 10:00",
      "Fri 10:00",
      "Sat 10:00",
      "Sun 10:00",
    ]);
    expect(wakes.filter((t) => digestAt(t, times, LA, false) !== undefined)).toHaveLength(7);
  });

  it("keeps every time local across spring-forward and fall-back", () => {
    const times = { minutes: [420, 1140], days: every }; // 07:00 and 19:00
    // Sunday 2026-03-08, Los Angeles goes from UTC-8 to UTC-7 at 02:00.
    let at = Date.parse("2026-03-07T20:00:00Z");
    const wakes: string[] = [];
    for (let i = 0; i < 4; i++) wakes.push(iso((at = nextWakeAfter(at, times, LA))));
    expect(wakes).toEqual([
      "2026-03-08T03:00:00.000Z", // Sat 19:00 PST
      "2026-03-08T14:00:00.000Z", // Sun 07:00 PDT
      "2026-03-09T02:00:00.000Z", // Sun 19:00 PDT
      "2026-03-09T14:00:00.000Z",
    ]);
    // Sunday 2026-11-01 back to UTC-8.
    at = Date.parse("2026-10-31T20:00:00Z");
    const autumn: string[] = [];
    for (let i = 0; i < 3; i++) autumn.push(iso((at = nextWakeAfter(at, times, LA))));
    expect(autumn).toEqual(["2026-11-01T02:00:00.000Z", "2026-11-01T15:00:00.000Z", "2026-11-02T03:00:00.000Z"]);
  });

  it("sends a skipped time after the jump, once, even when it lands on another of the times", () => {
    // 02:30 does not exist on 2026-03-08 in LA: it goes at 03:30, where the second time is.
    const times = { minutes: [150, 210], days: every };
    const jump = nextWakeAfter(Date.parse("2026-03-08T08:00:00Z"), times, LA);
    expect(iso(jump)).toBe("2026-03-08T10:30:00.000Z");
    expect(digestAt(jump, times, LA, true)).toBe(0);
    // The next wake is the next day's, not the same instant again.
    expect(iso(nextWakeAfter(jump, times, LA))).toBe("2026-03-09T09:30:00.000Z");
    // 01:30 twice on 2026-11-01: one wake, the first.
    const twice = { minutes: [90], days: every };
    const first = nextWakeAfter(Date.parse("2026-11-01T07:00:00Z"), twice, LA);
    expect(iso(first)).toBe("2026-11-01T08:30:00.000Z");
    expect(iso(nextWakeAfter(first, twice, LA))).toBe("2026-11-02T09:30:00.000Z");
  });

  it("reads the days in the person's zone, not UTC's", () => {
    // Auckland, Mondays only at 08:00: Monday 2026-06-01 08:00 NZST is Sunday 20:00 UTC.
    const times = { minutes: [480, 1260], days: new Set([0]) };
    const sundayUtc = Date.parse("2026-05-31T20:00:00Z");
    expect(digestAt(sundayUtc, times, "Pacific/Auckland", true)).toBe(0);
    expect(digestAt(sundayUtc + 24 * 3_600_000, times, "Pacific/Auckland", true)).toBeUndefined();
    // Samoa (UTC+13), Kolkata (UTC+5:30): still on quarter-hour slots.
    for (const zone of ["Pacific/Apia", "Asia/Kolkata", "Australia/Adelaide"]) {
      let at = sundayUtc;
      for (let i = 0; i < 8; i++) {
        at = nextWakeAfter(at, times, zone);
        expect(at % SLOT_MS, zone).toBe(0);
        // Each wake is one of the times: the first (every day), or the second on a Monday there.
        const nth = digestAt(at, times, zone, true) ?? digestAt(at, times, zone, false);
        expect(nth === 0 || (nth === 1 && weekdayOf(localDateOf(at, zone)) === 0), `${zone} ${iso(at)}`).toBe(true);
      }
    }
  });

  it("answers nothing for an instant that is none of the times", () => {
    const times = { minutes: [600], days: every };
    expect(digestAt(Date.parse("2026-06-01T17:15:00Z"), times, LA, true)).toBeUndefined();
    expect(digestAt(Date.parse("2026-06-01T17:15:00Z"), times, LA, false)).toBeUndefined();
  });
});
