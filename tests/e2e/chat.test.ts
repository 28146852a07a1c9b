/// <reference lib="dom" />
import type { Browser, Page, WebSocketRoute } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  collectAlerts,
  onPhoneInEachTheme,
  screenshot,
  signedInPage,
  type Server,
  useBrowserServer,
} from "./support.ts";

/**
 * Chat in two (then three) browsers: A opens B's profile and presses message, B sees it arrive
 * live with the header's unread badge, they type and reply; a third person gets a group message;
 * the bot answers.
 */
let server: Server;
let browser: Browser;
useBrowserServer({}, (started) => ({ server, browser } = started));

type Person = Awaited<ReturnType<typeof signedInPage>>;
let a: Person;
let b: Person;
let c: Person;
/** A and B's conversation, and the group of the three. */
let direct: string;
let trio: string;
const alerts: Record<string, string[]> = {};

/** Opens the chat page and waits until its socket is connected and a conversation is open. */
async function openChat(page: Page) {
  await page.goto(`${server.url}/home/chat`);
  await expect.poll(() => page.getByTestId("chat-page").getAttribute("data-connection")).toBe("open");
  await page.getByTestId("chat-view").waitFor();
}

const badge = (page: Page) => page.getByTestId("chat-badge");
const badgeText = async (page: Page) => ((await badge(page).count()) ? await badge(page).innerText() : "");
const messagesIn = (page: Page) => page.getByTestId("chat-messages").getByTestId("chat-message");
const conversationItem = (page: Page, id: string) =>
  page.locator(`[data-testid="chat-conversation"][data-conversation-id="${id}"]`);

/** Sends a message from the composer with Enter. */
async function send(page: Page, text: string) {
  const input = page.getByTestId("chat-input");
  await input.fill(text);
  await input.press("Enter");
}

