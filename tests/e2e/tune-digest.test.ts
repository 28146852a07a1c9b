/// <reference lib="dom" />
import type { Browser, Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  onPhoneInEachTheme,
  screenshot,
  SERVER_ERROR,
  signedInPage,
  type Server,
  useBrowserServer,
} from "./support.ts";

let server: Server;
let browser: Browser;
useBrowserServer({}, (started) => ({ server, browser } = started));

const SAVE = "/api/users/update_email_digest_preferences";

/** Signed in, in a browser whose clock is Los Angeles's (the list's default zone) unless told otherwise. */
const signedIn = (timezoneId = "America/Los_Angeles") =>
  signedInPage(browser, server, undefined, undefined, { timezoneId });

/** Every save the page sends, with its body. */
function collectSaves(page: Page): { body: unknown }[] {
  const saves: { body: unknown }[] = [];
  page.on("request", (request: Request) => {
    if (request.method() === "POST" && request.url().endsWith(SAVE))
      saves.push({ body: JSON.parse(request.postData() ?? "null") as unknown });
  });
  return saves;
}

/** The whole saved preferences of a person who chose no advanced settings: every day, their one time. */
const standard = (prefs: { wantsEmailDigest: boolean; localTime: string; timezone: string }) => ({
  ...prefs,
  days: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"],
  times: [prefs.localTime],
  sections: { supertags: true, followingFeed: false, followingLikes: false },
});

const saved = (page: Page) =>
  page.evaluate(async () => (await fetch("/api/users/email_digest_preferences")).json() as Promise<unknown>);

/** The form as the person sees it. */
async function form(page: Page) {
  const time = page.getByTestId("digest-time");
  return {
    wanted: await page.getByTestId("digest-wanted").isChecked(),
    minutes: Number(await time.inputValue()),
    shown: await page.getByTestId("digest-time-shown").innerText(),
    valueText: await time.getAttribute("aria-valuetext"),
    zone: await page.getByTestId("digest-zone").inputValue(),
    timeOff: await time.isDisabled(),
    zoneOff: await page.getByTestId("digest-zone").isDisabled(),
  };
}

const state = (page: Page) => page.getByTestId("digest-state").getAttribute("data-state");
const stateText = (page: Page) => page.getByTestId("digest-state").innerText();

/** Stops the page's clock (installed by the test): its timers wait for `runFor` or `resume`. */
async function stopClock(page: Page) {
  // A moment ahead of the page's own time, which runs on while this is sent: on a busy machine the
  // page may pass that moment first (the clock refuses to go back), so a later one is asked for.
  for (let ahead = 200; ; ahead *= 2) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + ahead);
      return;
    } catch (error) {
      if (ahead >= 10_000 || !String(error).includes("fast-forward to the past")) throw error;
    }
  }
}

async function openFeedTab(page: Page) {
  await page.goto(`${server.url}/home/tune?tab=feed`);
  await page.getByTestId("digest-wanted").waitFor();
}

