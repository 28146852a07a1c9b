import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { runAxe } from "../../scripts/audit/axe.ts";
import { DESKTOP, PHONE, type Viewport } from "../../scripts/audit/viewports.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/audit/chromium.ts";

const ROOT = resolve(import.meta.dirname, "../..");
export const SCREENSHOTS = join(ROOT, "tests/e2e/screenshots");

export interface Server {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Starts `npm run serve` (the local runtime, as `npm start` runs it) and waits for its URL. */
export async function startServer(
  options: { dataDir?: string; port?: number; demoFeeds?: boolean; allowPrivateFeeds?: boolean } = {},
): Promise<Server> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), "graph-e2e-")));
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "packages/local/src/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(options.port ?? 0),
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      DEMO_FEEDS: options.demoFeeds ? "1" : "0",
      // Lets a suggested source live on this machine, where the tests serve their feeds.
      ALLOW_PRIVATE_FEEDS: options.allowPrivateFeeds ? "1" : "0",
      // Billing runs against the Stripe stand-in, even where a real test key is set.
      STRIPE_SECRET_KEY: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /graph is running at (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]!);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    url,
    dataDir,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once("exit", () => done());
        child.kill("SIGTERM");
      }),
  };
}

/** Debian's Chromium (never a downloaded browser), for the browser tests and `npm run audit:web`. */

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export async function screenshot(page: Page, name: string) {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Reads the newest verification code sent to `email` from the local outbox. */
export async function codeFor(server: Server, email: string): Promise<string> {
  // The mail goes through the mail queue: wait for it as long as a busy machine may need.
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const outbox = (await (await fetch(`${server.url}/api/dev/outbox`)).json()) as Mail[];
    const mail = outbox.find((m) => m.to === email && /\b\d{6}\b/.test(m.text));
    if (mail) return /\b(\d{6})\b/.exec(mail.text)![1]!;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code mailed to ${email}`);
}

let people = 0;
export function newPerson() {
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

/** Waits until the runtime's background work (e.g. fetching the demo feeds at start) has caught up. */
export async function waitUntilIdle(server: Server, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!((await (await fetch(`${server.url}/api/dev/status`)).json()) as { idle: boolean }).idle) {
    if (Date.now() > deadline) throw new Error("background work did not catch up in time");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A new person, signed up and verified, on a page of their own. */
export async function signedInPage(
  browser: Browser,
  server: Server,
  viewport: Viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page; userId: string; person: ReturnType<typeof newPerson> }> {
  const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
  const page = await context.newPage();
  const person = await signUpAndVerify(page, server);
  const userId = await page.evaluate(
    async () => ((await (await fetch("/api/check_auth")).json()) as { userId: string }).userId,
  );
  return { context, page, userId, person };
}

/** Every alert the page shows, in order (each is dismissed, as a person would). */
export function collectAlerts(page: Page): string[] {
  const alerts: string[] = [];
  page.on("dialog", (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  return alerts;
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

/** Runs axe on a signed-in page on desktop and phone in both themes: no serious or critical violation. */
export async function expectAccessible(
  browser: Browser,
  server: Server,
  signedIn: BrowserContext,
  path: string,
  ready: string,
) {
  const session = (await signedIn.cookies()).find((c) => c.name === "graph_session")!.value;
  for (const viewport of [DESKTOP, PHONE]) {
    for (const theme of ["light", "dark"] as const) {
      const audit = { label: path, path, viewport, signedIn: true, ready };
      const result = await runAxe(browser, server.url, audit, { theme, sessionValue: session });
      const blocking = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(blocking, `${viewport.width}px ${theme}`).toEqual([]);
      expect(result.errors, `${viewport.width}px ${theme}`).toEqual([]);
    }
  }
}

/**
 * Starts the local runtime and Chromium before a test file's tests and stops both after them.
 * `started` hands them to the file; with `demoFeeds`, once the runtime's first fetch of the demo
 * feeds has caught up.
 */
export function useBrowserServer(
  options: Parameters<typeof startServer>[0],
  started: (env: { server: Server; browser: Browser }) => void,
) {
  let env: { server: Server; browser: Browser } | undefined;
  beforeAll(async () => {
    const [server, browser] = await Promise.all([startServer(options), launchBrowser()]);
    env = { server, browser };
    started(env);
    if (options?.demoFeeds) await waitUntilIdle(server);
  });
  afterAll(async () => {
    await env?.browser.close();
    await env?.server.stop();
  });
}
