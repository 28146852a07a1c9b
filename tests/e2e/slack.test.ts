/// <reference lib="dom" />
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rss, startFeedServer } from "../support/feeds.ts";
import { upgradeToPro } from "./steps/plans.ts";
import { pageApi, screenshot, signedInPage, waitUntilIdle, type Server, useBrowserServer } from "./support.ts";

let server: Server;
let browser: Browser;
// The demo feeds give the picks to post.
useBrowserServer({ demoFeeds: true }, (started) => ({ server, browser } = started));
// A feed of the test's own brings the org's routed topic a new article.
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
beforeAll(async () => {
  feeds = await startFeedServer();
});
afterAll(() => feeds?.close());

const QUARTER_HOUR = 15 * 60 * 1000;
const LA = "America/Los_Angeles";

const standIn = async (path: string, body: unknown) =>
  (await fetch(`${server.url}/_slack${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  }).then((r) => r.json())) as { status: number; answer: { text?: string } };

describe("graph in Slack, in the browser", () => {
  it("a pro person adds graph to a workspace, sends a test message, gets the picks at the digest time and runs each command", async () => {
    const { page } = await signedInPage(browser, server, undefined, undefined, { timezoneId: LA });
    const topics = ["Machine Learning", "Sourdough Baking", "Jazz"];
    expect((await pageApi(page, "POST", "/api/gpt/to_db", { keyTopicsArray: topics })).status).toBe(200);
    await waitUntilIdle(server);

    // Free: the section says the bot is part of pro, with the upgrade link.
    await page.goto(`${server.url}/home/tune?tab=feed`);
    await page.getByTestId("plan-required-bot").waitFor();
    await screenshot(page, "channels-free");

    await upgradeToPro(page, server);
    await page.goto(`${server.url}/home/tune?tab=feed`);
    const team = `Bakers ${Date.now().toString(36)}`;
    await page.getByTestId("channel-add-slack").click();
    await page.getByTestId("slack-team").fill(team);
    await page.getByTestId("slack-channel").fill("#bread");
    await page.getByTestId("slack-allow").click();
    await page.waitForURL(/\/home\/tune\?tab=feed&channels=connected/);
    const channel = page.getByTestId("channel");
    await channel.waitFor();
    expect(await channel.innerText()).toContain(team);
    expect(await channel.innerText()).toContain("#bread");

    await page.getByTestId("channel-test").click();
    await page.getByTestId("channel-test-sent").waitFor();
    // Per-topic channels, share and the team digest are org's: pro is shown the upgrade note, and no topic choice.
    await page.getByTestId("plan-required-teamBot").waitFor();
    expect(await page.getByTestId("channel-topics").count()).toBe(0);
    await screenshot(page, "channels-connected");

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

    await page.goto(`${server.url}/_slack/viewer`);
    const received = page.getByTestId("slack-channel").filter({ hasText: `${team} #bread` });
    await expect.poll(() => received.getByTestId("slack-message").count(), { timeout: 15_000 }).toBe(2);
    expect(await received.innerText()).toContain("graph is connected");
    expect(await received.innerText()).toMatch(/# your graph picks for /);
    await screenshot(page, "slack-viewer-picks");

    // Each command, as Slack sends it (signed): help at once, the rest answered at response_url.
    expect((await standIn("/dev/command", { team, channel: "#bread", text: "help" })).answer.text).toContain(
      "/graph picks",
    );
    for (const text of ["picks", "search sourdough", "topic Bread Ovens"]) {
      const sent = await standIn("/dev/command", { team, channel: "#bread", text });
      expect(sent.status).toBe(200);
      expect(sent.answer.text).toBe("Working on it…");
    }
    await waitUntilIdle(server);
    await page.reload();
    await expect.poll(() => received.getByTestId("slack-message").count(), { timeout: 15_000 }).toBe(5);
    expect(await received.innerText()).toContain('Following "Bread Ovens"');
  });

  it("an org person routes a topic to a channel and a new article of it arrives there as it is ingested", async () => {
    const { page, userId } = await signedInPage(browser, server);
    expect((await pageApi(page, "POST", "/api/gpt/to_db", { keyTopicsArray: ["Sea Kayaking", "Jazz"] })).status).toBe(
      200,
    );
    // Org is arranged by hand (no checkout): as an operator would.
    const arranged = await fetch(`${server.url}/api/dev/users/${userId}/plan`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ plan: "team" }),
    });
    expect(arranged.status).toBe(200);
    await waitUntilIdle(server);

    await page.goto(`${server.url}/home/tune?tab=feed`);
    const team = `Paddlers ${Date.now().toString(36)}`;
    await page.getByTestId("channel-add-slack").click();
    await page.getByTestId("slack-team").fill(team);
    await page.getByTestId("slack-channel").fill("#kayak");
    await page.getByTestId("slack-allow").click();
    await page.waitForURL(/\/home\/tune\?tab=feed&channels=connected/);
    const channel = page.getByTestId("channel");
    await channel.getByTestId("channel-topics").waitFor();
    await channel.getByTestId("channel-topic").and(page.getByLabel("Sea Kayaking")).check();
    await channel.getByTestId("channel-topics-save").click();
    await channel.getByTestId("channel-topics-saved").waitFor();
    await expect
      .poll(() => channel.getByTestId("channel-topics").innerText())
      .toContain("posted here as their articles arrive");
    await screenshot(page, "channels-routed-topic");

    // A new article of the topic arrives: a feed the person suggests, fetched now.
    const path = `/paddle-${Date.now().toString(36)}.xml`;
    feeds.set(path, {
      body: rss("Coastal Paddler", [
        { title: "Sea kayaking around the headland in a swell", link: "https://paddler.example/headland", ageHours: 1 },
      ]),
    });
    const suggested = await pageApi(page, "POST", "/api/rss/user_source_suggested_list", {
      sourceLink: `${feeds.url}${path}`,
    });
    expect(suggested.status).toBe(201);
    await waitUntilIdle(server);

    await page.goto(`${server.url}/_slack/viewer`);
    const received = page.getByTestId("slack-channel").filter({ hasText: `${team} #kayak` });
    await expect
      .poll(
        async () => {
          await page.reload();
          return (await received.count()) > 0 ? received.innerText() : "";
        },
        { timeout: 15_000 },
      )
      .toContain("Sea kayaking around the headland in a swell");
    expect(await received.innerText()).toContain("new in graph on Sea Kayaking");
    expect(await received.innerText()).toContain('routed topic "Sea Kayaking"');
    await screenshot(page, "slack-viewer-routed");

    // The team's share, from Slack, shows on the channel's row; the weekly team digest is turned on there.
    const article = `/article-${Date.now().toString(36)}.html`;
    feeds.set(article, {
      body: "<!doctype html><title>Tidal races and how to read them</title><p>…</p>",
      contentType: "text/html; charset=utf-8",
    });
    const shared = await standIn("/dev/command", { team, channel: "#kayak", text: `share ${feeds.url}${article}` });
    expect(shared.answer.text).toBe("Working on it…");
    await waitUntilIdle(server);
    await page.goto(`${server.url}/home/tune?tab=feed`);
    await expect
      .poll(() => channel.getByTestId("channel-shares").innerText())
      .toContain("Tidal races and how to read them");
    await channel.getByTestId("channel-team-digest").check();
    await channel.getByTestId("channel-team-digest-day").selectOption("5");
    await expect
      .poll(
        async () => (await pageApi<{ channels: Array<{ teamDigest: unknown }> }>(page, "GET", "/api/channels")).json,
      )
      .toMatchObject({ channels: [{ teamDigest: { on: true, day: 5 } }] });
    await screenshot(page, "channels-org-shares-team-digest");
  });
});
