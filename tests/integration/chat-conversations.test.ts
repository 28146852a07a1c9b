import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Accounts from "@graph/core/workflows/account-deletion";
import * as Chat from "@graph/core/modules/chat";
import { CHAT_MESSAGES, MAX_MEMBERS } from "@graph/core/modules/chat/rules";
import { ConversationEntity } from "../../packages/core/src/modules/chat/conversation.entity.ts";
import { MessageEntity } from "../../packages/core/src/modules/chat/message.entity.ts";
import { errorOf, signedIn, uniqueAddress, useTestApi, type TestApi } from "../support/runtime.ts";
import { propertyRuns } from "../support/property-runs.ts";

const api = useTestApi();

async function person(test: TestApi = api) {
  const p = await signedIn(test);
  return { ...p, chat: api.client({ cookie: p.cookie }).messages };
}
type Person = Awaited<ReturnType<typeof person>>;

async function create(by: Person, memberIds: string[], extra: { name?: string; isGroup?: boolean } = {}) {
  const response = await by.chat.conversations.$post({ json: { memberIds, ...extra } });
  expect(response.status).toBe(200);
  return (await response.json()).id;
}

async function inbox(of: Person) {
  const response = await of.chat.conversations.$get();
  expect(response.status).toBe(200);
  return (await response.json()).conversations;
}

const page = async (of: Person, id: string, query: { limit?: string; before?: string } = {}) =>
  of.chat.conversations[":id"].messages.$get({ param: { id }, query });

/** Stores a message as the socket handler does (without a socket). */
const say = (from: Person, conversationId: string, content: string) =>
  Chat.send({ userId: from.userId, conversationId, content, clientId: crypto.randomUUID() });

/** The spec's unread rule, as the page applies it. */
const unread = (
  c: { last_sender_id: string | null; last_read_at: string | null; last_message_at: string | null },
  me: string,
) =>
  c.last_sender_id !== null &&
  c.last_sender_id !== me &&
  (c.last_read_at === null || (c.last_message_at !== null && c.last_message_at > c.last_read_at));

