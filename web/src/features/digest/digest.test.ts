import { describe, expect, it } from "vitest";
import { DIGEST_DEFAULTS, DIGEST_LAST_MINUTE, DIGEST_TIME_ZONES } from "@graph/core/modules/digest/rules";
import type { Timers } from "../../lib/debounce.ts";
import {
  SAVE_STATE_TEXT,
  createChangeBatcher,
  defaultDigestZone,
  withGuessedZone,
  formatDigestTime,
  sliderMinutes,
  utcOffset,
  withChanges,
  withoutSettled,
  zoneOptionLabel,
  zoneOptions,
  freeTimeAfter,
} from "./digest.ts";

describe("formatDigestTime", () => {
  it("shows minutes after midnight on a 24-hour clock", () => {
    expect(formatDigestTime(0)).toBe("00:00");
    expect(formatDigestTime(465)).toBe("07:45");
    expect(formatDigestTime(600)).toBe("10:00");
    expect(formatDigestTime(735)).toBe("12:15");
    expect(formatDigestTime(DIGEST_LAST_MINUTE)).toBe("23:45");
  });
});

describe("sliderMinutes", () => {
  it("reads a saved time as the slider's minutes", () => {
    expect(sliderMinutes(DIGEST_DEFAULTS.localTime)).toBe(600);
    expect(sliderMinutes("23:45:00")).toBe(DIGEST_LAST_MINUTE);
  });

  it("shows a time off the grid as midnight rather than breaking the slider", () => {
    expect(sliderMinutes("10:07:00")).toBe(0);
    expect(sliderMinutes("nonsense")).toBe(0);
  });
});

describe("utcOffset", () => {
  const january = new Date("2025-01-15T12:00:00Z");
  const july = new Date("2025-07-15T12:00:00Z");

  it("answers the zone's own offset on the day, summer time included", () => {
    expect(utcOffset("Pacific/Apia", january)).toBe("UTC+13");
    expect(utcOffset("America/Los_Angeles", january)).toBe("UTC−8");
    expect(utcOffset("America/Los_Angeles", july)).toBe("UTC−7");
    expect(utcOffset("Pacific/Auckland", january)).toBe("UTC+13");
    expect(utcOffset("Pacific/Auckland", july)).toBe("UTC+12");
  });

  it("writes half hours and zero plainly", () => {
    expect(utcOffset("Asia/Kolkata", january)).toBe("UTC+5:30");
    expect(utcOffset("Australia/Adelaide", july)).toBe("UTC+9:30");
    expect(utcOffset("Europe/London", january)).toBe("UTC+0");
    expect(utcOffset("Atlantic/Azores", january)).toBe("UTC−1");
  });
});

describe("zone labels", () => {
  const at = new Date("2025-01-15T12:00:00Z");

  it("puts the offset after the name", () => {
    expect(zoneOptionLabel("Samoa", "Pacific/Apia", at)).toBe("Samoa (UTC+13)");
  });

  it("offers the 27 zones in the rules' order, each with an offset", () => {
    const options = zoneOptions(at);
    expect(options.map((o) => o.zone)).toEqual(DIGEST_TIME_ZONES.map((z) => z.zone));
    expect(options).toHaveLength(27);
    for (const option of options) expect(option.text).toMatch(/ \(UTC[+−]\d{1,2}(:\d\d)?\)$/);
    expect(options.at(-1)?.text).toBe("Auckland (UTC+13)");
  });
});

describe("unsaved changes", () => {
  const saved = { wantsEmailDigest: true, localTime: "10:00:00", timezone: "Europe/London" };

  it("shows the newest value of each changed field over the saved ones", () => {
    expect(withChanges(saved, { localTime: "11:00:00" })).toEqual({ ...saved, localTime: "11:00:00" });
    expect(withChanges(saved, {})).toEqual(saved);
  });

  it("drops a settled field, but keeps one changed again since it was sent", () => {
    const unsaved: Partial<typeof saved> = { localTime: "12:00:00", timezone: "Asia/Tokyo" };
    expect(withoutSettled(unsaved, { localTime: "12:00:00", timezone: "Asia/Tokyo" })).toEqual({});
    expect(withoutSettled(unsaved, { localTime: "11:00:00", timezone: "Asia/Tokyo" })).toEqual({
      localTime: "12:00:00",
    });
    expect(withoutSettled(unsaved, { wantsEmailDigest: false })).toEqual(unsaved);
  });
});

/** Timers run by hand: `advance` fires what is due. */
function manualTimers() {
  let now = 0;
  let next = 0;
  const due = new Map<number, { at: number; fn: () => void }>();
  const timers: Timers = {
    setTimeout: (fn, ms) => {
      due.set(++next, { at: now + ms, fn });
      return next;
    },
    clearTimeout: (handle) => void due.delete(handle as number),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, timer] of [...due]) {
      if (timer.at <= now) {
        due.delete(id);
        timer.fn();
      }
    }
  };
  return { timers, advance };
}

