/// <reference lib="dom" />
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BUILTIN_TOPICS } from "@graph/core/modules/topics/rules";
import {
  collectAlerts,
  onPhoneInEachTheme,
  pageApi,
  screenshot,
  signedInPage,
  type Server,
  useOwnServer,
} from "./support.ts";

let server: Server;
let browser: Browser;
// A runtime of its own: suggestions weigh what everyone follows (a starter topic followed by
// people of other files would be suggested for that, not as a starter topic).
useOwnServer({}, (started) => ({ server, browser } = started));

interface Shown {
  topic: string | null;
  why: string | undefined;
}

const suggested = (page: Page) =>
  page.getByTestId("suggested-topic").evaluateAll((items) =>
    items.map((item) => ({
      topic: item.getAttribute("data-topic"),
      why: item.querySelector('[data-testid="suggestion-why"]')?.textContent ?? undefined,
    })),
  ) as Promise<Shown[]>;
const suggestedNames = async (page: Page) => (await suggested(page)).map((s) => s.topic);
const shownTopics = (page: Page) =>
  page.getByTestId("topic").evaluateAll((items) => items.map((item) => item.getAttribute("data-topic")));
const announced = (page: Page) => page.getByTestId("suggestions-announcement").textContent();
/** Polls that wait for the server (a busy machine may take seconds), never a fixed time. */
const WAIT = { timeout: 30_000 };

const stored = (page: Page, userId: string) =>
  page.evaluate(
    (id) =>
      JSON.parse(localStorage.getItem(`topicSuggestions-${id}`) ?? "null") as { shown: unknown[]; buffer: unknown[] },
    userId,
  );

