/// <reference lib="dom" />
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PHONE } from "../../scripts/audit/viewports.ts";
import { SERVER_ERROR, collectAlerts, screenshot, signedInPage, type Server, useBrowserServer } from "./support.ts";

let server: Server;
let browser: Browser;
useBrowserServer({}, (started) => ({ server, browser } = started));

const buttonState = (page: Page, testId: string) => page.getByTestId(testId).getAttribute("data-state");

/** The sections of the public page, top to bottom. */
const sectionsShown = (page: Page) =>
  page.getByTestId("profile-section").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-section")));

/** The settings page's section order, top to bottom. */
const orderShown = (page: Page) =>
  page.getByTestId("profile-order-row").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-section")));

describe("the profile: edited on the settings page, seen by anyone at /{username}", () => {
  it("the owner edits aims, contact, thoughts and the section order; an anonymous visitor sees them in that order", async () => {
    const { context, page, person } = await signedInPage(browser, server);
    // What the page alerts is kept, to check none was.
    const alerts = await collectAlerts(page);
    await page.goto(`${server.url}/home/tune?tab=profile`);
    await expect.poll(() => page.getByTestId("profile-header-username").innerText()).toBe(person.username);
    await expect.poll(() => page.getByTestId("profile-node-count").innerText()).toBe("0 nodes");
    expect(await page.getByTestId("node-explained").innerText()).toContain("articles you added to your graph");

    // Where aims are typed, one line says they are public and where that section is hidden.
    const note = page.getByTestId("profile-aims").getByTestId("public-note");
    expect(await note.innerText()).toContain("your aims are public");
    expect(await note.innerText()).toContain("about me");
    const inView = () =>
      page.locator("#profile-advanced").evaluate((heading) => {
        const { top } = heading.getBoundingClientRect();
        // Scrolled to, its top may sit a fraction of a pixel above the window's (layout in subpixels).
        return top > -1 && top < window.innerHeight;
      });
    expect(await inView()).toBe(false);
    // Once every section has loaded: one still loading above the heading would push it out of view.
    await expect.poll(() => page.locator("p.loading").count()).toBe(0);
    await note.getByRole("link").click();
    await expect.poll(inView).toBe(true);
    // The section's heading takes the focus, so the keyboard goes on from there.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("profile-advanced");
    expect(await page.locator("#profile-advanced").innerText()).toBe("advanced");

    // Aims: two, one left empty (dropped), saved with the save state shown.
    await page.getByTestId("profile-aim-input").first().fill("Learn jazz piano");
    await page.getByTestId("profile-aim-add").click();
    await page.getByTestId("profile-aim-add").click();
    await page.getByTestId("profile-aim-input").nth(1).fill("  ");
    await page.getByTestId("profile-aim-input").nth(2).fill("Write every day");
    await page.getByTestId("profile-aims-save").click();
    await expect.poll(() => buttonState(page, "profile-aims-save")).toBe("success");
    await expect.poll(() => page.getByTestId("profile-aim-input").count()).toBe(2);
    // Back to idle after 2 seconds.
    await expect.poll(() => buttonState(page, "profile-aims-save")).toBe("idle");

    // Contact (sent as form data).
    await page.getByTestId("profile-contact-about").fill("jazz.example");
    await page.getByTestId("profile-contacts-save").click();
    await expect.poll(() => buttonState(page, "profile-contacts-save")).toBe("success");

    // Thoughts: a missing content is refused on the page; one is added, then edited; another deleted.
    await page.getByTestId("profile-thought-title").fill("No body");
    await page.getByTestId("profile-thought-submit").click();
    await expect.poll(() => page.getByTestId("profile-thought-problem").innerText()).toBe("title or content missing!");
    await page.getByTestId("profile-thought-content").fill("Scales before breakfast.");
    await page.getByTestId("profile-thought-submit").click();
    await expect.poll(() => page.locator('[data-testid="profile-thought"]:not([data-pending])').count()).toBe(1);
    await page.getByTestId("profile-thought-edit").click();
    await page.getByTestId("profile-thought-edit-title").fill("Morning practice");
    await page.getByTestId("profile-thought-save").click();
    await expect.poll(() => page.getByTestId("profile-thought").first().innerText()).toContain("Morning practice");

    await page.getByTestId("profile-thought-title").fill("Delete me");
    await page.getByTestId("profile-thought-content").fill("Soon gone.");
    await page.getByTestId("profile-thought-submit").click();
    await expect.poll(() => page.locator('[data-testid="profile-thought"]:not([data-pending])').count()).toBe(2);
    // Deleting asks nothing: it goes at once, and "undo" is offered for a few seconds.
    await page.getByTestId("profile-thought").first().getByTestId("profile-thought-delete").click();
    await expect.poll(() => page.getByTestId("profile-thought").count()).toBe(1);
    await expect.poll(() => page.getByTestId("toast").innerText()).toContain('deleted "Delete me"');
    await page.getByTestId("toast-dismiss").click();

    // Section order: thoughts lifted to the top with the keyboard (space, arrows, space).
    await expect.poll(() => orderShown(page)).toContain("thoughts");
    const before = await orderShown(page);
    expect(before.slice(0, 2)).toEqual(["aboutMe", "articles"]);
    const handle = page.getByTestId("profile-order-handle-thoughts");
    await handle.focus();
    await page.keyboard.press("Space");
    const row = page.locator('[data-testid="profile-order-row"][data-section="thoughts"]');
    await expect.poll(() => row.getAttribute("data-dragging")).toBe("true");
    // Rows the lifted one has passed make way for it (shifted down); each step lands before the next.
    const madeWay = () =>
      page
        .getByTestId("profile-order-row")
        .evaluateAll(
          (nodes) =>
            nodes.filter(
              (n) =>
                !n.hasAttribute("data-dragging") && /translate3d\(0px, [1-9]/.test((n as HTMLElement).style.transform),
            ).length,
        );
    for (let i = 0; i < before.indexOf("thoughts"); i++) {
      await page.keyboard.press("ArrowUp");
      await expect.poll(madeWay).toBe(i + 1);
    }
    await page.keyboard.press("Space");
    await expect.poll(async () => (await orderShown(page))[0]).toBe("thoughts");
    await page.getByTestId("profile-order-save").click();
    await expect.poll(() => buttonState(page, "profile-order-save")).toBe("success");
    expect(alerts).toEqual([]);
    await screenshot(page, "profile-tab");

    // An anonymous visitor.
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const anonymous = await visitor.newPage();
    await anonymous.goto(`${server.url}/${person.username}`);
    await expect.poll(() => anonymous.getByTestId("profile-username").innerText()).toBe(person.username);
    // Empty sections (no articles, topics or media yet) are left out; the rest follow the saved order.
    await expect.poll(() => sectionsShown(anonymous)).toEqual(["thoughts", "aboutMe"]);
    expect(await anonymous.getByTestId("profile-aims").innerText()).toBe("Learn jazz piano\nWrite every day");
    expect(await anonymous.getByTestId("profile-contact-site").getAttribute("href")).toBe("https://jazz.example");
    expect(await anonymous.title()).toBe(`${person.username} on graph`);

    // A screen that hovers is told to hover; a touch screen, which cannot, to tap.
    expect(await anonymous.getByTestId("footer-hint").innerText()).toBe(
      "hover over anything to see more; click to keep it here.",
    );
    const touch = await browser.newContext({
      viewport: { width: PHONE.width, height: PHONE.height },
      isMobile: true,
      hasTouch: true,
    });
    const phone = await touch.newPage();
    await phone.goto(`${server.url}/${person.username}`);
    expect(await phone.evaluate(() => window.matchMedia("(hover: none)").matches)).toBe(true);
    await expect.poll(() => phone.getByTestId("footer-hint").innerText()).toBe("tap anything to see more here.");
    await touch.close();

    // Hover shows the thought in the footer; a click locks it there.
    const thought = anonymous.getByTestId("profile-item").first();
    await thought.hover();
    await expect.poll(() => anonymous.getByTestId("profile-footer").innerText()).toContain("Morning practice");
    await thought.click();
    await expect.poll(() => thought.getAttribute("aria-pressed")).toBe("true");
    await screenshot(anonymous, "profile-public");

    // The HTML itself names the person, for link previews, whichever crawler asks: the card has
    // the picture made for previews (no photo here) and nothing from the page's sections.
    for (const agent of ["facebookexternalhit/1.1", "Twitterbot/1.0", "Slackbot-LinkExpanding 1.0", "Discordbot/2.0"]) {
      const html = await (await fetch(`${server.url}/${person.username}`, { headers: { "user-agent": agent } })).text();
      expect(html).toContain(`<meta property="og:title" content="${person.username} on graph" />`);
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
      for (const shown of ["Morning practice", "Learn jazz piano", "jazz.example"]) expect(html).not.toContain(shown);
    }
    // The page the browser was given carries the card too, and its picture loads: 1200×630.
    const previewImage = await anonymous.locator('meta[property="og:image"]').getAttribute("content");
    expect(new URL(previewImage!).pathname).toBe("/og-image.png");
    const size = await anonymous.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    }, previewImage!);
    expect(size).toEqual([1200, 630]);

    // Two columns, one at 768 px or narrower.
    const columns = () =>
      anonymous
        .getByTestId("profile-sections")
        .evaluate((n) => getComputedStyle(n).gridTemplateColumns.split(" ").length);
    expect(await columns()).toBe(2);
    await anonymous.setViewportSize({ width: 768, height: 900 });
    await expect.poll(columns).toBe(1);

    // A reserved word is no profile.
    await anonymous.goto(`${server.url}/levers`);
    await anonymous.getByTestId("not-found").waitFor();
    await visitor.close();
    await context.close();
  });

  it("checks usernames as typed, and says so when saves fail", async () => {
    const [{ context, page, person }, other] = await Promise.all([
      signedInPage(browser, server),
      signedInPage(browser, server),
    ]);
    const alerts = await collectAlerts(page);
    await page.goto(`${server.url}/home/tune?tab=profile`);
    const input = page.getByTestId("profile-username-input");
    const check = () => page.getByTestId("profile-username-check").getAttribute("data-check");
    const submit = page.getByTestId("profile-username-save");
    await expect.poll(check).toBe("current");
    expect(await submit.isDisabled()).toBe(true);

    // Taken by someone else; then free. Submit waits for the check.
    await input.fill(other.person.username);
    await expect.poll(check).toBe("taken");
    expect(await submit.isDisabled()).toBe(true);
    await input.fill("ab");
    await expect
      .poll(() => page.getByTestId("profile-username-check").innerText())
      .toBe("Username must be at least 3 characters.");
    expect(await submit.isDisabled()).toBe(true);
    const fresh = `${person.username.slice(0, 14)}new`;
    await input.fill(fresh);
    expect(await check()).toBe("checking");
    expect(await submit.isDisabled()).toBe(true);
    await expect.poll(check).toBe("available");
    expect(await submit.isDisabled()).toBe(false);

    // Out of changes for today: the server's 429 is said in the spec's words.
    await page.route("**/api/users/username", (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        body: '{"error":"out of name changes for today!","code":"rate_limited"}',
      }),
    );
    await submit.click();
    await expect
      .poll(() => page.getByTestId("profile-username-problem").innerText())
      .toBe("out of name changes for today!");
    await expect.poll(() => submit.innerText()).toBe("error");
    await page.unroute("**/api/users/username");

    // The change itself: the header follows.
    await expect.poll(() => submit.isDisabled()).toBe(false);
    await submit.click();
    await expect.poll(() => page.getByTestId("profile-header-username").innerText()).toBe(fresh);

    // Failed saves: aims say 'try again'; a thought is removed again; an edit and a delete say so.
    await page.route("**/api/aims/to_db", (route) => route.fulfill(SERVER_ERROR));
    await page.getByTestId("profile-aim-input").first().fill("An aim");
    await page.getByTestId("profile-aims-save").click();
    await expect.poll(() => page.getByTestId("profile-aims-save").innerText()).toBe("try again");

    await page.getByTestId("profile-thought-title").fill("Kept");
    await page.getByTestId("profile-thought-content").fill("This one stays.");
    await page.getByTestId("profile-thought-submit").click();
    await expect.poll(() => page.locator('[data-testid="profile-thought"]:not([data-pending])').count()).toBe(1);

    await page.route("**/api/thoughts/to_db", (route) => route.fulfill(SERVER_ERROR));
    await page.getByTestId("profile-thought-title").fill("Lost");
    await page.getByTestId("profile-thought-content").fill("Never saved.");
    await page.getByTestId("profile-thought-submit").click();
    await expect.poll(() => page.getByTestId("profile-thought-problem").innerText()).toBe("Failed to submit the form.");
    expect(await page.getByTestId("profile-thought").count()).toBe(1);

    await page.route("**/api/thoughts", (route) => route.fulfill(SERVER_ERROR));
    await page.getByTestId("profile-thought-edit").click();
    await page.getByTestId("profile-thought-edit-title").fill("Changed");
    await page.getByTestId("profile-thought-save").click();
    await expect
      .poll(() => page.getByTestId("profile-thought").getByRole("alert").innerText())
      .toBe("Failed to update the post.");
    await page.getByRole("button", { name: "cancel" }).click();
    await page.getByTestId("profile-thought-delete").click();
    await expect
      .poll(() => page.getByTestId("profile-thought").getByRole("alert").innerText())
      .toBe("Failed to delete the post.");
    expect(await page.getByTestId("profile-thought").count()).toBe(1);

    // The order: an alert, and 'try again' on the button.
    await page.route("**/api/users/profile_order", (route) => route.fulfill(SERVER_ERROR));
    await page.getByTestId("profile-order-down-aboutMe").click();
    await page.getByTestId("profile-order-save").click();
    await expect.poll(() => alerts).toEqual(["Failed to save order."]);
    await expect.poll(() => page.getByTestId("profile-order-save").innerText()).toBe("try again");
    // Back to idle after 2 seconds.
    await expect.poll(() => page.getByTestId("profile-order-save").innerText()).toBe("save order");
    await other.context.close();
    await context.close();
  });
});