describe("createChangeBatcher", () => {
  it("sends one merged save once the changes stop for the delay", () => {
    const { timers, advance } = manualTimers();
    const sent: object[] = [];
    const batcher = createChangeBatcher<{ localTime: string; timezone: string }>((c) => sent.push(c), 750, timers);
    batcher.push({ localTime: "10:15:00" });
    advance(500);
    batcher.push({ localTime: "10:30:00" });
    advance(500);
    batcher.push({ timezone: "Asia/Tokyo" });
    expect(batcher.pending).toBe(true);
    advance(749);
    expect(sent).toEqual([]);
    advance(1);
    expect(sent).toEqual([{ localTime: "10:30:00", timezone: "Asia/Tokyo" }]);
    expect(batcher.pending).toBe(false);
  });

  it("sends what waits at once when flushed, and nothing when nothing waits", () => {
    const { timers, advance } = manualTimers();
    const sent: object[] = [];
    const batcher = createChangeBatcher<{ localTime: string }>((c) => sent.push(c), 750, timers);
    batcher.flush();
    expect(sent).toEqual([]);
    batcher.push({ localTime: "09:00:00" });
    batcher.flush();
    advance(1_000);
    expect(sent).toEqual([{ localTime: "09:00:00" }]);
  });
});

describe("save state wording", () => {
  it("says saved and asks to try again after a failure", () => {
    expect(SAVE_STATE_TEXT.success).toBe("saved");
    expect(SAVE_STATE_TEXT.error).toBe("couldn't save. try again");
    expect(SAVE_STATE_TEXT.idle).toBe("");
  });
});

describe("the zone a digest starts in", () => {
  const winter = new Date("2026-01-15T12:00:00Z");
  const summer = new Date("2026-07-15T12:00:00Z");

  it("is the browser's own when it is offered", () => {
    expect(defaultDigestZone("Asia/Tokyo", winter)).toBe("Asia/Tokyo");
    expect(defaultDigestZone("America/Los_Angeles", winter)).toBe("America/Los_Angeles");
  });

  it("is the offered zone nearest the browser's by its offset now, the first of equals", () => {
    // UTC+1 in winter: Paris is the first offered.
    expect(defaultDigestZone("Europe/Berlin", winter)).toBe("Europe/Paris");
    // UTC−5 all year: New York's in winter, Chicago's in summer.
    expect(defaultDigestZone("America/Lima", winter)).toBe("America/New_York");
    expect(defaultDigestZone("America/Lima", summer)).toBe("America/Chicago");
    // UTC+0 in winter: London; Kathmandu's +5:45 is nearest India's +5:30.
    expect(defaultDigestZone("UTC", winter)).toBe("Europe/London");
    expect(defaultDigestZone("Asia/Kathmandu", winter)).toBe("Asia/Kolkata");
  });

  it("goes by the offset as written: UTC+14 is nearest UTC+13, not UTC−10 (the same clock a day before)", () => {
    expect(defaultDigestZone("Pacific/Kiritimati", summer)).toBe("Pacific/Apia");
  });

  it("is the list's default when the browser says nothing or names a zone nobody knows", () => {
    expect(defaultDigestZone(undefined, winter)).toBe(DIGEST_DEFAULTS.timezone);
    expect(defaultDigestZone("Mars/Olympus_Mons", winter)).toBe(DIGEST_DEFAULTS.timezone);
  });

  it("replaces only the default zone of a digest never turned on", () => {
    const never = { wantsEmailDigest: false, localTime: "10:00:00", timezone: DIGEST_DEFAULTS.timezone };
    expect(withGuessedZone(never, "Europe/Paris").timezone).toBe("Europe/Paris");
    expect(withGuessedZone({ ...never, wantsEmailDigest: true }, "Europe/Paris").timezone).toBe(
      DIGEST_DEFAULTS.timezone,
    );
    expect(withGuessedZone({ ...never, timezone: "Asia/Tokyo" }, "Europe/Paris").timezone).toBe("Asia/Tokyo");
  });
});

describe("a time added to the digest", () => {
  it("is the hour after the last, or the next whole hour not taken, round the clock", () => {
    expect(freeTimeAfter(["10:00:00"])).toBe("11:00:00");
    expect(freeTimeAfter(["10:00:00", "11:00:00"])).toBe("12:00:00");
    expect(freeTimeAfter(["23:30:00"])).toBe("00:30:00");
    expect(freeTimeAfter(["00:30:00", "23:30:00"])).toBe("01:30:00");
  });
});