describe("the daily e-mail digest on the settings page's feed tab", () => {
  it("turns on at once, saves time and zone 750 ms after the last change in one call, and keeps them", async () => {
    const { context, page } = await signedIn();
    // The page's clock is the test's to stop and move: what waits 750 ms is seen to wait for
    // that, however slowly the machine presses keys.
    await page.clock.install();
    const saves = collectSaves(page);
    await openFeedTab(page);

    // Off by default: the time and the zone cannot be changed.
    expect(await form(page)).toEqual({
      wanted: false,
      minutes: 600,
      shown: "10:00",
      valueText: "10:00",
      zone: "America/Los_Angeles",
      timeOff: true,
      zoneOff: true,
    });
    expect(await page.getByRole("checkbox", { name: "send me a daily e-mail digest" }).count()).toBe(1);
    expect(await page.getByRole("slider", { name: "time of day" }).count()).toBe(1);
    expect(await page.getByRole("combobox", { name: "time zone" }).count()).toBe(1);
    expect(await page.getByTestId("digest-zone").locator("option").count()).toBe(27);

    // The checkbox saves at once (no 750 ms wait), by keyboard: sent while the page's clock stands still.
    await stopClock(page);
    await page.getByTestId("digest-wanted").focus();
    await page.keyboard.press("Space");
    await expect.poll(() => saves.length).toBe(1);
    expect(saves[0]!.body).toEqual({ wantsEmailDigest: true });
    await page.clock.resume();
    await expect.poll(() => stateText(page)).toBe("saved");
    expect((await form(page)).timeOff).toBe(false);
    expect((await form(page)).zoneOff).toBe(false);

    // A burst of slider moves is one save, sent once the moves stop.
    const time = page.getByTestId("digest-time");
    await time.focus();
    await stopClock(page);
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight");
    expect((await form(page)).shown).toBe("11:00");
    expect(await time.getAttribute("aria-valuetext")).toBe("11:00");
    // Nothing is sent until 750 ms of the page's time have passed since the last move.
    await page.clock.runFor(749);
    expect(saves).toHaveLength(1);
    await page.clock.runFor(1);
    await expect.poll(() => saves.length).toBe(2);
    expect(saves[1]!.body).toEqual({ localTime: "11:00:00" });
    await page.clock.resume();
    await expect.poll(() => stateText(page)).toBe("saved");

    // Time and zone changed together are one save with both.
    await stopClock(page);
    await page.keyboard.press("End");
    await page.getByTestId("digest-zone").selectOption("Pacific/Auckland");
    expect((await form(page)).shown).toBe("23:45");
    await page.clock.runFor(750);
    await expect.poll(() => saves.length).toBe(3);
    expect(saves[2]!.body).toEqual({ localTime: "23:45:00", timezone: "Pacific/Auckland" });
    await page.clock.resume();
    await expect.poll(() => stateText(page)).toBe("saved");
    // The save state goes back to idle after 2 seconds.
    await expect.poll(() => state(page), { timeout: 5_000 }).toBe("idle");
    expect(await stateText(page)).toBe("");

    expect(await saved(page)).toEqual(
      standard({ wantsEmailDigest: true, localTime: "23:45:00", timezone: "Pacific/Auckland" }),
    );
    await page.reload();
    await page.getByTestId("digest-wanted").waitFor();
    expect(await form(page)).toEqual({
      wanted: true,
      minutes: 1425,
      shown: "23:45",
      valueText: "23:45",
      zone: "Pacific/Auckland",
      timeOff: false,
      zoneOff: false,
    });
    expect(await page.getByTestId("digest-zone").locator("option:checked").innerText()).toMatch(
      /^Auckland \(UTC\+1[23]\)$/,
    );
    expect(saves).toHaveLength(3);
    await context.close();
  });

  it("starts in the browser's zone, or the nearest offered, and saves it with turning the digest on", async () => {
    const { context: tokyo, page: inTokyo } = await signedIn("Asia/Tokyo");
    await openFeedTab(inTokyo);
    expect((await form(inTokyo)).zone).toBe("Asia/Tokyo");
    await tokyo.close();

    // Berlin is not offered: Paris, at the same offset, is.
    const { context, page } = await signedIn("Europe/Berlin");
    const saves = collectSaves(page);
    await openFeedTab(page);
    expect(await form(page)).toMatchObject({ wanted: false, zone: "Europe/Paris", zoneOff: true });
    await page.getByTestId("digest-wanted").check();
    await expect.poll(() => saves.length).toBe(1);
    expect(saves[0]!.body).toEqual({ wantsEmailDigest: true, timezone: "Europe/Paris" });
    await expect.poll(() => stateText(page)).toBe("saved");
    expect(await saved(page)).toEqual(
      standard({ wantsEmailDigest: true, localTime: "10:00:00", timezone: "Europe/Paris" }),
    );
    await context.close();
  });

  it("shows a failed save and puts the controls back to the saved values", async () => {
    const { context, page } = await signedIn();
    const saves = collectSaves(page);
    await openFeedTab(page);
    await page.getByTestId("digest-wanted").check();
    await expect.poll(() => stateText(page)).toBe("saved");

    await page.route(`**${SAVE}`, (route) => route.fulfill(SERVER_ERROR));
    const time = page.getByTestId("digest-time");
    await time.focus();
    await page.keyboard.press("ArrowRight");
    expect((await form(page)).shown).toBe("10:15");
    await expect.poll(() => stateText(page), { timeout: 5_000 }).toBe("couldn't save. try again");
    expect((await form(page)).minutes).toBe(600);
    expect((await form(page)).shown).toBe("10:00");

    // The checkbox too: back on when the save fails (a click, as uncheck() would insist it stays off).
    await page.getByTestId("digest-wanted").click();
    await expect.poll(() => saves.length).toBe(3);
    await expect.poll(() => page.getByTestId("digest-wanted").isChecked()).toBe(true);
    await expect.poll(() => stateText(page)).toBe("couldn't save. try again");
    await expect.poll(() => state(page), { timeout: 5_000 }).toBe("idle");
    await page.unroute(`**${SAVE}`);

    expect(await saved(page)).toEqual(
      standard({
        wantsEmailDigest: true,
        localTime: "10:00:00",
        timezone: "America/Los_Angeles",
      }),
    );
    // Turned off for real, the time and zone are closed again.
    await page.getByTestId("digest-wanted").uncheck();
    await expect.poll(() => stateText(page)).toBe("saved");
    expect((await form(page)).timeOff).toBe(true);
    expect((await form(page)).zoneOff).toBe(true);
    await context.close();
  });

  it("fits a phone, on and off, in both themes", async () => {
    const { context, page } = await signedIn();
    await openFeedTab(page);
    await screenshot(page, "tune-digest-off");
    await page.getByTestId("digest-wanted").check();
    await page.getByTestId("digest-zone").selectOption("Pacific/Apia");
    await expect.poll(() => stateText(page), { timeout: 5_000 }).toBe("saved");
    await screenshot(page, "tune-digest");
    await onPhoneInEachTheme(browser, context, "tune-digest", async (small) => {
      await openFeedTab(small);
      expect((await form(small)).zone).toBe("Pacific/Apia");
    });
    await context.close();
  });
});
