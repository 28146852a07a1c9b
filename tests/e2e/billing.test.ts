import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  collectAlerts,
  onPhoneInEachTheme,
  screenshot,
  signedInPage,
  type Server,
  useBrowserServer,
} from "./support.ts";

/**
 * A free person upgrades through the local Stripe checkout (a declined card first), gets pro's
 * manual refresh at once, then cancels in the billing portal, ends the period there, and is free.
 */
let server: Server;
let browser: Browser;
useBrowserServer({}, (started) => ({ server, browser } = started));

const currentPlan = (page: Page) =>
  page.locator('[data-testid^="plan-"][aria-current="true"]').getAttribute("data-testid");

describe("plans and billing in the browser", () => {
  it("upgrades through checkout, cancels in the portal and is free after the period ends", async () => {
    const { page, context } = await signedInPage(browser, server);
    const alerts = await collectAlerts(page);

    await page.goto(`${server.url}/home/upgrade`);
    await expect.poll(() => currentPlan(page)).toBe("plan-free");
    for (const plan of ["free", "pro", "team"])
      await expect.poll(() => page.getByTestId(`plan-${plan}`).isVisible()).toBe(true);
    expect(await page.getByTestId("plan-pro").textContent()).toContain("$15/month");
    expect(await page.getByTestId("billing-portal").count()).toBe(0);
    await screenshot(page, "upgrade-free");

    await page.getByTestId("checkout").click();
    await page.waitForURL(/\/checkout\/cs_test_/);
    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Your card was declined.");
    await screenshot(page, "stripe-checkout-declined");

    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.waitForURL(/\/home\?upgraded=1$/);
    // The return says the upgrade went through and what it changed.
    const confirmation = page.getByTestId("upgrade-confirmation");
    await expect
      .poll(() => confirmation.getByRole("heading").innerText(), { timeout: 30_000 })
      .toBe("you’re on pro now. here’s what changed:");
    const changes = await page.getByTestId("upgrade-changes").locator("li").allInnerTexts();
    expect(changes).toEqual(
      expect.arrayContaining([
        "8 feed refreshes a day (was 3)",
        "320 posts a day (was 40)",
        "manual refresh, every 15 minutes",
      ]),
    );
    await screenshot(page, "upgrade-confirmation");
    await page.getByTestId("upgrade-confirmation-close").click();
    await page.waitForURL((url) => url.pathname === "/home" && !url.searchParams.has("upgraded"));
    expect(await confirmation.count()).toBe(0);
    await expect.poll(() => page.getByTestId("manual-refresh").isVisible()).toBe(true);
    expect(await page.getByTestId("upgrade-link").count()).toBe(0);

    await page.goto(`${server.url}/home/upgrade`);
    await expect.poll(() => currentPlan(page)).toBe("plan-pro");
    expect(await page.getByTestId("checkout").count()).toBe(0);
    await screenshot(page, "upgrade-pro");
    await page.getByTestId("billing-portal").click();
    await page.waitForURL(/\/portal\/bps_/);
    await screenshot(page, "stripe-portal");
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await expect.poll(() => page.getByText(/cancels on/).isVisible()).toBe(true);

    // Still pro until the period ends.
    await page.getByRole("link", { name: /return to graph/ }).click();
    await page.waitForURL(/\/home\/upgrade$/);
    await expect.poll(() => currentPlan(page)).toBe("plan-pro");
    await expect
      .poll(() => page.getByTestId("subscription-note").textContent())
      .toMatch(/^cancelled: pro until \w+ \d+, \d{4}\.$/);

    await page.getByTestId("billing-portal").click();
    await page.waitForURL(/\/portal\/bps_/);
    await page.getByRole("button", { name: "End the period now" }).click();
    await expect.poll(() => page.getByText("No active subscription.").isVisible()).toBe(true);
    await page.getByRole("link", { name: /return to graph/ }).click();
    await page.waitForURL(/\/home\/upgrade$/);
    await expect.poll(() => currentPlan(page)).toBe("plan-free");

    await page.goto(`${server.url}/home`);
    await expect.poll(() => page.getByTestId("upgrade-link").isVisible()).toBe(true);
    expect(await page.getByTestId("manual-refresh").count()).toBe(0);
    expect(alerts).toEqual([]);
    await context.close();
  });

  it("sends an org request and confirms it; checkout without a session alerts", async () => {
    const { page, context } = await signedInPage(browser, server);
    await page.goto(`${server.url}/home/upgrade`);
    await page.getByTestId("org-seats").fill("1");
    await expect.poll(() => page.getByText("An org needs at least 2 seats.").isVisible()).toBe(true);
    expect(await page.getByTestId("org-request-submit").isDisabled()).toBe(true);
    await page.getByTestId("org-seats").fill("8");
    await page.getByTestId("org-name").fill("Acme Research");
    await page.getByTestId("org-message").fill("we'd like graph for our lab.");
    await page.getByTestId("org-request-submit").click();
    await expect
      .poll(() => page.getByTestId("org-request-sent").textContent())
      .toBe("thanks! we'll e-mail you about your org plan.");
    await screenshot(page, "upgrade-org-sent");
    await onPhoneInEachTheme(browser, context, "upgrade", async (phone) => {
      await phone.goto(`${server.url}/home/upgrade`);
      await expect.poll(() => currentPlan(phone)).toBe("plan-free");
    });

    // The session ends elsewhere (another tab logged out): checkout now has no one to bill.
    const alerts = await collectAlerts(page);
    await page.evaluate(() => fetch("/api/logout", { method: "POST" }));
    await page.getByTestId("checkout").click();
    await expect.poll(() => alerts).toContain("User session not found. Please log in again.");
    await context.close();
  });
});
