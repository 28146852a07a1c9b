import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { codeFor, newPerson, startServer, useBrowserServer } from "./support.ts";

// Runtimes of its own, started and stopped by the test; the run's Chromium.
let browser: Browser;
useBrowserServer({}, (started) => ({ browser } = started));

async function freshPage() {
  const context = await browser.newContext({ viewport: { width: 1200, height: 850 } });
  return context.newPage();
}

describe("the local runtime keeps data across restarts", () => {
  it("logs in after a stop and start with the same data directory", async () => {
    const first = await startServer();
    const person = newPerson();
    const signup = await fetch(`${first.url}/api/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(person),
    });
    const { userId } = (await signup.json()) as { userId: string };
    const code = await codeFor(first, person.email);
    await fetch(`${first.url}/api/verify_account`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ userId, code }),
    });
    await first.stop();

    const second = await startServer({ dataDir: first.dataDir });
    try {
      const page = await freshPage();
      await page.goto(`${second.url}/login`);
      await page.getByTestId("login-identifier").fill(person.email);
      await page.getByTestId("login-password").fill(person.password);
      await page.getByTestId("login-submit").click();
      await page.waitForURL(/\/getting-started$/);
      const outbox = (await (await fetch(`${second.url}/api/dev/outbox`)).json()) as unknown[];
      expect(outbox.length).toBeGreaterThan(0);
      await page.context().close();
    } finally {
      await second.stop();
    }
  });
});
