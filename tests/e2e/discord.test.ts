/// <reference lib="dom" />
import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { upgradeToPro } from "./steps/plans.ts";
import { pageApi, screenshot, signedInPage, waitUntilIdle, type Server, useBrowserServer } from "./support.ts";

let server: Server;
let browser: Browser;
// The demo feeds give the picks to post.
useBrowserServer({ demoFeeds: true }, (started) => ({ server, browser } = started));

const QUARTER_HOUR = 15 * 60 * 1000;
const LA = "America/Los_Angeles";

const standIn = async <T>(path: string, body: unknown) =>
  (await fetch(`${server.url}/_discord${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  }).then((r) => r.json())) as T;

type Interaction = { status: number; response: { type: number; data?: { content: string } } };

describe("graph in Discord, in the browser", () => {
  it("a pro person adds graph to a server, sends a test message, gets the picks at the digest time and runs each command", async () => {
    const { page } = await signedInPage(browser, server, undefined, undefined, { timezoneId: LA });
    const topics = ["Machine Learning", "Sourdough Baking", "Jazz"];
    expect((await pageApi(page, "POST", "/api/gpt/to_db", { keyTopicsArray: topics })).status).toBe(200);
    await waitUntilIdle(server);

    // A server of this test's own on the stand-in, its channel named so the viewer shows it alone.
    const suffix = Date.now().toString(36);
    const serverName = `Bakers ${suffix}`;
    const channelName = `bread-${suffix}`;
    const made = await standIn<{ id: string; channels: Array<{ id: string }> }>("/dev/servers", {
      name: serverName,
      channels: [channelName],
    });
    const channelId = made.channels[0]!.id;

    await upgradeToPro(page, server);
    await page.goto(`${server.url}/home/tune?tab=feed`);
    await page.getByTestId("channel-add-discord").click();
    await page.getByTestId(`discord-channel-${serverName}-${channelName}`).check();
    await screenshot(page, "discord-consent");
    await page.getByTestId("discord-authorize").click();
    await page.waitForURL(/\/home\/tune\?tab=feed&channels=connected/);
    const channel = page.getByTestId("channel");
    await channel.waitFor();
    expect(await channel.innerText()).toContain("Discord");
    expect(await channel.innerText()).toContain(channelId);

    await page.getByTestId("channel-test").click();
    await page.getByTestId("channel-test-sent").waitFor();
    await screenshot(page, "discord-connected");

    // The digest time: the coming quarter hour in Los Angeles (the e-mail stays off); the job run as of then.
    const at = Math.ceil((Date.now() + 60_000) / QUARTER_HOUR) * QUARTER_HOUR;
    const hhmm = new Intl.DateTimeFormat("en-GB", {
      timeZone: LA,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(at);
    const saved = await pageApi(page, "POST", "/api/users/update_email_digest_preferences", {
      localTime: `${hhmm}:00`,
      timezone: LA,
    });
    expect(saved.status).toBe(200);
    const run = await fetch(`${server.url}/api/dev/jobs/digest`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ now: new Date(at).toISOString() }),
    });
    expect(run.status).toBe(200);
    await waitUntilIdle(server);

    await page.goto(`${server.url}/_discord/viewer`);
    const received = page.getByTestId(`discord-channel-${channelName}`);
    await expect.poll(() => received.getByTestId("discord-message").count(), { timeout: 15_000 }).toBe(2);
    expect(await received.innerText()).toContain("graph is connected");
    expect(await received.innerText()).toMatch(/your graph picks for /);
    await screenshot(page, "discord-viewer-picks");

    // Each command, as Discord sends it (signed): help at once, the rest deferred and edited into place.
    const help = await standIn<Interaction>("/dev/interactions", { channel_id: channelId, command: "help" });
    expect(help.response.type).toBe(4);
    expect(help.response.data!.content).toContain("/graph picks");
    for (const command of ["picks", "search sourdough", "topic Bread Ovens"]) {
      const sent = await standIn<Interaction>("/dev/interactions", { channel_id: channelId, command });
      expect(sent.status).toBe(200);
      expect(sent.response.type).toBe(5);
    }
    await waitUntilIdle(server);
    await page.reload();
    await expect.poll(() => received.getByTestId("discord-message").count(), { timeout: 15_000 }).toBe(6);
    await expect.poll(() => received.innerText(), { timeout: 15_000 }).toContain('Following "Bread Ovens"');
    expect(await received.innerText()).not.toContain("graph is thinking");
  });
});