describe("graph suggestions on the topics tab", () => {
  it("shows suggestions with why, adds one, skips one, refreshes, and keeps them across a reload", async () => {
    // Someone who shares a topic with the person, and follows two more.
    const peer = await signedInPage(browser, server);
    expect(
      (
        await pageApi(peer.page, "POST", "/api/gpt/to_db", {
          keyTopicsArray: ["Tide Pools", "Kelp Forests", "Sea Otters"],
        })
      ).status,
    ).toBe(200);
    await peer.context.close();

    const { context, page, userId } = await signedInPage(browser, server);
    const alerts = await collectAlerts(page);
    const asked: Array<{ limit: number; excludeIds: string[] }> = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/gpt/similar_topics")) asked.push(JSON.parse(request.postData() ?? "{}"));
    });
    expect((await pageApi(page, "POST", "/api/gpt/to_db", { keyTopicsArray: ["Tide Pools"] })).status).toBe(200);
    await page.goto(`${server.url}/home/tune`);

    // Ten shown, the peer's topics first (they have evidence), then built-in topics.
    await expect.poll(async () => (await suggested(page)).length, WAIT).toBe(10);
    const first = await suggested(page);
    expect(first.slice(0, 2)).toEqual([
      { topic: "Kelp Forests", why: "followed by 1 person who also follows Tide Pools" },
      { topic: "Sea Otters", why: "followed by 1 person who also follows Tide Pools" },
    ]);
    for (const s of first.slice(2)) {
      expect(BUILTIN_TOPICS).toContain(s.topic);
      expect(s.why).toBe("one of graph's starter topics");
    }
    // The first request asks for 15: ten shown, five in the buffer.
    expect(asked[0]).toEqual({ seedTopicIds: [], excludeIds: [], limit: 15 });
    await expect.poll(async () => (await stored(page, userId))?.buffer.length, WAIT).toBe(5);
    await screenshot(page, "tune-suggestions");

    // Taking one adds it to the person's topics and replaces it from the buffer, in its place.
    await page.getByRole("button", { name: "add Kelp Forests", exact: true }).click();
    await expect.poll(() => shownTopics(page), WAIT).toEqual(["Tide Pools", "Kelp Forests"]);
    await expect.poll(() => suggestedNames(page), WAIT).not.toContain("Kelp Forests");
    expect(await suggestedNames(page)).toHaveLength(10);
    expect((await suggestedNames(page))[0]).not.toBe("Sea Otters");
    expect(await announced(page)).toBe("added Kelp Forests to your topics.");
    // The buffer ran under 5: it is topped up with 5 more, leaving out what is held.
    await expect.poll(() => asked.length, WAIT).toBe(2);
    expect(asked[1]!.limit).toBe(5);
    expect(asked[1]!.excludeIds).toHaveLength(14);
    await expect.poll(async () => (await stored(page, userId))?.buffer.length, WAIT).toBe(9);

    // Skipping one removes it, tells the server, and replaces it.
    await page.getByRole("button", { name: "skip Sea Otters", exact: true }).click();
    await expect.poll(() => suggestedNames(page), WAIT).not.toContain("Sea Otters");
    expect(await suggestedNames(page)).toHaveLength(10);
    expect(await announced(page)).toBe("skipped Sea Otters. graph won't suggest it again.");
    await expect
      .poll(
        async () =>
          (await pageApi<{ skippedTopics: Array<{ topic: string }> }>(page, "GET", `/api/gpt/skipped_topics/${userId}`))
            .json.skippedTopics,
      )
      .toEqual([expect.objectContaining({ topic: "Sea Otters" })]);

    // What is shown survives a reload (kept on this device), and the added topic stays added.
    await expect.poll(async () => (await stored(page, userId))?.shown.length, WAIT).toBe(10);
    const beforeReload = await suggestedNames(page);
    const requestsBeforeReload = asked.length;
    await page.reload();
    await expect.poll(() => shownTopics(page), WAIT).toEqual(["Tide Pools", "Kelp Forests"]);
    await expect.poll(() => suggestedNames(page), WAIT).toEqual(beforeReload);
    expect(asked.length).toBe(requestsBeforeReload);

    // Refresh replaces every shown suggestion with new ones.
    await page.getByRole("button", { name: "refresh suggestions", exact: true }).click();
    await expect
      .poll(async () => {
        const names = await suggestedNames(page);
        return names.length === 10 && names.every((name) => !beforeReload.includes(name));
      }, WAIT)
      .toBe(true);
    const refreshed = await suggestedNames(page);
    expect(refreshed).not.toContain("Sea Otters");
    expect(refreshed).not.toContain("Kelp Forests");
    await expect.poll(() => announced(page), WAIT).toBe("10 new suggestions.");
    expect(alerts).toEqual([]);

    await onPhoneInEachTheme(browser, context, "tune-suggestions", async (phone) => {
      await phone.goto(`${server.url}/home/tune`);
      await expect.poll(async () => (await suggested(phone)).length, WAIT).toBe(10);
      // The skip button stays within the screen, beside a long topic name.
      const overflow = await phone
        .getByTestId("skip-suggestion")
        .evaluateAll((buttons) => buttons.filter((b) => b.getBoundingClientRect().right > window.innerWidth).length);
      expect(overflow).toBe(0);
    });
    await context.close();
  });

  it("says so when adding a suggestion fails, and keeps it", async () => {
    const { context, page } = await signedInPage(browser, server);
    const alerts = await collectAlerts(page);
    await page.goto(`${server.url}/home/tune`);
    await expect.poll(async () => (await suggested(page)).length, WAIT).toBe(10);
    const [name] = await suggestedNames(page);
    await page.route("**/api/gpt/to_db", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"Boom.","code":"internal"}' }),
    );
    await page.getByRole("button", { name: `add ${name}`, exact: true }).click();
    await expect.poll(() => alerts, WAIT).toEqual(["Failed to add topics"]);
    expect(await suggestedNames(page)).toContain(name);
    await expect
      .poll(() => page.getByRole("button", { name: `add ${name}`, exact: true }).isEnabled(), WAIT)
      .toBe(true);
    await context.close();
  });
});
