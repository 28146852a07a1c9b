import { describe, expect, it } from "vitest";
import {
  DIGEST_ADVANCED_DEFAULTS,
  DIGEST_DAYS,
  DIGEST_DEFAULTS,
  advancedPaused,
  DIGEST_LAST_MINUTE,
  DIGEST_TIME_ZONES,
  isDigestTimeZone,
  localTimeOf,
  minutesOf,
} from "./rules.ts";

describe("digest time zones", () => {
  it("offers 27 zones from Samoa to Auckland, each one the runtime knows", () => {
    expect(DIGEST_TIME_ZONES).toHaveLength(27);
    expect(DIGEST_TIME_ZONES[0]).toEqual({ zone: "Pacific/Apia", label: "Samoa" });
    expect(DIGEST_TIME_ZONES.at(-1)).toEqual({ zone: "Pacific/Auckland", label: "Auckland" });
    for (const { zone } of DIGEST_TIME_ZONES) {
      expect(() => new Intl.DateTimeFormat("en", { timeZone: zone })).not.toThrow();
    }
    expect(new Set(DIGEST_TIME_ZONES.map((z) => z.zone)).size).toBe(27);
  });

  it("accepts only the offered zones", () => {
    expect(isDigestTimeZone("America/Los_Angeles")).toBe(true);
    expect(isDigestTimeZone("Pacific/Apia")).toBe(true);
    expect(isDigestTimeZone("Europe/Berlin")).toBe(false);
    expect(isDigestTimeZone("america/los_angeles")).toBe(false);
    expect(isDigestTimeZone(DIGEST_DEFAULTS.timezone)).toBe(true);
  });
});

describe("digest time of day", () => {
  it("reads HH:MM:SS on the 15-minute grid as minutes after midnight", () => {
    expect(minutesOf("00:00:00")).toBe(0);
    expect(minutesOf("10:00:00")).toBe(600);
    expect(minutesOf("13:45:00")).toBe(825);
    expect(minutesOf("23:45:00")).toBe(DIGEST_LAST_MINUTE);
    expect(DIGEST_LAST_MINUTE).toBe(1425);
  });

  it("refuses times off the grid or malformed", () => {
    for (const bad of ["10:05:00", "10:00:30", "24:00:00", "9:00:00", "10:00", "10:60:00", "", "ten"]) {
      expect(minutesOf(bad), bad).toBeNull();
    }
  });

  it("writes minutes back as HH:MM:00, the inverse of reading", () => {
    expect(localTimeOf(0)).toBe("00:00:00");
    expect(localTimeOf(1425)).toBe("23:45:00");
    for (let m = 0; m <= DIGEST_LAST_MINUTE; m += 15) expect(minutesOf(localTimeOf(m))).toBe(m);
  });

  it("defaults to 10:00 in Los Angeles, off", () => {
    expect(DIGEST_DEFAULTS).toEqual({
      wantsEmailDigest: false,
      localTime: "10:00:00",
      timezone: "America/Los_Angeles",
    });
  });
});

describe("advanced settings paused on a plan without them", () => {
  const standard = { days: [...DIGEST_DAYS], times: ["10:00:00"], sections: DIGEST_ADVANCED_DEFAULTS.sections };

  it("are none for the defaults (the supertag section is not one the standard digest lacks a setting for)", () => {
    expect(advancedPaused(standard)).toBe(false);
    expect(advancedPaused({ ...standard, sections: { ...standard.sections, supertags: false } })).toBe(false);
  });

  it("are other days, more times, or a section from the people they follow", () => {
    expect(advancedPaused({ ...standard, days: ["mon"] })).toBe(true);
    expect(advancedPaused({ ...standard, times: ["10:00:00", "18:00:00"] })).toBe(true);
    expect(advancedPaused({ ...standard, sections: { ...standard.sections, followingFeed: true } })).toBe(true);
    expect(advancedPaused({ ...standard, sections: { ...standard.sections, followingLikes: true } })).toBe(true);
  });
});
