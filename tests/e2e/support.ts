/// <reference lib="dom" />
import { mkdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";
import { runAxe } from "../../scripts/audit/axe.ts";
import { DESKTOP, PHONE, type Viewport } from "../../scripts/audit/viewports.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/audit/chromium.ts";
import {
  codeFor,
  newSession,
  startServer,
  waitUntilIdle,
  type DevSession,
  type Person,
  type Server as RunningServer,
  type ServerOptions,
} from "./server.ts";

export { codeFor, newSession, startServer, waitUntilIdle, type DevSession, type Person, type ServerOptions };

const ROOT = resolve(import.meta.dirname, "../..");
export const SCREENSHOTS = join(ROOT, "tests/e2e/screenshots");

/** The runtime a test talks to: the run's shared one, or one a file started for itself. */
export type Server = Pick<RunningServer, "url">;

/** Debian's Chromium (never a downloaded browser), for the browser tests and `npm run audit:web`. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** The run's Chromium (tests/e2e/global-setup.ts), for this file: its contexts close with it. */
async function connectBrowser(): Promise<Browser> {
  return watchDialogs(await chromium.connect(inject("browserEndpoint")));
}

export async function screenshot(page: Page, name: string) {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

let people = 0;
export function newPerson(): Person {
  people++;
  const name = `e2e${people}${Math.random().toString(36).slice(2, 7)}`;
  return { username: name, email: `${name}@example.com`, password: "a long passphrase" };
}

/** Signs up through the login screen and verifies with the mailed code, ending signed in. */
export async function signUpAndVerify(page: Page, server: Server, person = newPerson()) {
  await page.goto(`${server.url}/login?mode=signup`);
  await page.getByTestId("signup-email").fill(person.email);
  await page.getByTestId("signup-username").fill(person.username);
  await page.getByTestId("signup-password").fill(person.password);
  await page.getByTestId("signup-submit").click();
  await page.waitForURL(/\/verify-email\?/);
  await page.getByTestId("verify-code").fill(await codeFor(server, person.email));
  await page.getByTestId("verify-submit").click();
  await page.waitForURL(/\/getting-started$/);
  return person;
}

/** Signs the browser context in as the session's person (its session cookie, as sign-up sets it). */
export async function signIn(context: BrowserContext, server: Server, session: DevSession) {
  await context.addCookies([{ ...session.cookie, url: server.url, httpOnly: true, sameSite: "Lax" }]);
}

/**
 * Signs `page`'s browser in as a new person (signed up and verified by the runtime's dev route:
 * the sign-up form has tests of its own) and opens /getting-started, where sign-up leaves a person.
 */
export async function startSignedIn(page: Page, server: Server, person: Partial<Person> = newPerson()) {
  const session = await newSession(server, person);
  await signIn(page.context(), server, session);
  await page.goto(`${server.url}/getting-started`);
  return session;
}

/**
 * A new person (as `startSignedIn` makes them) on a page of their own. It is open at a plain file
 * of the site, not at an app page: tests go to the page they test, and calls made from the page
 * (`pageApi`) need the site's origin.
 */
export async function signedInPage(
  browser: Browser,
  server: Server,
  viewport: Viewport = DESKTOP,
  person: Partial<Person> = newPerson(),
  /** More of the browser's settings (e.g. its time zone). */
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; userId: string; person: Person }> {
  const [session, context] = await Promise.all([
    newSession(server, person),
    browser.newContext({ ...options, viewport: { width: viewport.width, height: viewport.height } }),
  ]);
  await signIn(context, server, session);
  const page = await context.newPage();
  await page.goto(`${server.url}/robots.txt`);
  const { userId, username, email, password } = session;
  return { context, page, userId, person: { username, email, password } };
}

let collectors = 0;

/**
 * Every message the page alerts (`role="alert"` toasts, and inline messages marked
 * `data-alerted`), in order, as each appears: the app never uses the browser's `alert()` (a
 * native dialog fails the test, see `watchDialogs`). Install it before the action that alerts.
 */
export async function collectAlerts(page: Page): Promise<string[]> {
  const alerts: string[] = [];
  const binding = `__graphAlerted${++collectors}`;
  await page.exposeBinding(binding, (_source, text: string) => void alerts.push(text));
  const watch = (name: string) => {
    const report = (node: Node) => {
      if (!(node instanceof Element)) return;
      const found = [node, ...Array.from(node.querySelectorAll("[data-alerted]"))].filter((e) =>
        e.hasAttribute("data-alerted"),
      );
      for (const element of found) {
        (window as unknown as Record<string, (text: string) => void>)[name]!(element.textContent?.trim() ?? "");
      }
    };
    new MutationObserver((changes) => changes.forEach((c) => c.addedNodes.forEach(report))).observe(document, {
      childList: true,
      subtree: true,
    });
  };
  await page.addInitScript(watch, binding);
  await page.evaluate(watch, binding);
  return alerts;
}

const dialogs: string[] = [];

/**
 * The app speaks through its own toasts and dialogs, never the browser's `alert()`, `confirm()`
 * or `prompt()`: every context a test opens records any native dialog (dismissing it, so the page
 * goes on), and the file's `afterEach` fails the test in which one fired.
 */
function watchDialogs(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options?: BrowserContextOptions) => {
    // Service workers only where a test asks for them: a page a worker controls makes its
    // requests through the worker, which `page.route` does not see (Playwright's documented limit).
    const context = await newContext({ serviceWorkers: "block", ...options });
    context.on("dialog", (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss().catch(() => undefined);
    });
    return context;
  };
  browser.newPage = async (...args: Parameters<Browser["newPage"]>) => {
    const context = await browser.newContext(...args);
    const page = await context.newPage();
    // As Playwright's own newPage: closing the page closes its context.
    page.once("close", () => void context.close().catch(() => undefined));
    return page;
  };
  return browser;
}

/** Fails the test in which a native dialog fired (each file's browser is watched: `connectBrowser`). */
function failOnDialogs() {
  afterEach(() => {
    const fired = dialogs.splice(0);
    expect(fired, "a native dialog fired: the app says things in its own toasts and dialogs").toEqual([]);
  });
}

/** Calls the API from the page (same origin, the person's session), as the web app does. */
export const pageApi = <T = unknown>(page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ([verb, url, json]) => {
      const response = await fetch(url, {
        method: verb,
        headers: json === undefined ? {} : { "content-type": "application/json" },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      const text = await response.text();
      return { status: response.status, json: (text ? JSON.parse(text) : undefined) as unknown };
    },
    [method, path, body] as const,
  ) as Promise<{ status: number; json: T }>;

/** A server failure to answer a routed request with (`route.fulfill(SERVER_ERROR)`). */
export const SERVER_ERROR = {
  status: 500,
  contentType: "application/json",
  body: '{"error":"Boom.","code":"internal"}',
};

/**
 * Opens the signed-in person's session on a phone in each theme and hands the page to `check`;
 * fails when the page scrolls sideways, and keeps a screenshot named `<name>-390-<theme>`.
 */
export async function onPhoneInEachTheme(
  browser: Browser,
  signedIn: BrowserContext,
  name: string,
  check: (page: Page) => Promise<void>,
) {
  for (const theme of ["light", "dark"] as const) {
    const phone = await browser.newContext({
      viewport: { width: PHONE.width, height: PHONE.height },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      colorScheme: theme,
      storageState: await signedIn.storageState(),
    });
    const page = await phone.newPage();
    await check(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), theme).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, `${name}-390-${theme}`);
    await phone.close();
  }
}

/**
 * Runs axe on a page on desktop and phone in both themes, signed in as `signedIn`'s person (or
 * signed out): no serious or critical violation, no console error or CSP violation. `ready`
 * names what must be on the page before it is checked, each selector at least once.
 */
export async function expectAccessible(
  browser: Browser,
  server: Server,
  signedIn: BrowserContext | undefined,
  path: string,
  ready: string | string[],
) {
  const session = signedIn && (await signedIn.cookies()).find((c) => c.name === "graph_session")!.value;
  const variants = [DESKTOP, PHONE].flatMap((viewport) =>
    (["light", "dark"] as const).map((theme) => ({ viewport, theme })),
  );
  // Side by side: each in a context of its own, and most of a check is waiting for the page.
  const results = await Promise.all(
    variants.map(({ viewport, theme }) =>
      runAxe(
        browser,
        server.url,
        { label: path, path, viewport, signedIn: session !== undefined, ready },
        {
          theme,
          sessionValue: session,
        },
      ),
    ),
  );
  for (const [i, { viewport, theme }] of variants.entries()) {
    const result = results[i]!;
    const blocking = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(blocking, `${path} ${viewport.width}px ${theme}`).toEqual([]);
    expect(result.errors, `${path} ${viewport.width}px ${theme}`).toEqual([]);
  }
}

/** Waits until the run's runtime has fetched and indexed the demo feeds (tests/e2e/global-setup.ts). */
export async function demoFeedsReady() {
  const flag = inject("demoFeedsFlag");
  for (;;) {
    const state = await readFile(flag, "utf8").catch(() => undefined);
    if (state === "ready") return;
    if (state !== undefined) throw new Error(state);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * This file's Chromium (connected to the run's) and the run's shared runtime
 * (tests/e2e/global-setup.ts: private feeds allowed), handed to the file by `started` before its
 * tests run; with `demoFeeds`, once the demo feeds are fetched and indexed.
 */
export function useBrowserServer(
  options: { demoFeeds?: boolean },
  started: (env: { server: Server; browser: Browser }) => void,
) {
  let browser: Browser | undefined;
  failOnDialogs();
  beforeAll(async () => {
    [browser] = await Promise.all([connectBrowser(), options.demoFeeds ? demoFeedsReady() : undefined]);
    started({ server: { url: inject("serverUrl") }, browser });
  });
  afterAll(async () => {
    await browser?.close();
  });
}

/** How long a runtime of a file's own may take to fetch the demo feeds the first time. */
const DEMO_FIRST_FETCH_MS = 300_000;

/**
 * For a file whose tests need a runtime of their own (other settings, or state no other file may
 * touch): starts it beside this file's Chromium and stops it after the file; with `demoFeeds`,
 * hands it over once its first fetch of the demo feeds has caught up.
 */
export function useOwnServer(
  options: ServerOptions,
  started: (env: { server: RunningServer; browser: Browser }) => void,
) {
  let env: { server: RunningServer; browser: Browser } | undefined;
  failOnDialogs();
  beforeAll(async () => {
    const [server, browser] = await Promise.all([startServer(options), connectBrowser()]);
    env = { server, browser };
    // The first fetch of the whole demo corpus: on a machine busy with other work it has taken
    // over two minutes, so it gets a budget of its own (a condition, polled; not a wait).
    if (options.demoFeeds) await waitUntilIdle(server, DEMO_FIRST_FETCH_MS);
    started(env);
  }, DEMO_FIRST_FETCH_MS + 60_000);
  afterAll(async () => {
    await env?.browser.close();
    await env?.server.stop();
  });
}

/** Opens the feed and gives its first card a moment to show (a feed may still have none: callers poll). */
export async function reopenFeed(page: Page, server: Pick<Server, "url">): Promise<void> {
  await page.goto(`${server.url}/home`);
  await page
    .getByTestId("feed-article")
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
}

/**
 * Opens the feed again until `card` matches exactly one card: new articles reach a feed after
 * their fetch and the session's next fill, which a test cannot name a moment for.
 */
export async function untilFeedShows(page: Page, server: Pick<Server, "url">, card: Locator): Promise<Locator> {
  await expect
    .poll(async () => {
      await reopenFeed(page, server);
      return card.count();
    })
    .toBe(1);
  return card;
}
