/// <reference lib="dom" />
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newPerson, screenshot, startSignedIn, type Server, useBrowserServer } from "./support.ts";

let server: Server;
let browser: Browser;
useBrowserServer({}, (started) => ({ server, browser } = started));

async function freshPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 850 } });
  return context.newPage();
}

/** Presses "continue with Google" and, at the stand-in's chooser, types an identity and continues. */
async function signInWithGoogle(page: Page, email: string, shot?: string) {
  await page.goto(`${server.url}/login`);
  const button = page.getByTestId("google-signin");
  // Enabled once the page learns the deployment offers Google (the stand-in here).
  await expect.poll(() => button.isEnabled()).toBe(true);
  await button.click();
  await page.waitForURL(/\/_google\/authorize\?/);
  await page.getByTestId("google-email").fill(email);
  await page.getByTestId("google-name").fill("Test Person");
  if (shot) await screenshot(page, shot);
  await page.getByTestId("google-continue").click();
}

async function logOut(page: Page) {
  await page.getByTestId("page-menu-button").click();
  await page.getByTestId("menu-logout").click();
  await page.waitForURL(/\/login$/);
}

describe("Google sign-in in the browser", () => {
  it("a new person signs in with Google and lands on /getting-started", async () => {
    const page = await freshPage();
    const { email } = newPerson();
    await signInWithGoogle(page, email, "google-chooser");
    await page.waitForURL(/\/getting-started$/);
    await screenshot(page, "google-new-person");
    const auth = await page.evaluate(async () => (await fetch("/api/check_auth")).json());
    expect(auth).toMatchObject({ isAuthenticated: true, email, isVerified: true, isNewUser: true });
    await page.context().close();
  });

  it("a password account signs in with Google by the same e-mail: links in linking mode, then signs in with Google directly", async () => {
    const page = await freshPage();
    const person = await startSignedIn(page, server);
    await logOut(page);

    // Google with the same e-mail: linking mode shows the e-mail and asks for the password.
    await signInWithGoogle(page, person.email);
    await page.waitForURL(/\/login$/);
    await page.getByRole("heading", { name: "link Google account" }).waitFor();
    expect(await page.getByTestId("link-email").textContent()).toContain(person.email);
    expect(await page.getByLabel("your existing password").isVisible()).toBe(true);
    await screenshot(page, "google-linking-mode");

    // A wrong password: the server's reason, and linking mode is left.
    await page.getByTestId("link-password").fill("not my password");
    await page.getByTestId("link-submit").click();
    await expect.poll(() => page.getByTestId("auth-error").textContent()).toBe("Wrong password.");
    expect(await page.getByTestId("link-form").count()).toBe(0);
    expect(await page.getByTestId("login-form").isVisible()).toBe(true);
    await screenshot(page, "google-linking-failed");

    // Again, with the right password: linked and signed in.
    await signInWithGoogle(page, person.email);
    await page.getByTestId("link-password").fill(person.password);
    await page.getByRole("button", { name: "link + sign in" }).click();
    await page.waitForURL(/\/getting-started$/);
    await logOut(page);

    // Next time Google signs straight in, to the same account.
    await signInWithGoogle(page, person.email);
    await page.waitForURL(/\/getting-started$/);
    const auth = await page.evaluate(async () => (await fetch("/api/check_auth")).json());
    expect(auth).toMatchObject({ isAuthenticated: true, username: person.username, email: person.email });
    // Reloading the login page later shows no stale linking offer.
    await logOut(page);
    await page.reload();
    expect(await page.getByTestId("link-form").count()).toBe(0);
    await page.context().close();
  });

  it("a cancelled Google sign-in comes back to the login page with the spec's message", async () => {
    const page = await freshPage();
    await page.goto(`${server.url}/login`);
    await page.getByTestId("google-signin").click();
    await page.waitForURL(/\/_google\/authorize\?/);
    await page.getByTestId("google-cancel").click();
    await page.waitForURL(/\/login$/);
    await expect.poll(() => page.getByTestId("auth-error").textContent()).toBe("Google sign-in failed.");
    await page.context().close();
  });

  it("a Google-only person deletes their account by typing their username", async () => {
    const page = await freshPage();
    const { email } = newPerson();
    await signInWithGoogle(page, email);
    await page.waitForURL(/\/getting-started$/);
    const { username } = (await page.evaluate(async () => (await fetch("/api/check_auth")).json())) as {
      username: string;
    };
    await page.goto(`${server.url}/home/tune?tab=profile`);
    await page.getByTestId("delete-account-open").click();
    await page.getByTestId("delete-account-confirm").click();
    const field = page.getByTestId("delete-account-username");
    await field.waitFor();
    expect(await page.getByLabel("type your username to confirm").isVisible()).toBe(true);
    await field.fill("someone-else");
    await page.getByTestId("delete-account-submit").click();
    await expect
      .poll(() => page.getByTestId("delete-account-problem").textContent())
      .toBe("That is not your username.");
    await field.fill(username);
    await page.getByTestId("delete-account-submit").click();
    await page.waitForURL(new RegExp(`^${server.url}/goodbye$`));
    await page.context().close();
  });
});
