/// <reference lib="dom" />
import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pageApi, signedInPage, waitUntilIdle, type Server, useBrowserServer } from "./support.ts";

let server: Server;
let browser: Browser;
useBrowserServer({}, (started) => ({ server, browser } = started));

describe("deleting the account from the profile tab", () => {
  it("confirms, asks for the password, shows the server's refusal, then deletes, signs out everywhere and says goodbye", async () => {
    const { context, page, person } = await signedInPage(browser, server);
    // The same person in another browser.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto(server.url);
    const login = await pageApi<{ userId: string }>(otherPage, "POST", "/api/login", {
      identifier: person.username,
      password: person.password,
    });
    expect(login.status).toBe(200);

    await page.goto(`${server.url}/home/tune?tab=profile`);
    const dialog = page.getByTestId("delete-account-dialog");
    await page.getByTestId("delete-account-open").click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // Escape closes the dialog and nothing happens.
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await page.getByTestId("delete-account-open").click();
    await page.getByTestId("delete-account-confirm").click();
    // Step 1: the password (the account signs in with e-mail and password).
    const password = page.getByTestId("delete-account-password");
    await expect.poll(() => password.isVisible()).toBe(true);
    await password.fill("not my password");
    await page.getByTestId("delete-account-submit").click();
    await expect.poll(() => page.getByTestId("delete-account-problem").innerText()).toBe("Wrong password.");
    expect(new URL(page.url()).pathname).toBe("/home/tune");

    await password.fill(person.password);
    await page.getByTestId("delete-account-submit").click();
    await page.waitForURL((url) => url.pathname === "/goodbye");
    // It says goodbye, not the log-in form's "welcome back.", and stays once signed out.
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("goodbye.");

    // Signed out here and in the other browser, and no way back in.
    const here = await pageApi<{ isAuthenticated: boolean }>(page, "GET", "/api/check_auth");
    expect(here.json).toEqual({ isAuthenticated: false });
    const there = await pageApi(otherPage, "GET", "/api/users/auth_provider");
    expect(there.status).toBe(401);
    const again = await pageApi(otherPage, "POST", "/api/login", {
      identifier: person.username,
      password: person.password,
    });
    expect(again.status).toBe(401);
    expect(new URL(page.url()).pathname).toBe("/goodbye");
    expect(await page.locator("#auth-heading").count()).toBe(0);
    await page.getByTestId("goodbye-home").click();
    await page.waitForURL((url) => url.pathname === "/");

    // Once swept, the name can be taken again.
    await waitUntilIdle(server);
    const signup = await pageApi(otherPage, "POST", "/api/signup", {
      username: person.username,
      email: person.email,
      password: "another long passphrase",
    });
    expect(signup.status).toBe(201);
    await Promise.all([context.close(), other.close()]);
  });
});