describe("chat conversations over HTTP", () => {
  it("answers 401 to every route without a session", async () => {
    const anonymous = api.client().messages;
    expect((await anonymous.get_jwt.$get()).status).toBe(401);
    expect((await anonymous.conversations.$get()).status).toBe(401);
    expect((await anonymous.conversations.$post({ json: { memberIds: ["x"] } })).status).toBe(401);
    expect((await anonymous["initiate-bot-chat"].$post()).status).toBe(401);
  });

  it("creates a direct conversation once, also under 20 concurrent creations from both sides", async () => {
    const [a, b] = await Promise.all([person(), person()]);
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? create(a, [b.userId]) : create(b, [a.userId, b.userId]))),
    );
    expect(new Set(ids).size).toBe(1);
    expect(await create(a, [b.userId])).toBe(ids[0]);
    const [listed] = await inbox(a);
    expect(listed).toMatchObject({ id: ids[0], is_group: false, is_bot: false, name: null, last_message: null });
    expect(listed!.members.map((m) => m.id).sort()).toEqual([a.userId, b.userId].sort());
    expect(listed!.members.find((m) => m.id === b.userId)).toEqual({
      id: b.userId,
      username: b.username,
      image_url: null,
    });
    expect((await inbox(b)).map((c) => c.id)).toEqual([ids[0]]);
  });

  it("creates a group with more than one other member, named, visible to every member", async () => {
    const [a, b, c] = await Promise.all([person(), person(), person()]);
    const id = await create(a, [b.userId, c.userId], { name: "  Reading club ", isGroup: true });
    for (const member of [a, b, c]) {
      const [listed] = await inbox(member);
      expect(listed).toMatchObject({ id, name: "Reading club", is_group: true });
      expect(listed!.members).toHaveLength(3);
    }
    // Two groups of the same people are two conversations (only direct ones are unique).
    expect(await create(a, [b.userId, c.userId])).not.toBe(id);
  });

  it("takes a group name of only invisible characters for no name (the page then names it by its members)", async () => {
    const [a, b, c] = await Promise.all([person(), person(), person()]);
    const id = await create(a, [b.userId, c.userId], { name: " \u200b\u200d\u2060\ufeff ", isGroup: true });
    const [listed] = await inbox(a);
    expect(listed).toMatchObject({ id, name: null, is_group: true });
  });

  it("refuses bad creations with a clear 400 and creates nothing", async () => {
    const a = await person();
    const refusals: Array<[unknown, string]> = [
      [{ memberIds: [] }, CHAT_MESSAGES.noMembers],
      [{ memberIds: [a.userId] }, CHAT_MESSAGES.noMembers],
      [{ memberIds: ["no-such-person"] }, CHAT_MESSAGES.unknownMember],
      [{ memberIds: [Chat.BOT_USER_ID] }, CHAT_MESSAGES.unknownMember],
      [{ memberIds: Array.from({ length: MAX_MEMBERS }, (_, i) => `p${i}`) }, CHAT_MESSAGES.tooManyMembers],
      [{ memberIds: "someone" }, "memberIds must be a list of user ids"],
      [{}, "memberIds must be a list of user ids"],
    ];
    for (const [body, message] of refusals) {
      const response = await api.request("POST", "/api/messages/conversations", { body, cookie: a.cookie });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(response)).error).toBe(message);
    }
    expect(await inbox(a)).toEqual([]);
  });

  it("lets only members read, mark or join a conversation (403), and answers 404 for none", async () => {
    const [a, b, stranger] = await Promise.all([person(), person(), person()]);
    const id = await create(a, [b.userId]);
    await say(a, id, "private");
    const read = await page(stranger, id);
    expect(read.status).toBe(403);
    expect(await errorOf(read)).toMatchObject({ code: "forbidden", error: CHAT_MESSAGES.notMember });
    const mark = await stranger.chat.conversations[":id"].mark_read.$post({ param: { id } });
    expect(mark.status).toBe(403);
    await expect(say(stranger, id, "let me in")).rejects.toMatchObject({ status: 403, code: "forbidden" });
    await expect(Chat.joinConversation(stranger.userId, "some-connection", id)).rejects.toMatchObject({ status: 403 });
    expect((await page(stranger, "no-such-conversation")).status).toBe(404);
    expect(await inbox(stranger)).toEqual([]);
    // Nothing the stranger tried was stored.
    const messages = (await (await page(a, id)).json()).messages;
    expect(messages.map((m) => m.content)).toEqual(["private"]);
  });

  it("pages messages oldest first, strictly before `before`, and orders the inbox by activity", async () => {
    const [a, b, c] = await Promise.all([person(), person(), person()]);
    const first = await create(a, [b.userId]);
    const second = await create(a, [c.userId]);
    for (let i = 1; i <= 25; i++) await say(i % 2 ? a : b, first, `message ${i}`);
    const newest = (await (await page(a, first)).json()).messages;
    expect(newest.map((m) => m.content)).toEqual(Array.from({ length: 20 }, (_, i) => `message ${i + 6}`));
    expect(newest[0]).toMatchObject({ conversationId: first, senderId: b.userId, senderName: b.username });
    const sentAts = newest.map((m) => Date.parse(m.sentAt));
    expect(sentAts.every((t, i) => i === 0 || t > sentAts[i - 1]!)).toBe(true);
    const older = (await (await page(b, first, { before: newest[0]!.sentAt, limit: "3" })).json()).messages;
    expect(older.map((m) => m.content)).toEqual(["message 3", "message 4", "message 5"]);
    const oldest = (await (await page(b, first, { before: older[0]!.sentAt })).json()).messages;
    expect(oldest.map((m) => m.content)).toEqual(["message 1", "message 2"]);
    expect((await page(a, first, { limit: "51" })).status).toBe(400);
    expect((await page(a, first, { before: "yesterday-ish" })).status).toBe(400);

    expect((await inbox(a)).map((x) => x.id)).toEqual([first, second]);
    await say(c, second, "now me");
    const list = await inbox(a);
    expect(list.map((x) => x.id)).toEqual([second, first]);
    expect(list[0]).toMatchObject({ last_message: "now me", last_sender_id: c.userId });
  });

  it("follows the unread rule through list and mark_read", async () => {
    const [a, b] = await Promise.all([person(), person()]);
    const id = await create(a, [b.userId]);
    const of = async (p: Person) => (await inbox(p)).find((c) => c.id === id)!;
    expect(unread(await of(b), b.userId)).toBe(false); // no message yet
    await say(a, id, "hello");
    expect(unread(await of(b), b.userId)).toBe(true);
    expect(unread(await of(a), a.userId)).toBe(false); // your own message is not unread
    const mark = await b.chat.conversations[":id"].mark_read.$post({ param: { id } });
    expect(mark.status).toBe(200);
    const { last_read_at } = await mark.json();
    const after = await of(b);
    expect(after.last_read_at).toBe(last_read_at);
    expect(unread(after, b.userId)).toBe(false);
    await say(a, id, "still there?");
    expect(unread(await of(b), b.userId)).toBe(true);
  });

  it("creates the bot conversation once, also when asked at once, and lists it as the bot's", async () => {
    const a = await person();
    const ids = await Promise.all(
      Array.from({ length: 10 }, async () => (await (await a.chat["initiate-bot-chat"].$post()).json()).id),
    );
    expect(new Set(ids).size).toBe(1);
    const [listed] = await inbox(a);
    expect(listed).toMatchObject({ id: ids[0], is_bot: true, is_group: false });
    expect(listed!.members).toContainEqual({ id: Chat.BOT_USER_ID, username: "graph", image_url: null });
  });

  it("keeps a deleted account's messages in the others' conversations, shown as a deleted account's", async () => {
    const [a, b, c] = await Promise.all([person(), person(), person()]);
    const direct = await create(a, [b.userId]);
    const group = await create(a, [b.userId, c.userId]);
    await say(a, direct, "before I go");
    await say(a, group, "bye all");
    const bot = (await (await a.chat["initiate-bot-chat"].$post()).json()).id;
    await say(a, bot, "help");
    const deleted = await api
      .client({ cookie: a.cookie, address: uniqueAddress() })
      .users.delete.$post({ json: { password: a.password } });
    expect(deleted.status).toBe(200);
    await expect.poll(() => Accounts.deletionProgress(a.userId), { timeout: 30_000 }).toBeUndefined();

    const [message] = (await (await page(b, direct)).json()).messages;
    expect(message).toMatchObject({ senderId: a.userId, senderName: "deleted account", content: "before I go" });
    expect(await Chat.isMember(b.userId, group)).toBe(true);
    const listed = (await inbox(c)).find((x) => x.id === group)!;
    expect(listed.members.find((m) => m.id === a.userId)).toEqual({
      id: a.userId,
      username: "deleted account",
      image_url: null,
    });
    // The conversation with the bot was the person's alone: it is gone with its messages.
    expect((await ConversationEntity.get({ conversationId: bot }).go()).data).toBeNull();
    expect((await MessageEntity.query.byConversation({ conversationId: bot }).go()).data).toEqual([]);
    // Nobody starts a new conversation with a deleted account.
    expect((await b.chat.conversations.$post({ json: { memberIds: [a.userId] } })).status).toBe(400);
  });

  it("signs a 5-minute socket token for the signed-in person", async () => {
    const a = await person();
    const response = await a.chat.get_jwt.$get();
    expect(response.status).toBe(200);
    const { token, expiresAt } = await response.json();
    expect(token.split(".")).toHaveLength(3);
    const lifetime = Date.parse(expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(4 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(5 * 60_000);
  });

  it("never answers 5xx to random bodies and queries", async () => {
    const [a, b] = await Promise.all([person(), person()]);
    const id = await create(a, [b.userId]);
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.oneof(fc.string(), fc.constant(b.userId), fc.integer())),
      fc.object(),
    );
    const body = fc.dictionary(fc.constantFrom("name", "memberIds", "isGroup", "__proto__"), value);
    await fc.assert(
      fc.asyncProperty(body, fc.string(), fc.string(), async (json, limit, before) => {
        const created = await api.request("POST", "/api/messages/conversations", { body: json, cookie: a.cookie });
        expect(created.status, JSON.stringify(json)).toBeLessThan(500);
        const query = new URLSearchParams({ limit, before }).toString();
        const read = await api.request("GET", `/api/messages/conversations/${id}/messages?${query}`, {
          cookie: a.cookie,
        });
        expect(read.status, query).toBeLessThan(500);
      }),
      { numRuns: propertyRuns(60) },
    );
  });
});
