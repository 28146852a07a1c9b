import { describe, expect, it } from "vitest";
import { DIGEST_ADVANCED_DEFAULTS, DIGEST_DEFAULTS, DIGEST_MESSAGES } from "@graph/core/modules/digest/rules";
import { signedIn, useTestApi } from "../support/runtime.ts";

/** The daily digest's preferences: defaults, partial saves, validation, and each person's own. */
const api = useTestApi();

/** The whole answer for standard preferences: every day, their one time, the default sections. */
const whole = (standard: { wantsEmailDigest: boolean; localTime: string; timezone: string }) => ({
  ...standard,
  days: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"],
  times: [standard.localTime],
  sections: { supertags: true, followingFeed: false, followingLikes: false },
});
const DEFAULTS = whole(DIGEST_DEFAULTS);

const read = async (cookie: string) => {
  const res = await api.client({ cookie }).users.email_digest_preferences.$get();
  expect(res.status).toBe(200);
  return res.json();
};
const update = (cookie: string, json: { wantsEmailDigest?: boolean; localTime?: string; timezone?: string }) =>
  api.client({ cookie }).users.update_email_digest_preferences.$post({ json });

describe("digest preferences", () => {
  it("start from the defaults: off, 10:00, Los Angeles", async () => {
    const person = await signedIn(api);
    expect(await read(person.cookie)).toEqual(DEFAULTS);
    expect(DEFAULTS).toEqual({ ...DIGEST_DEFAULTS, ...DIGEST_ADVANCED_DEFAULTS, times: ["10:00:00"] });
  });

  it("save only the fields sent, and answer the whole preferences", async () => {
    const person = await signedIn(api);
    const on = await update(person.cookie, { wantsEmailDigest: true });
    expect(on.status).toBe(200);
    expect(await on.json()).toEqual({ ...DEFAULTS, wantsEmailDigest: true });

    await update(person.cookie, { localTime: "06:45:00" });
    await update(person.cookie, { timezone: "Pacific/Auckland" });
    expect(await read(person.cookie)).toEqual(
      whole({
        wantsEmailDigest: true,
        localTime: "06:45:00",
        timezone: "Pacific/Auckland",
      }),
    );
  });

  it("refuse an unknown zone, a time off the grid or malformed, a wrong type or nothing at all, changing nothing", async () => {
    const person = await signedIn(api);
    await update(person.cookie, { wantsEmailDigest: true, localTime: "07:15:00", timezone: "Europe/London" });
    const before = await read(person.cookie);

    const refusals: Array<[unknown, string]> = [
      [{ timezone: "Mars/Olympus_Mons" }, DIGEST_MESSAGES.unknownZone],
      [{ timezone: "Europe/Berlin", localTime: "08:00:00" }, DIGEST_MESSAGES.unknownZone],
      [{ localTime: "07:10:00" }, DIGEST_MESSAGES.offGrid],
      [{ localTime: "24:00:00" }, DIGEST_MESSAGES.offGrid],
      [{ localTime: "7am", wantsEmailDigest: false }, DIGEST_MESSAGES.offGrid],
      [{ wantsEmailDigest: "yes" }, "wantsEmailDigest must be true or false."],
      [{}, DIGEST_MESSAGES.nothingToSave],
    ];
    for (const [body, message] of refusals) {
      const res = await api.request("POST", "/api/users/update_email_digest_preferences", {
        cookie: person.cookie,
        body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ error: message, code: "invalid_input" });
    }
    expect(await read(person.cookie)).toEqual(before);
  });

  it("are each person's own: one person's save is never another's to read or change", async () => {
    const ann = await signedIn(api);
    const bob = await signedIn(api);
    await update(ann.cookie, { wantsEmailDigest: true, timezone: "Asia/Tokyo" });
    expect(await read(bob.cookie)).toEqual(DEFAULTS);
    await update(bob.cookie, { localTime: "21:30:00" });
    expect(await read(ann.cookie)).toEqual(
      whole({ wantsEmailDigest: true, localTime: "10:00:00", timezone: "Asia/Tokyo" }),
    );
  });

  it("need a session", async () => {
    expect((await api.request("GET", "/api/users/email_digest_preferences")).status).toBe(401);
    const res = await api.request("POST", "/api/users/update_email_digest_preferences", {
      body: { wantsEmailDigest: true },
    });
    expect(res.status).toBe(401);
  });
});