describe("chat in the browser", () => {
  it("A messages B from B's profile; B sees it live, bold and linked, with the badge [1]", async () => {
    [a, b, c] = await Promise.all([
      signedInPage(browser, server),
      signedInPage(browser, server),
      signedInPage(browser, server),
    ]);
    for (const [name, person] of [
      ["a", a],
      ["b", b],
      ["c", c],
    ] as const)
      alerts[name] = await collectAlerts(person.page);

    // B waits on the chat page: the bot's conversation is open by default, its name set apart.
    await openChat(b.page);
    await expect.poll(() => b.page.getByTestId("chat-view").getAttribute("data-conversation-id")).toBeTruthy();
    const botItem = b.page.locator('[data-testid="chat-conversation"][data-bot="true"]');
    await expect.poll(() => botItem.getAttribute("aria-current")).toBe("true");
    expect(await botItem.locator(".chat-name--bot").count()).toBe(1);
    expect(await badgeText(b.page)).toBe("");

    // A opens B's profile and presses message: a pending conversation with B, made by the first message.
    await a.page.goto(`${server.url}/${b.person.username}`);
    await a.page.getByTestId("message-button").click();
    await a.page.waitForURL(/\/home\/chat$/);
    await expect.poll(() => a.page.getByTestId("chat-view").getAttribute("data-pending")).toBe("true");
    expect(await a.page.getByTestId("chat-title").innerText()).toBe(b.person.username);
    // When the first message cannot make the conversation, that is alerted and the text is kept.
    const conversations = `${server.url}/api/messages/conversations`;
    await a.page.route(conversations, (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 500, body: "{}" }) : route.fallback(),
    );
    await send(a.page, "**hi** http://example.com");
    await expect.poll(() => alerts.a).toEqual(["Failed to create conversation and send message."]);
    alerts.a!.length = 0;
    await expect.poll(() => a.page.getByTestId("chat-input").inputValue()).toBe("**hi** http://example.com");
    await a.page.unroute(conversations);
    await a.page.getByTestId("chat-input").press("Enter");
    await expect.poll(() => a.page.getByTestId("chat-view").getAttribute("data-pending")).toBeNull();
    await expect.poll(() => messagesIn(a.page).last().getAttribute("data-state")).toBe("sent");
    const conversationId = (await a.page.getByTestId("chat-view").getAttribute("data-conversation-id"))!;
    direct = conversationId;
    expect(await a.page.evaluate(() => localStorage.getItem("lastActiveConvId"))).toBe(conversationId);

    // B: the badge counts one unread conversation, the inbox marks it, with a 16-character preview.
    await expect.poll(() => badgeText(b.page)).toBe("[1]");
    const item = conversationItem(b.page, conversationId);
    await expect.poll(() => item.getAttribute("data-unread")).toBe("true");
    // The preview is plain text: markdown's marks are left out before it is cut to 16 characters.
    expect(await item.getByTestId("chat-preview").innerText()).toBe("●hi http://exampl…");

    // Opening it shows the message in bold with a safe link, and clears the badge.
    await item.click();
    const message = messagesIn(b.page).last();
    await expect.poll(() => message.locator("strong").innerText()).toBe("hi");
    const link = message.locator("a");
    expect(await link.getAttribute("href")).toBe("http://example.com");
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await link.getAttribute("rel")).toBe("noopener noreferrer nofollow");
    await expect.poll(() => badgeText(b.page)).toBe("");
    await expect.poll(() => item.getAttribute("data-unread")).toBe("false");
  });

  it("B types (A sees it, then sees it stop) and replies live", async () => {
    const typing = a.page.getByTestId("chat-typing");
    await b.page.getByTestId("chat-input").pressSequentially("hel");
    await expect.poll(() => typing.innerText()).toBe(`${b.person.username} is typing…`);
    // 1200 ms without a key: B's page says it stopped, and A's indicator goes.
    await expect.poll(() => typing.innerText()).toBe("");

    await b.page.getByTestId("chat-input").pressSequentially("lo back");
    await b.page.getByTestId("chat-input").press("Shift+Enter");
    await b.page.getByTestId("chat-input").pressSequentially("second line");
    await b.page.getByTestId("chat-input").press("Enter");
    await expect
      .poll(() => messagesIn(a.page).last().locator(".chat-message__body").innerText())
      .toBe("hello back\nsecond line");
    expect(await messagesIn(a.page).count()).toBe(2);
    // A is looking at the conversation: it is read at once, no badge.
    await expect.poll(() => badgeText(a.page)).toBe("");

    // B pressing message on A's profile opens the conversation they already have.
    await b.page.goto(`${server.url}/${a.person.username}`);
    await b.page.getByTestId("message-button").click();
    await expect.poll(() => b.page.getByTestId("chat-view").getAttribute("data-conversation-id")).toBe(direct);
    await expect.poll(() => messagesIn(b.page).count()).toBe(2);
  });

  it("a third person is put in a group with them and sees its message, with the badge on any page", async () => {
    // C is elsewhere in the app: the badge still counts what arrives.
    await c.page.goto(`${server.url}/home/find`);
    await c.page.getByTestId("nav-chat").waitFor();

    await a.page.getByTestId("chat-new").click();
    const modal = a.page.getByTestId("chat-new-modal");
    for (const person of [b, c]) {
      await modal.getByTestId("chat-new-search").fill(person.person.username);
      await modal.getByTestId("chat-new-person").filter({ hasText: person.person.username }).click();
    }
    // Nobody already picked, and never oneself, is offered again.
    await modal.getByTestId("chat-new-search").fill("e2e");
    await modal.getByTestId("chat-new-results").waitFor();
    const offered = await modal.getByTestId("chat-new-person").allInnerTexts();
    for (const name of [a, b, c].map((p) => p.person.username)) expect(offered.join(" ")).not.toContain(name);
    expect(await modal.getByTestId("chat-new-picked").locator("li").count()).toBe(2);
    await modal.getByTestId("chat-new-name").fill("trio");
    await screenshot(a.page, "chat-new-1350-light");

    // A refused creation is alerted, and the picks stay for another try.
    const conversations = `${server.url}/api/messages/conversations`;
    await a.page.route(conversations, (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 500, body: "{}" }) : route.fallback(),
    );
    await modal.getByTestId("chat-new-create").click();
    await expect.poll(() => alerts.a).toEqual(["Failed to create conversation."]);
    alerts.a!.length = 0;
    await a.page.unroute(conversations);
    await modal.getByTestId("chat-new-create").click();
    await expect.poll(() => a.page.getByTestId("chat-title").innerText()).toBe("trio");
    const members = a.page.getByTestId("chat-members");
    expect(await members.innerText()).toContain(b.person.username);
    await send(a.page, "hello *group*");

    await expect.poll(() => badgeText(c.page)).toBe("[1]");
    await c.page.getByTestId("nav-chat").click();
    await c.page.getByTestId("chat-conversation").filter({ hasText: "trio" }).click();
    const last = messagesIn(c.page).last();
    await expect.poll(() => last.locator("em").innerText()).toBe("group");
    trio = (await c.page.getByTestId("chat-view").getAttribute("data-conversation-id"))!;
    expect(await last.locator(".chat-message__sender").innerText()).toBe(a.person.username);
    await expect.poll(() => badgeText(c.page)).toBe("");
  });

  it("the bot answers 'help'", async () => {
    await c.page.locator('[data-testid="chat-conversation"][data-bot="true"]').click();
    await expect.poll(() => c.page.getByTestId("chat-view").getAttribute("data-conversation-id")).toBeTruthy();
    await expect.poll(() => c.page.getByTestId("chat-messages").getAttribute("aria-busy")).toBe("false");
    const before = await messagesIn(c.page).count();
    await send(c.page, "help");
    await expect
      .poll(async () =>
        messagesIn(c.page).evaluateAll(
          (nodes, skip) => nodes.slice(skip).filter((n) => n.getAttribute("data-mine") === "false").length,
          before,
        ),
      )
      .toBeGreaterThan(0);
    // C is on the free plan: the bot says once what it is, with the upgrade page as a link.
    const answer = messagesIn(c.page).last().locator(".chat-message__body");
    expect(await answer.innerText()).toContain("The chat bot comes with the pro plan");
    expect(await answer.locator("a").last().getAttribute("href")).toMatch(/\/home\/upgrade$/);
    await screenshot(c.page, "chat-bot-1350-light");
    expect(alerts).toEqual({ a: [], b: [], c: [] });
  });

  it("takes a message of only invisible characters for an empty one: nothing to send", async () => {
    const input = c.page.getByTestId("chat-input");
    const invisible = "\u200b\u2060 \ufeff\u200d\u00ad\u200e";
    await input.fill(invisible);
    expect(await c.page.getByTestId("chat-send").isDisabled()).toBe(true);
    // Enter sends nothing: the text stays where it is (a send clears the field).
    await input.press("Enter");
    expect(await input.inputValue()).toBe(invisible);
    await input.fill("");
  });

  it("forgets a remembered conversation the server refuses (403), falling back to the bot's", async () => {
    expect(await c.page.evaluate(() => localStorage.getItem("lastActiveConvId"))).not.toBeNull();
    const refused = `${server.url}/api/messages/conversations/${trio}/messages**`;
    await c.page.route(refused, (route) =>
      route.fulfill({
        status: 403,
        contentType: "application/json",
        body: '{"error":"Forbidden.","code":"forbidden"}',
      }),
    );
    await c.page.evaluate((id) => localStorage.setItem("lastActiveConvId", id), trio);
    await openChat(c.page);
    const bot = (await c.page
      .locator('[data-testid="chat-conversation"][data-bot="true"]')
      .getAttribute("data-conversation-id"))!;
    await expect.poll(() => c.page.getByTestId("chat-view").getAttribute("data-conversation-id")).toBe(bot);
    expect(await c.page.evaluate(() => localStorage.getItem("lastActiveConvId"))).toBeNull();
    await c.page.unroute(refused);

    // One that is not among the person's conversations at all is forgotten too.
    await c.page.evaluate((id) => localStorage.setItem("lastActiveConvId", id), direct);
    await openChat(c.page);
    await expect.poll(() => c.page.getByTestId("chat-view").getAttribute("data-conversation-id")).toBe(bot);
    expect(await c.page.evaluate(() => localStorage.getItem("lastActiveConvId"))).toBeNull();
  });

  it("a dropped connection loses nothing: missed messages are fetched, a send made offline goes out once", async () => {
    // B's socket goes through a gate that can drop it and refuse reconnects.
    let blocked = false;
    const gate: { live?: WebSocketRoute } = {};
    await b.page.routeWebSocket(/\/ws(\?|$)/, (ws) => {
      if (blocked) return void ws.close();
      ws.connectToServer();
      gate.live = ws;
    });
    await openChat(b.page);
    expect(await b.page.getByTestId("chat-view").getAttribute("data-conversation-id")).toBe(direct);
    blocked = true;
    await gate.live!.close();
    await expect.poll(() => b.page.getByTestId("chat-page").getAttribute("data-connection")).not.toBe("open");
    await b.page.getByTestId("chat-offline").waitFor();

    // While B is away, A writes; B writes too, which waits for the connection.
    await conversationItem(a.page, direct).click();
    await send(a.page, "while you were away");
    await send(b.page, "queued reply");
    await expect.poll(() => messagesIn(b.page).last().getAttribute("data-state")).toBe("sending");

    blocked = false;
    await expect.poll(() => b.page.getByTestId("chat-page").getAttribute("data-connection")).toBe("open");
    const bodies = (page: Page) => page.getByTestId("chat-messages").locator(".chat-message__body").allInnerTexts();
    await expect.poll(() => bodies(b.page)).toContain("while you were away");
    await expect.poll(() => messagesIn(b.page).last().getAttribute("data-state")).toBe("sent");
    await expect.poll(async () => (await bodies(a.page)).filter((t) => t === "queued reply").length).toBe(1);
    expect((await bodies(b.page)).filter((t) => t === "queued reply")).toHaveLength(1);
    await b.page.unrouteAll();
  });

  it("loads older messages when scrolled to the top, keeping what was on screen", async () => {
    // A sends more than a page of messages from a socket of their own.
    const bulk = 22;
    await a.page.evaluate(
      async ({ conversationId, n }) => {
        const ws = new WebSocket(`${location.origin.replace(/^http/, "ws")}/ws`);
        await new Promise((resolve) => (ws.onopen = resolve));
        let acks = 0;
        const done = new Promise<void>((resolve) => {
          ws.onmessage = (event) => {
            const frame = JSON.parse(String(event.data)) as { type: string; message?: { clientId?: string } };
            if (frame.type === "message:new" && frame.message?.clientId?.startsWith("bulk-") && ++acks === n) resolve();
          };
        });
        for (let i = 0; i < n; i++) {
          ws.send(
            JSON.stringify({ action: "message:new", conversationId, content: `bulk ${i}`, clientId: `bulk-${i}` }),
          );
        }
        await done;
        ws.close();
      },
      { conversationId: direct, n: bulk },
    );
    await openChat(b.page);
    const list = b.page.getByTestId("chat-messages");
    await expect.poll(() => messagesIn(b.page).count()).toBe(20);
    expect(await messagesIn(b.page).last().innerText()).toContain(`bulk ${bulk - 1}`);
    const firstShown = await messagesIn(b.page).first().locator(".chat-message__body").innerText();
    await list.evaluate((el) => (el.scrollTop = 0));
    await expect
      .poll(() => messagesIn(b.page).first().locator(".chat-message__body").innerText())
      .toBe("hi http://example.com");
    // The message that was at the top is where it was, not pushed out of view.
    const kept = await list.evaluate((el, text) => {
      const node = Array.from(el.querySelectorAll(".chat-message__body")).find((n) => n.textContent === text)!;
      return node.getBoundingClientRect().top - el.getBoundingClientRect().top;
    }, firstShown);
    expect(kept).toBeGreaterThanOrEqual(0);
    expect(kept).toBeLessThan(200);
    expect(await list.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  });

  it("reads well on desktop and phone, light and dark, and fits the window", async () => {
    await openChat(a.page);
    await messagesIn(a.page).first().waitFor();
    const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1);
    expect(await fits(a.page)).toBe(true);
    await screenshot(a.page, "chat-1350-light");
    const dark = await browser.newContext({
      viewport: { width: 1350, height: 940 },
      colorScheme: "dark",
      storageState: await a.context.storageState(),
    });
    const page = await dark.newPage();
    await openChat(page);
    await messagesIn(page).first().waitFor();
    await screenshot(page, "chat-1350-dark");
    await dark.close();
    await onPhoneInEachTheme(browser, a.context, "chat", async (phone) => {
      await phone.goto(`${server.url}/home/chat`);
      await phone.getByTestId("chat-inbox").waitFor();
      await phone.getByTestId("chat-conversation").first().waitFor();
      const theme = await phone.evaluate(() => document.documentElement.dataset.theme ?? "light");
      await screenshot(phone, `chat-inbox-390-${theme}`);
      await phone.getByTestId("chat-conversation").filter({ hasText: "trio" }).click();
      await messagesIn(phone).first().waitFor();
      // B and C: a phone names two members before '+N more'.
      expect(await phone.getByTestId("chat-members").locator("a").count()).toBe(2);
      expect(await fits(phone)).toBe(true);
    });
  });
});
