/// <reference lib="dom" />
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  codeFor,
  newPerson,
  screenshot,
  signUpAndVerify,
  startSignedIn,
  type Server,
  useBrowserServer,
} from "./support.ts";

let server: Server;
let browser: Browser;
useBrowserServer({}, (started) => ({ server, browser } = started));

async function freshPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 850 } });
  return context.newPage();
}

async function logInThroughForm(page: Page, identifier: string, password: string) {
  await page.goto(`${server.url}/login`);
  await page.getByTestId("login-identifier").fill(identifier);
  await page.getByTestId("login-password").fill(password);
  await page.getByTestId("login-submit").click();
}

describe("accounts in the browser", () => {
  it("signs up, verifies with the code from the outbox, lands on /getting-started, logs out and in again", async () => {
    const page = await freshPage();
    await page.goto(`${server.url}/login?mode=signup`);
    await screenshot(page, "login-signup");
    const person = await signUpAndVerify(page, server);
    await screenshot(page, "getting-started");

    await page.getByTestId("page-menu-button").click();
    await page.getByTestId("menu-logout").click();
    await page.waitForURL(/\/login$/);

    await logInThroughForm(page, person.username, person.password);
    await page.waitForURL(/\/getting-started$/);
    // Signed in, a public-only page sends the person onward.
    await page.goto(`${server.url}/login`);
    await page.waitForURL(/\/getting-started$/);
    await page.context().close();
  });

  it("opens the sign-up form from the landing page's get started", async () => {
    const page = await freshPage();
    await page.goto(server.url);
    await page.getByTestId("get-started").click();
    await page.waitForURL((url) => url.pathname === "/login");
    await page.getByTestId("signup-form").waitFor();
    expect(await page.locator("#auth-heading").innerText()).toBe("start your graph.");
    expect(await page.getByTestId("auth-tab-signup").getAttribute("aria-selected")).toBe("true");
    expect(await page.getByTestId("login-form").count()).toBe(0);
    await page.context().close();
  });

  it("shows each login-screen message for its cause", async () => {
    const page = await freshPage();
    const error = page.getByTestId("auth-error");

    await logInThroughForm(page, "", "");
    expect(await error.textContent()).toBe("username/email or password missing");

    await logInThroughForm(page, "nobody-here", "wrong password");
    await expect.poll(() => error.textContent()).toBe("Invalid username or password.");

    await page.goto(`${server.url}/login?mode=signup`);
    await page.getByTestId("signup-submit").click();
    expect(await error.textContent()).toBe("Username, email or password missing");

    await page.getByTestId("signup-email").fill("not-an-email");
    await page.getByTestId("signup-username").fill("someone");
    await page.getByTestId("signup-password").fill("a long passphrase");
    await page.getByTestId("signup-submit").click();
    expect(await error.textContent()).toBe("Invalid email");

    // A taken username.
    const taken = newPerson();
    await fetch(`${server.url}/api/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(taken),
    });
    await page.getByTestId("signup-email").fill(`other-${taken.email}`);
    await page.getByTestId("signup-username").fill(taken.username);
    await page.getByTestId("signup-submit").click();
    await expect.poll(() => error.textContent()).toBe("That username or email is already taken.");

    // An unverified account is sent to verify its e-mail.
    await logInThroughForm(page, taken.username, taken.password);
    await page.waitForURL(/\/verify-email\?user_id=.+&email=/);

    // Failures the server or network cause.
    const failWith = async (status: number, body: unknown) => {
      await page.route("**/api/login", (route) =>
        route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) }),
      );
      await logInThroughForm(page, "someone", "a password");
      const text = await (async () => {
        await page.getByTestId("auth-error").waitFor();
        return page.getByTestId("auth-error").textContent();
      })();
      await page.unroute("**/api/login");
      return text;
    };
    expect(await failWith(500, { error: "boom" })).toBe("Something went wrong. Please try again later.");
    expect(await failWith(409, { error: "something else" })).toBe(
      "A conflict occurred. Please try different credentials.",
    );
    expect(await failWith(429, { error: "Too many login attempts. Try again in 15 minutes." })).toBe(
      "Too many login attempts. Try again in 15 minutes.",
    );
    expect(await failWith(400, {})).toBe("Request could not be completed.");

    await page.route("**/api/login", (route) => route.abort("connectionrefused"));
    await logInThroughForm(page, "someone", "a password");
    await expect.poll(() => page.getByTestId("auth-error").textContent()).toBe("An unexpected error occurred");
    await page.unroute("**/api/login");

    await page.route("**/api/signup", (route) => route.abort("connectionrefused"));
    await page.goto(`${server.url}/login?mode=signup`);
    const person = newPerson();
    await page.getByTestId("signup-email").fill(person.email);
    await page.getByTestId("signup-username").fill(person.username);
    await page.getByTestId("signup-password").fill(person.password);
    await page.getByTestId("signup-submit").click();
    await expect
      .poll(() => page.getByTestId("auth-error").textContent())
      .toBe("An unexpected error occurred during signup");
    await page.context().close();
  });

  it("shows each verify-page message for its cause", async () => {
    const page = await freshPage();
    const person = newPerson();
    const signedUp = await fetch(`${server.url}/api/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(person),
    });
    const { userId } = (await signedUp.json()) as { userId: string };
    await page.goto(`${server.url}/verify-email?${new URLSearchParams({ user_id: userId, email: person.email })}`);
    const error = page.getByTestId("verify-error");
    const verifyWith = async (code: string) => {
      await page.getByTestId("verify-code").fill(code);
      await page.getByTestId("verify-submit").click();
      await error.waitFor();
      const shown = await error.textContent();
      // Typing again clears the message for the next try.
      await page.getByTestId("verify-code").fill("");
      await error.waitFor({ state: "detached" });
      return shown;
    };
    // The server's words for a wrong code.
    const code = await codeFor(server, person.email);
    expect(await verifyWith(code === "000000" ? "111111" : "000000")).toBe("That code is not right. 4 tries left.");

    const failWith = async (respond: Parameters<Page["route"]>[1]) => {
      await page.route("**/api/verify_account", respond);
      const shown = await verifyWith("123456");
      await page.unroute("**/api/verify_account");
      return shown;
    };
    expect(await failWith((route) => route.fulfill({ status: 400, body: "Bad Request" }))).toBe(
      "verification failed. please check your code and try again.",
    );
    expect(await failWith((route) => route.fulfill({ status: 502, body: "<html>Bad Gateway</html>" }))).toBe(
      "Failed to verify account",
    );
    expect(await failWith((route) => route.abort("connectionrefused"))).toBe("Failed to verify account");
    await page.context().close();
  });

  it("keeps the dark-mode choice across reloads", async () => {
    const page = await freshPage();
    await page.emulateMedia({ colorScheme: "light" });
    await startSignedIn(page, server);
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    expect(await theme()).toBe("light");
    await page.getByTestId("page-menu-button").click();
    const toggle = page.getByTestId("dark-mode-toggle");
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");
    expect((await toggle.getAttribute("aria-label")) ?? (await toggle.textContent())).toMatch(/Switch to dark mode/);
    await toggle.click();
    expect(await theme()).toBe("dark");
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    await page.reload();
    expect(await theme()).toBe("dark");
    await screenshot(page, "getting-started-dark");
    await page.context().close();
  });

  it("follows the system colour scheme until a choice is made", async () => {
    const page = await freshPage();
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(`${server.url}/`);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    await page.context().close();
  });

  it("opens and closes the page dropdown by keyboard", async () => {
    const page = await freshPage();
    await startSignedIn(page, server);
    const button = page.getByTestId("page-menu-button");
    const menu = page.getByTestId("page-menu");

    await button.focus();
    await page.keyboard.press("Enter");
    await menu.waitFor({ state: "visible" });
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("page-menu-button");

    await page.keyboard.press(" ");
    await menu.waitFor({ state: "visible" });
    await page.mouse.click(5, 800);
    await menu.waitFor({ state: "hidden" });

    await button.focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("menu-feedback").focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/home\/feedback$/);
    await menu.waitFor({ state: "hidden" });
    await page.context().close();
  });

  it("sends feedback from /home/feedback to the team", async () => {
    const page = await freshPage();
    await startSignedIn(page, server);
    await page.goto(`${server.url}/home/feedback`);
    await page.getByTestId("feedback-text").fill("the outbox page is handy");
    await page.getByTestId("feedback-submit").click();
    await expect.poll(() => page.getByTestId("feedback-success").textContent()).toBe("thanks for your feedback!");
    // It goes through the mail queue: it reaches the outbox a moment after the page thanks the
    // person (on a busy machine, not before the next line would look).
    const sent = async () =>
      ((await (await fetch(`${server.url}/api/dev/outbox`)).json()) as Array<{ to: string; text: string }>).find((m) =>
        m.text.includes("the outbox page is handy"),
      );
    await expect.poll(sent, { timeout: 30_000 }).toBeDefined();
    expect((await sent())!.to).toBe("team@graph.local");
    await page.context().close();
  });

  it("resets a forgotten password through the mailed link", async () => {
    const page = await freshPage();
    const person = await startSignedIn(page, server);
    await page.context().clearCookies();
    await page.goto(`${server.url}/forgot-password`);
    await page.getByTestId("forgot-email").fill(person.email);
    await page.getByTestId("forgot-submit").click();
    await expect
      .poll(() => page.getByTestId("forgot-success").textContent())
      .toBe("if an account exists, we've sent you a reset link.");
    let link: string | undefined;
    await expect
      .poll(async () => {
        const outbox = (await (await fetch(`${server.url}/api/dev/outbox`)).json()) as Array<{
          to: string;
          text: string;
        }>;
        link = /(http\S+reset-password\?token=\S+)/.exec(
          outbox.find((m) => m.to === person.email && m.text.includes("reset"))?.text ?? "",
        )?.[1];
        return link;
      })
      .toBeDefined();
    await page.goto(link!);
    await page.getByTestId("reset-password").fill("a new long passphrase");
    await page.getByTestId("reset-submit").click();
    await expect
      .poll(() => page.getByTestId("reset-success").textContent())
      .toContain("password successfully updated.");
    await logInThroughForm(page, person.email, "a new long passphrase");
    await page.waitForURL(/\/getting-started$/);
    await page.context().close();
  });

  it("shows the 404 page for reserved words and unknown paths, and guards protected pages", async () => {
    const page = await freshPage();
    for (const path of ["/home/agents", "/feed", "/levers", "/sign-in", "/a/b/c"]) {
      await page.goto(`${server.url}${path}`);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).first().textContent()).toBe("404 Not Found");
    }
    await screenshot(page, "not-found");
    for (const path of ["/home/feedback", "/home/agent"]) {
      await page.goto(`${server.url}${path}`);
      await page.waitForURL(/\/login$/);
    }
    expect(await page.title()).toBe("graph (local)");
    await page.context().close();
  });

  it("logs out and goes to /login when a signed-in call answers 401", async () => {
    const page = await freshPage();
    await startSignedIn(page, server);
    await page.context().clearCookies();
    await page.goto(`${server.url}/home/feedback`);
    await page.waitForURL(/\/login$/);
    await page.context().close();
  });

  it("reads well at 375 px", async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, "login-375");
    await context.close();
  });
});
