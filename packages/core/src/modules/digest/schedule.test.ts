import { describe, expect, it } from "vitest";
import { instantOf, localDateOf, localDayKey, nextSendAfter, sendOnNextDay, slotOf, SLOT_MS } from "./schedule.ts";

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
