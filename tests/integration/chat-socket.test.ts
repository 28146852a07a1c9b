import fc from "fast-check";
import { SignJWT } from "jose";
import { Resource } from "sst";
import { afterEach, describe, expect, it } from "vitest";
import * as Accounts from "@graph/core/workflows/account-deletion";
import { Sessions } from "@graph/core/modules/auth";
import * as Chat from "@graph/core/modules/chat";
import { BOT_MESSAGES, HELP_TEXT } from "@graph/core/modules/chatbot";
import * as Users from "@graph/core/modules/users";
import {
  CHAT_MESSAGES,
  MAX_MESSAGE_LENGTH,
  MESSAGE_PAGE,
  RATE_LIMIT_MESSAGES,
  RATE_WARNING_AT,
  RATE_WINDOW_SECONDS,
} from "@graph/core/modules/chat/rules";
import * as Realtime from "@graph/core/modules/realtime";
import { sha256 } from "@graph/core/lib/util";
import { ClientSendEntity } from "../../packages/core/src/modules/chat/client-send.entity.ts";
import { MembershipEntity } from "../../packages/core/src/modules/chat/membership.entity.ts";
import { MessageEntity } from "../../packages/core/src/modules/chat/message.entity.ts";
import { PresenceEntity } from "../../packages/core/src/modules/chat/presence.entity.ts";
import { presenceOf } from "../../packages/core/src/modules/chat/presence.ts";
import { RateLimitEntity } from "../../packages/core/src/modules/rate-limit/rate-limit.entity.ts";
import { ConnectionEntity } from "../../packages/core/src/modules/realtime/connection.entity.ts";
import { UserEntity } from "../../packages/core/src/modules/users/user.entity.ts";
import { isType, messageFrame, openSocket, type ChatSocket, type Frame } from "../support/chat-sockets.ts";
import { newPerson, sessionCookie, signedIn, uniqueAddress, useTestApi } from "../support/runtime.ts";
import { propertyRuns } from "../support/property-runs.ts";

const api = useTestApi();
/** The runtime's socket token key (made at random when it started). */
const LOCAL_KEY = new TextEncoder().encode(Resource.RealtimeTokenKey.value);

async function person() {
  const p = await signedIn(api);
  return { ...p, chat: api.client({ cookie: p.cookie }).messages };
}
type Person = Awaited<ReturnType<typeof person>>;

async function conversation(by: Person, others: Person[]) {
  const response = await by.chat.conversations.$post({ json: { memberIds: others.map((o) => o.userId) } });
  return (await response.json()).id;
}

/** Two people in a direct conversation, each with a socket (by cookie). */
async function twoWithSockets() {
  const [a, b] = await Promise.all([person(), person()]);
  const id = await conversation(a, [b]);
  const [aSocket, bSocket] = await Promise.all([
    openSocket(api, { cookie: a.cookie }),
    openSocket(api, { cookie: b.cookie }),
  ]);
  return { a, b, id, aSocket, bSocket };
}

async function joined(socket: ChatSocket, conversationId: string) {
  socket.send({ action: "joinConversation", conversationId });
  await socket.next(isType("joined", (f) => f.conversationId === conversationId));
}

/** Every message of the conversation, oldest first, read a page at a time as the page reads them. */
async function stored(viewer: Person, conversationId: string) {
  const all = [];
  let before: string | undefined;
  for (;;) {
    const response = await viewer.chat.conversations[":id"].messages.$get({
      param: { id: conversationId },
      query: { limit: String(MESSAGE_PAGE), ...(before ? { before } : {}) },
    });
    const { messages } = await response.json();
    all.unshift(...messages);
    if (messages.length < MESSAGE_PAGE) return all;
    before = messages[0]!.sentAt;
  }
}

const sendFrame = (conversationId: string, content: string, clientId: string = crypto.randomUUID()) => ({
  action: "message:new",
  conversationId,
  content,
  clientId,
});

const ofClient = (clientId: string) => (f: Frame) =>
  (f.message as { clientId?: string } | undefined)?.clientId === clientId || f.clientId === clientId;

const ACCOUNT_QUEUE = "AccountQueue";
afterEach(() => api.runtime.dispatcher.release(ACCOUNT_QUEUE));

const sessionToken = (p: Person) => p.cookie.slice(p.cookie.indexOf("=") + 1);
const socketToken = async (p: Person) => (await (await p.chat.get_jwt.$get()).json()).token;

/** Another browser signed in to the same account: its own session cookie. */
async function secondSession(p: Person) {
  const login = await api
    .client({ address: uniqueAddress() })
    .login.$post({ json: { identifier: p.username, password: p.password } });
  expect(login.status).toBe(200);
  return sessionCookie(login)!;
}

const deleteAccount = async (p: Person) => {
  const answer = await api
    .client({ cookie: p.cookie, address: uniqueAddress() })
    .users.delete.$post({ json: { password: p.password } });
  expect(answer.status).toBe(200);
};

/** What chat keeps of a person besides the messages they sent: it must all go with their account. */
async function chatDataOf(userId: string, conversationId: string, clientId: string) {
  const [presence, membership, claim, connections, counters] = await Promise.all([
    PresenceEntity.get({ userId }).go({ consistent: true }),
    MembershipEntity.get({ conversationId, userId }).go({ consistent: true }),
    ClientSendEntity.get({ senderId: userId, clientId }).go({ consistent: true }),
    ConnectionEntity.query.byUser({ userId }).go(),
    RateLimitEntity.query.byBucket({ bucket: `chat:${userId}` }).go({ consistent: true }),
  ]);
  return {
    presence: presence.data,
    membership: membership.data,
    claim: claim.data,
    connections: connections.data,
    counters: counters.data,
  };
}
const noChatData = { presence: null, membership: null, claim: null, connections: [], counters: [] };

describe("the chat socket: who may connect", () => {
  it("accepts the session cookie and a fresh token from get_jwt", async () => {
    const a = await person();
    const byCookie = await openSocket(api, { cookie: a.cookie });
    const { token } = await (await a.chat.get_jwt.$get()).json();
    const byToken = await openSocket(api, { token });
    byToken.send({ action: "ping" });
    await byToken.next(isType("pong"));
    await Promise.all([byCookie.close(), byToken.close()]);
  });

  it("refuses a missing, malformed, expired or forged token with 401", async () => {
    const a = await person();
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(a.userId)
      .setIssuedAt(now - 600)
      .setExpirationTime(now - 300)
      .sign(LOCAL_KEY);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(a.userId)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(new TextEncoder().encode("somebody else's key"));
    const unsigned = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(
      JSON.stringify({ sub: a.userId, exp: now + 300 }),
    ).toString("base64url")}.`;
    await expect(openSocket(api)).rejects.toThrow("refused 401");
    for (const token of ["", "not-a-token", expired, forged, unsigned]) {
      await expect(openSocket(api, { token }), token).rejects.toThrow("refused 401");
    }
  });
});

describe("the chat socket: a live account's live session only", () => {
  it("refuses a token minted before the account was deleted, and one naming an id that was never an account", async () => {
    const [a, b] = await Promise.all([person(), person()]);
    const token = await socketToken(a);
    await deleteAccount(a);
    await expect(openSocket(api, { token })).rejects.toThrow("refused 401");
    // A token naming an id that was never an account: with another person's live session, or
    // with a session record of its own, it opens nothing.
    const ghost = crypto.randomUUID();
    const { token: ghostCookie } = await Sessions.create(ghost);
    for (const session of [sha256(sessionToken(b)), sha256(ghostCookie)]) {
      const { token: forged } = await Realtime.signToken(ghost, session);
      await expect(openSocket(api, { token: forged })).rejects.toThrow("refused 401");
    }
  });

  it("closes every socket of the person when the account is deleted, before the sweep runs", async () => {
    const [a, b] = await Promise.all([person(), person()]);
    const id = await conversation(a, [b]);
    const [byCookie, byToken, bSocket] = await Promise.all([
      openSocket(api, { cookie: a.cookie }),
      openSocket(api, { token: await socketToken(a) }),
      openSocket(api, { cookie: b.cookie }),
    ]);
    await Promise.all([joined(byCookie, id), joined(bSocket, id)]);
    api.runtime.dispatcher.hold(ACCOUNT_QUEUE);
    await deleteAccount(a);
    await Promise.all([byCookie.closed, byToken.closed]);
    expect(await Accounts.deletionProgress(a.userId)).toEqual({ done: [] });
    // Only the deleted person's sockets: the other member's works on.
    bSocket.send({ action: "ping" });
    await bSocket.next(isType("pong"));
    api.runtime.dispatcher.release(ACCOUNT_QUEUE);
    await expect.poll(() => Accounts.deletionProgress(a.userId)).toBeUndefined();
    expect(await chatDataOf(a.userId, id, "none")).toEqual(noChatData);
    await bSocket.close();
  });

  it("a socket still open when its account is marked deleted can neither join, type nor post, and is closed", async () => {
    const { a, b, id, aSocket, bSocket } = await twoWithSockets();
    await joined(bSocket, id);
    // The mark has landed and the sockets are not closed yet: the race a deletion leaves open.
    await UserEntity.patch({ userId: a.userId }).set({ deletedAt: Date.now() }).go();
    const clientId = crypto.randomUUID();
    aSocket.send({ action: "typing", conversationId: id, isTyping: true });
    aSocket.send({ action: "joinConversation", conversationId: id });
    aSocket.send(sendFrame(id, "still here?", clientId));
    await aSocket.closed;
    expect(aSocket.frames.filter(isType("error", (f) => f.code === "not_signed_in")).length).toBeGreaterThan(0);
    expect(aSocket.frames.some(isType("joined"))).toBe(false);
    expect(aSocket.frames.some(isType("message:new"))).toBe(false);
    // b got nothing from a, and nothing was stored.
    const marker = crypto.randomUUID();
    await Chat.send({ userId: b.userId, conversationId: id, content: "marker", clientId: marker });
    await bSocket.next(messageFrame("message:new", marker));
    expect(bSocket.frames.some(isType("typing"))).toBe(false);
    expect((await stored(b, id)).map((m) => m.content)).toEqual(["marker"]);
    expect((await chatDataOf(a.userId, id, clientId)).claim).toBeNull();
    await bSocket.close();
  });

  it("a send from a socket whose session ended or whose account was marked deleted is refused in its own write, counting nothing", async () => {
    // The send's transaction holds it to the session and the account: no frame checked them first.
    const windows = async (userId: string) =>
      (await RateLimitEntity.query.byBucket({ bucket: `chat:${userId}` }).go({ consistent: true })).data.map(
        (w) => w.count,
      );
    const sum = (counts: number[]) => counts.reduce((n, c) => n + c, 0);
    for (const end of ["session ended", "account marked deleted"] as const) {
      const { a, b, id, aSocket, bSocket } = await twoWithSockets();
      await joined(bSocket, id);
      const first = crypto.randomUUID();
      aSocket.send(sendFrame(id, "before", first));
      await bSocket.next(messageFrame("message:new", first));
      // The race a log-out or a deletion leaves: the session or the account is gone, the socket not closed yet.
      if (end === "session ended") await Sessions.end(sessionToken(a));
      else await UserEntity.patch({ userId: a.userId }).set({ deletedAt: Date.now() }).go();
      const late = crypto.randomUUID();
      aSocket.send(sendFrame(id, "after", late));
      expect(await aSocket.next(isType("error")), end).toEqual({
        type: "error",
        code: "not_signed_in",
        error: "Not signed in.",
      });
      await aSocket.closed;
      expect(aSocket.frames.some(messageFrame("message:new", late)), end).toBe(false);
      const marker = crypto.randomUUID();
      await Chat.send({ userId: b.userId, conversationId: id, content: "marker", clientId: marker });
      await bSocket.next(messageFrame("message:new", marker));
      expect(bSocket.frames.some(messageFrame("message:new", late)), end).toBe(false);
      expect(
        (await stored(b, id)).map((m) => m.content),
        end,
      ).toEqual(["before", "marker"]);
      expect((await chatDataOf(a.userId, id, late)).claim, end).toBeNull();
      // The refused send was given back: only the first one counts.
      expect(sum(await windows(a.userId)), end).toBe(1);
      await bSocket.close();
    }
  });

  it("a refused send of a deleted account's socket leaves no count behind", async () => {
    const { a, id, aSocket, bSocket } = await twoWithSockets();
    await UserEntity.patch({ userId: a.userId }).set({ deletedAt: Date.now() }).go();
    aSocket.send(sendFrame(id, "anyone?"));
    await aSocket.next(isType("error", (f) => f.code === "not_signed_in"));
    await aSocket.closed;
    expect((await chatDataOf(a.userId, id, "none")).counters).toEqual([]);
    await bSocket.close();
  });

  it("a signed-out socket's resend, refused or misdirected send is answered not_signed_in, not with its message or refusal", async () => {
    const [a, b, c] = await Promise.all([person(), person(), person()]);
    const id = await conversation(a, [b]);
    const elsewhere = await conversation(b, [c]);
    const [first, second, third, bSocket] = await Promise.all([
      openSocket(api, { cookie: a.cookie }),
      openSocket(api, { cookie: a.cookie }),
      openSocket(api, { cookie: a.cookie }),
      openSocket(api, { cookie: b.cookie }),
    ]);
    await joined(bSocket, id);
    const clientId = crypto.randomUUID();
    first.send(sendFrame(id, "once", clientId));
    await first.next(messageFrame("message:new", clientId));
    await Sessions.end(sessionToken(a));
    const answers: Array<[ChatSocket, Record<string, unknown>]> = [
      [first, sendFrame(id, "once", clientId)], // a resend: its message was stored
      [second, sendFrame(id, "   ")], // empty
      [third, sendFrame(elsewhere, "let me in")], // not a member
    ];
    for (const [socket, frame] of answers) {
      socket.send(frame);
      await socket.next(isType("error", (f) => f.code === "not_signed_in"));
      await socket.closed;
      expect(socket.frames.filter(isType("message:error")), JSON.stringify(frame)).toEqual([]);
    }
    expect(first.frames.filter(messageFrame("message:new", clientId))).toHaveLength(1);
    expect((await stored(b, id)).map((m) => m.content)).toEqual(["once"]);
    await bSocket.close();
  });

  it("what a socket does after the sweep took its person's chat data recreates none of it", async () => {
    const [a, b] = await Promise.all([person(), person()]);
    const id = await conversation(a, [b]);
    const socket = await openSocket(api, { cookie: a.cookie });
    await joined(socket, id);
    // The frame passed its checks; then the account was marked and the sweep's chat step ran.
    await Chat.purgeAccount(a.userId);
    const clientId = crypto.randomUUID();
    await expect(Chat.send({ userId: a.userId, conversationId: id, content: "late", clientId })).rejects.toThrow(
      CHAT_MESSAGES.notMember,
    );
    const connectionId = (await ConnectionEntity.query.byUser({ userId: a.userId }).go()).data[0]!.connectionId;
    await expect(Chat.joinConversation(a.userId, connectionId, id)).rejects.toThrow();
    await Chat.leaveConversation(a.userId, connectionId, id);
    await socket.close();
    // $disconnect has run once the connection's record is gone.
    await expect.poll(async () => (await ConnectionEntity.query.byUser({ userId: a.userId }).go()).data).toEqual([]);
    expect(await chatDataOf(a.userId, id, clientId)).toEqual(noChatData);
    const { data: messages } = await MessageEntity.query.byConversation({ conversationId: id }).go();
    expect(messages).toEqual([]);
  });

  it("a log-out closes the sockets of the session it ends, and that session's tokens open no more", async () => {
    const a = await person();
    const elsewhere = await secondSession(a);
    const [byCookie, byToken, otherSession] = await Promise.all([
      openSocket(api, { cookie: a.cookie }),
      openSocket(api, { token: await socketToken(a) }),
      openSocket(api, { cookie: elsewhere }),
    ]);
    const unused = await socketToken(a);
    expect((await api.client({ cookie: a.cookie }).logout.$post()).status).toBe(200);
    await Promise.all([byCookie.closed, byToken.closed]);
    await expect(openSocket(api, { token: unused })).rejects.toThrow("refused 401");
    // The person is still signed in in the other browser: its socket stays.
    otherSession.send({ action: "ping" });
    await otherSession.next(isType("pong"));
    expect(otherSession.socket.readyState).toBe(otherSession.socket.OPEN);
    await otherSession.close();
  });

  it("a password reset closes every socket of the person", async () => {
    const a = await person();
    const elsewhere = await secondSession(a);
    const sockets = await Promise.all([
      openSocket(api, { cookie: a.cookie }),
      openSocket(api, { token: await socketToken(a) }),
      openSocket(api, { cookie: elsewhere }),
    ]);
    await api.client({ address: uniqueAddress() }).password.request_password_reset.$post({ json: { email: a.email } });
    const [mail] = await api.mailTo(a.email);
    const link = /(http\S+\/reset-password\?token=\S+)/.exec(mail?.text ?? "")?.[1];
    const token = decodeURIComponent(new URL(link!).searchParams.get("token")!);
    const reset = await api
      .client()
      .password.reset_password.$post({ json: { token, newPassword: "a newer passphrase" } });
    expect(reset.status).toBe(200);
    await Promise.all(sockets.map((s) => s.closed));
  });
});

describe("the chat socket: pages of other sites", () => {
  it("refuses an upgrade from another site's page (403), with the cookie or a token; the site's own is accepted", async () => {
    const a = await person();
    for (const origin of ["https://evil.example", "http://graph.test.evil.example", "null"]) {
      await expect(openSocket(api, { cookie: a.cookie, origin }), origin).rejects.toThrow("refused 403");
      await expect(openSocket(api, { token: await socketToken(a), origin }), origin).rejects.toThrow("refused 403");
    }
    const own = await openSocket(api, { cookie: a.cookie, origin: "http://graph.test" });
    own.send({ action: "ping" });
    await own.next(isType("pong"));
    await own.close();
  });
});

describe("the chat socket: messages", () => {
  it("delivers a message to the joined members, notifies the others' other sockets, and acks the sender", async () => {
    const [a, b, c] = await Promise.all([person(), person(), person()]);
    const id = await conversation(a, [b, c]);
    const [aSocket, bViewing, bElsewhere, cSocket] = await Promise.all([
      openSocket(api, { cookie: a.cookie }),
      openSocket(api, { cookie: b.cookie }),
      openSocket(api, { cookie: b.cookie }),
      openSocket(api, { cookie: c.cookie }),
    ]);
    await Promise.all([joined(aSocket, id), joined(bViewing, id)]);
    const clientId = crypto.randomUUID();
    aSocket.send(sendFrame(id, "  hello **group**  ", clientId));
    const ack = await aSocket.next(messageFrame("message:new", clientId));
    expect(ack.message).toMatchObject({
      conversationId: id,
      senderId: a.userId,
      senderName: a.username,
      content: "hello **group**",
      clientId,
    });
    expect(await bViewing.next(messageFrame("message:new", clientId))).toEqual(ack);
    const notice = await bElsewhere.next(messageFrame("notification:new_message", clientId));
    expect(notice).toEqual({ type: "notification:new_message", conversationId: id, message: ack.message });
    await cSocket.next(messageFrame("notification:new_message", clientId));
    expect((await stored(c, id)).map((m) => m.content)).toEqual(["hello **group**"]);
    await Promise.all([aSocket, bViewing, bElsewhere, cSocket].map((s) => s.close()));
    // $disconnect takes each socket, and what it joined, out of its owner's presence.
    await expect
      .poll(async () =>
        (await presenceOf([a.userId, b.userId, c.userId])).map((p) => p.connections.length + p.joined.size),
      )
      .toEqual([0, 0, 0]);
  });

  it("names the sender as they are named now: a rename shows on their next message", async () => {
    const { a, b, id, aSocket, bSocket } = await twoWithSockets();
    await joined(bSocket, id);
    const before = crypto.randomUUID();
    aSocket.send(sendFrame(id, "before", before));
    expect((await bSocket.next(messageFrame("message:new", before))).message).toMatchObject({ senderName: a.username });
    const renamed = newPerson("renamed").username;
    const changed = await api.client({ cookie: a.cookie }).users.username.$put({ json: { username: renamed } });
    expect(changed.status).toBe(200);
    const after = crypto.randomUUID();
    aSocket.send(sendFrame(id, "after", after));
    expect((await bSocket.next(messageFrame("message:new", after))).message).toMatchObject({ senderName: renamed });
    expect((await stored(b, id)).map((m) => m.senderName)).toEqual([a.username, renamed]);
    await Promise.all([aSocket.close(), bSocket.close()]);
  });

  it("stores a retried send once and delivers it once (the same clientId twice, then 5 at once)", async () => {
    const [a, b] = await Promise.all([person(), person()]);
    const id = await conversation(a, [b]);
    const [aSocket, bSocket] = await Promise.all([
      openSocket(api, { cookie: a.cookie }),
      openSocket(api, { cookie: b.cookie }),
    ]);
    await Promise.all([joined(aSocket, id), joined(bSocket, id)]);

    const retried = crypto.randomUUID();
    aSocket.send(sendFrame(id, "once", retried));
    const first = await aSocket.next(messageFrame("message:new", retried));
    // A resend after a lost ack: the same message comes back, nothing new is stored.
    const again = await openSocket(api, { cookie: a.cookie });
    again.send(sendFrame(id, "once", retried));
    expect((await again.next(messageFrame("message:new", retried))).message).toEqual(first.message);

    const burst = crypto.randomUUID();
    for (let i = 0; i < 5; i++) aSocket.send(sendFrame(id, "burst", burst));
    await expect.poll(() => aSocket.frames.filter(messageFrame("message:new", burst)).length).toBe(5);
    const acks = aSocket.frames.filter(messageFrame("message:new", burst));
    expect(new Set(acks.map((f) => (f.message as { id: string }).id)).size).toBe(1);

    // A marker sent after both: once it arrives, everything before it has been delivered.
    const marker = crypto.randomUUID();
    aSocket.send(sendFrame(id, "marker", marker));
    await bSocket.next(messageFrame("message:new", marker));
    expect(bSocket.frames.filter(messageFrame("message:new", retried))).toHaveLength(1);
    expect(bSocket.frames.filter(messageFrame("message:new", burst))).toHaveLength(1);
    expect((await stored(b, id)).map((m) => m.content)).toEqual(["once", "burst", "marker"]);
    await Promise.all([aSocket.close(), bSocket.close(), again.close()]);
  });

  it("keeps per-conversation order: sentAt strictly increases in stored order, also for sends at once", async () => {
    const [a, b] = await Promise.all([person(), person()]);
    const id = await conversation(a, [b]);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        Chat.send({
          userId: i % 2 ? a.userId : b.userId,
          conversationId: id,
          content: `m${i}`,
          clientId: crypto.randomUUID(),
        }),
      ),
    );
    const messages = await stored(a, id);
    expect(messages).toHaveLength(20);
    const times = messages.map((m) => Date.parse(m.sentAt));
    expect(times.every((t, i) => i === 0 || t > times[i - 1]!)).toBe(true);
    const [listed] = (await (await a.chat.conversations.$get()).json()).conversations;
    expect(listed!.last_message_at).toBe(messages.at(-1)!.sentAt);
  });

  it("trims content and refuses empty or too long messages with message:error, storing nothing", async () => {
    const [a, b] = await Promise.all([person(), person()]);
    const id = await conversation(a, [b]);
    const socket = await openSocket(api, { cookie: a.cookie });
    const cases: Array<[string, string]> = [
      ["   \n\t ", CHAT_MESSAGES.empty],
      ["x".repeat(MAX_MESSAGE_LENGTH + 1), CHAT_MESSAGES.tooLong],
    ];
    for (const [content, error] of cases) {
      const clientId = crypto.randomUUID();
      socket.send(sendFrame(id, content, clientId));
      expect(await socket.next(isType("message:error", ofClient(clientId)))).toEqual({
        type: "message:error",
        isRateLimit: false,
        error,
        clientId,
        conversationId: id,
      });
    }
    const longest = crypto.randomUUID();
    socket.send(sendFrame(id, ` ${"y".repeat(MAX_MESSAGE_LENGTH)} `, longest));
    await socket.next(messageFrame("message:new", longest));
    expect((await stored(a, id)).map((m) => m.content.length)).toEqual([MAX_MESSAGE_LENGTH]);
    await socket.close();
  });

  it("refuses a message of only invisible characters as empty, storing nothing", async () => {
    const [a, b] = await Promise.all([person(), person()]);
    const id = await conversation(a, [b]);
    const socket = await openSocket(api, { cookie: a.cookie });
    const invisible = [
      "\u200b",
      "\u200b\u200c\u200d\u2060\ufeff",
      " \u00ad\u034f ",
      "\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069",
      "\ufe00\ufe0f\u180b\u180e\u{e0100}",
      "\u2061\u2062\u2063\u2064\u206a\u206f\u{e0001}\u{e0020}\u{e007f}",
      "\u115f\u1160\u3164\uffa0\u2800",
      "\u00a0\u3000\u2028\u2029\u1680\u2000\u200a\u202f\u205f\u0085",
      "\u0001\u001f\u007f\u009f\u{1d173}\u{1bca0}",
    ];
    for (const content of invisible) {
      const clientId = crypto.randomUUID();
      socket.send(sendFrame(id, content, clientId));
      expect(await socket.next(isType("message:error", ofClient(clientId))), JSON.stringify(content)).toEqual({
        type: "message:error",
        isRateLimit: false,
        error: CHAT_MESSAGES.empty,
        clientId,
        conversationId: id,
      });
    }
    // Invisible characters inside a visible message are its own business (an emoji's joiner).
    const kept = crypto.randomUUID();
    socket.send(sendFrame(id, "\u200b👩\u200d💻", kept));
    await socket.next(messageFrame("message:new", kept));
    expect((await stored(a, id)).map((m) => m.content)).toEqual(["\u200b👩\u200d💻"]);
    await socket.close();
  });

  it("accepts the spec's message:new frame without a clientId: stored, delivered, acknowledged, never deduplicated", async () => {
    const { a, b, id, aSocket, bSocket } = await twoWithSockets();
    await Promise.all([joined(aSocket, id), joined(bSocket, id)]);
    const byContent = (content: string) =>
      isType("message:new", (f) => (f.message as { content?: string }).content === content);
    aSocket.send({ action: "message:new", conversationId: id, content: "plain" });
    const ack = await aSocket.next(byContent("plain"));
    expect(ack.message).toMatchObject({ conversationId: id, senderId: a.userId, content: "plain" });
    expect(ack.message).not.toHaveProperty("clientId");
    expect((await bSocket.next(byContent("plain"))).message).toEqual(ack.message);
    // The same frame again is a second message: without a clientId nothing tells a resend apart.
    aSocket.send({ action: "message:new", conversationId: id, content: "plain" });
    await expect.poll(() => bSocket.frames.filter(byContent("plain")).length).toBe(2);
    expect((await stored(b, id)).map((m) => m.content)).toEqual(["plain", "plain"]);
    // Refusals still answer the send's error frame (without a clientId to match).
    aSocket.send({ action: "message:new", conversationId: id, content: " \u200b " });
    expect(await aSocket.next(isType("message:error"))).toEqual({
      type: "message:error",
      isRateLimit: false,
      error: CHAT_MESSAGES.empty,
      conversationId: id,
    });
    await Promise.all([aSocket.close(), bSocket.close()]);
  });

  it("answers malformed frames and unknown actions with an error frame, and keeps the socket open", async () => {
    const a = await person();
    const socket = await openSocket(api, { cookie: a.cookie });
    for (const frame of ["not json", JSON.stringify({ action: "dance" }), JSON.stringify({ action: "typing" })]) {
      const before = socket.frames.filter(isType("error")).length;
      socket.socket.send(frame);
      await expect.poll(() => socket.frames.filter(isType("error")).length).toBe(before + 1);
    }
    socket.send({ action: "message:new", conversationId: "c", content: 42, clientId: "c1" });
    expect(await socket.next(isType("message:error"))).toEqual({
      type: "message:error",
      isRateLimit: false,
      error: "content must be text",
    });
    socket.send({ action: "ping" });
    await socket.next(isType("pong"));
    await socket.close();
  });

  it("survives random frames: each is answered or ignored, and the socket keeps working", async () => {
    const a = await person();
    const socket = await openSocket(api, { cookie: a.cookie });
    const frame = fc.oneof(
      fc.string(),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc
        .record({
          action: fc.constantFrom("joinConversation", "leaveConversation", "typing", "message:new", "ping", "x"),
          conversationId: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
          content: fc.oneof(fc.string(), fc.integer()),
          clientId: fc.oneof(fc.string(), fc.constant(undefined)),
          isTyping: fc.oneof(fc.boolean(), fc.string()),
        })
        .map((v) => JSON.stringify(v)),
    );
    fc.assert(
      fc.property(frame, (raw) => {
        socket.socket.send(raw);
      }),
      { numRuns: propertyRuns(100) },
    );
    const { id } = await (await a.chat["initiate-bot-chat"].$post()).json();
    await joined(socket, id);
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);
    await socket.close();
  });

  it("enforces membership on socket join, typing and send", async () => {
    const [a, b, stranger] = await Promise.all([person(), person(), person()]);
    const id = await conversation(a, [b]);
    const socket = await openSocket(api, { cookie: stranger.cookie });
    socket.send({ action: "joinConversation", conversationId: id });
    expect(await socket.next(isType("error", (f) => f.conversationId === id))).toMatchObject({
      type: "error",
      code: "forbidden",
      conversationId: id,
    });
    const clientId = crypto.randomUUID();
    socket.send(sendFrame(id, "let me in", clientId));
    expect(await socket.next(isType("message:error", ofClient(clientId)))).toMatchObject({
      isRateLimit: false,
      error: CHAT_MESSAGES.notMember,
    });
    socket.send({ action: "typing", conversationId: id, isTyping: true });
    await expect.poll(() => socket.frames.filter(isType("error", (f) => f.code === "forbidden")).length).toBe(2);
    expect(await stored(a, id)).toEqual([]);
    expect(socket.frames.some(isType("joined"))).toBe(false);
    await socket.close();
  });

  it("sends typing to the other members viewing the conversation only", async () => {
    const [a, b, c] = await Promise.all([person(), person(), person()]);
    const id = await conversation(a, [b, c]);
    const [aSocket, bSocket, cSocket] = await Promise.all([
      openSocket(api, { cookie: a.cookie }),
      openSocket(api, { cookie: b.cookie }),
      openSocket(api, { cookie: c.cookie }),
    ]);
    await Promise.all([joined(aSocket, id), joined(bSocket, id)]);
    aSocket.send({ action: "typing", conversationId: id, isTyping: true });
    expect(await bSocket.next(isType("typing"))).toEqual({
      type: "typing",
      conversationId: id,
      userId: a.userId,
      username: a.username,
      isTyping: true,
    });
    aSocket.send({ action: "typing", conversationId: id, isTyping: false });
    await bSocket.next(isType("typing", (f) => f.isTyping === false));
    // c has not joined; a, the typist, gets nothing back. A marker message shows all is through.
    const marker = crypto.randomUUID();
    aSocket.send(sendFrame(id, "marker", marker));
    await cSocket.next(messageFrame("notification:new_message", marker));
    await aSocket.next(messageFrame("message:new", marker));
    expect(cSocket.frames.some(isType("typing"))).toBe(false);
    expect(aSocket.frames.some(isType("typing"))).toBe(false);
    // After leaving, b no longer gets typing.
    bSocket.send({ action: "leaveConversation", conversationId: id });
    await expect
      .poll(async () => {
        const [presence] = await presenceOf([b.userId]);
        return presence?.joined.size ?? 0;
      })
      .toBe(0);
    await Promise.all([aSocket, bSocket, cSocket].map((s) => s.close()));
  });

  it("forgets a connection that answers 410 Gone (its $disconnect never came)", async () => {
    const [a, b] = await Promise.all([person(), person()]);
    const id = await conversation(a, [b]);
    // As when API Gateway drops a socket without calling $disconnect: the records stay behind.
    const stale = `stale-${crypto.randomUUID()}`;
    await Chat.connected(stale, b.userId);
    expect((await ConnectionEntity.get({ connectionId: stale }).go()).data).not.toBeNull();
    const live = await openSocket(api, { cookie: b.cookie });
    const clientId = crypto.randomUUID();
    await Chat.send({ userId: a.userId, conversationId: id, content: "anyone?", clientId });
    await live.next(messageFrame("notification:new_message", clientId));
    await expect
      .poll(
        async () => (await PresenceEntity.get({ userId: b.userId }).go({ consistent: true })).data?.connections ?? [],
      )
      .not.toContain(stale);
    expect((await ConnectionEntity.get({ connectionId: stale }).go()).data).toBeNull();
    const [presence] = await presenceOf([b.userId]);
    expect(presence!.connections).toHaveLength(1);
    await live.close();
    await expect.poll(async () => (await presenceOf([b.userId]))[0]?.connections ?? []).toEqual([]);
  });
});

describe("the chat socket: rate limit", () => {
  /**
   * The limit counts fixed 10-second windows. Sends that must all fall in one window start with
   * enough of the current one left (a wait of a few seconds at most).
   */
  const roomInWindow = (ms: number) =>
    expect
      .poll(() => RATE_WINDOW_SECONDS * 1000 - (Date.now() % (RATE_WINDOW_SECONDS * 1000)), { timeout: 11_000 })
      .toBeGreaterThan(ms);
  /** The person's counters, one per window touched: what each window let through. */
  const windows = async (userId: string) =>
    (await RateLimitEntity.query.byBucket({ bucket: `chat:${userId}` }).go({ consistent: true })).data.map(
      (w) => w.count,
    );

  it("answers the 31st message in a window with message:error isRateLimit, and warns from the 24th", async () => {
    const [a, b] = await Promise.all([person(), person()]);
    const id = await conversation(a, [b]);
    const socket = await openSocket(api, { cookie: a.cookie });
    await roomInWindow(6_000);
    for (let i = 1; i <= RATE_LIMIT_MESSAGES; i++) {
      const clientId = crypto.randomUUID();
      socket.send(sendFrame(id, `m${i}`, clientId));
      await socket.next(messageFrame("message:new", clientId));
    }
    // From the 24th on, each send is also answered by a warning: 24..30 make 7.
    await expect
      .poll(() => socket.frames.filter(isType("message:warning")).length)
      .toBe(RATE_LIMIT_MESSAGES - RATE_WARNING_AT + 1);
    expect(socket.frames.find(isType("message:warning"))).toEqual({
      type: "message:warning",
      content: CHAT_MESSAGES.nearLimit,
    });
    const over = crypto.randomUUID();
    socket.send(sendFrame(id, "one too many", over));
    expect(await socket.next(isType("message:error", ofClient(over)))).toMatchObject({
      type: "message:error",
      isRateLimit: true,
    });
    expect(await stored(a, id)).toHaveLength(RATE_LIMIT_MESSAGES);
    expect(await windows(a.userId)).toEqual([RATE_LIMIT_MESSAGES]);
    await socket.close();
  });

  it("lets exactly 30 of 40 parallel sends through in a window and refuses the rest as rate limited", async () => {
    const [a, b] = await Promise.all([person(), person()]);
    const id = await conversation(a, [b]);
    const socket = await openSocket(api, { cookie: a.cookie });
    const clientIds = Array.from({ length: 40 }, () => crypto.randomUUID());
    for (const clientId of clientIds) socket.send(sendFrame(id, "parallel", clientId));
    await expect
      .poll(() => clientIds.filter((c) => socket.frames.some((f) => ofClient(c)(f))).length, { timeout: 60_000 })
      .toBe(40);
    const refused = socket.frames.filter(isType("message:error", (f) => f.isRateLimit === true));
    const kept = await stored(a, id);
    expect(kept).toHaveLength(40 - refused.length);
    // Each window counts exactly what it let through, never more than the limit; a burst within
    // one window (nearly always) keeps exactly 30, one across a boundary keeps 30 in one of them.
    const counts = await windows(a.userId);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(kept.length);
    for (const n of counts) expect(n).toBeLessThanOrEqual(RATE_LIMIT_MESSAGES);
    if (counts.length === 1) expect(kept).toHaveLength(RATE_LIMIT_MESSAGES);
    else expect(counts).toContain(RATE_LIMIT_MESSAGES);
    await socket.close();
  });
});

describe("the chat socket: the bot", () => {
  it("answers a person's message through the same path, once", async () => {
    const a = await person();
    await UserEntity.patch({ userId: a.userId }).set({ plan: "pro" }).go();
    const { id } = await (await a.chat["initiate-bot-chat"].$post()).json();
    const socket = await openSocket(api, { cookie: a.cookie });
    await joined(socket, id);
    const clientId = crypto.randomUUID();
    socket.send(sendFrame(id, "help", clientId));
    await socket.next(messageFrame("message:new", clientId));
    const answer = await socket.next(
      isType("message:new", (f) => (f.message as { senderId: string }).senderId === Chat.BOT_USER_ID),
    );
    expect(answer.message).toMatchObject({ conversationId: id, senderName: "graph" });
    // A resend of the question is answered by nothing new.
    socket.send(sendFrame(id, "help", clientId));
    await expect.poll(() => socket.frames.filter(messageFrame("message:new", clientId)).length).toBe(2);
    const messages = await stored(a, id);
    expect(messages.map((m) => m.senderId)).toEqual([a.userId, Chat.BOT_USER_ID]);
    await socket.close();
  });
});

describe("the chat bot and the plan table", () => {
  /** A message sent as the socket sends it, awaited until the bot has answered (or not). */
  const ask = (who: Person, conversationId: string, content: string) =>
    Chat.send({ userId: who.userId, conversationId, content, clientId: crypto.randomUUID() });
  const botAnswers = async (who: Person, id: string) =>
    (await stored(who, id)).filter((m) => m.senderId === Chat.BOT_USER_ID).map((m) => m.content);
  const setPlan = (who: Person, plan: "free" | "pro" | "team") =>
    UserEntity.patch({ userId: who.userId }).set({ plan }).go();

  it("tells a free person once what the bot is and where to upgrade, and says nothing more", async () => {
    const a = await person();
    const { id } = await (await a.chat["initiate-bot-chat"].$post()).json();
    const first = await ask(a, id, "help");
    expect(await botAnswers(a, id)).toEqual([
      BOT_MESSAGES.planRequired(`${Resource.Config.siteUrl.replace(/\/+$/, "")}/home/upgrade`, "pro"),
    ]);
    await ask(a, id, "what's new on rivers");
    await ask(a, id, "help");
    expect(await botAnswers(a, id)).toHaveLength(1);
    // A resend of the first question (its first try cut short) is answered by nothing new either.
    await Chat.send({ userId: a.userId, conversationId: id, content: "help", clientId: first.message.clientId! });
    expect(await botAnswers(a, id)).toHaveLength(1);
  });

  it("answers once for 30 messages a free person sends at once", async () => {
    const a = await person();
    const { id } = await (await a.chat["initiate-bot-chat"].$post()).json();
    const claims = await Promise.all(
      Array.from({ length: 30 }, (_, i) => Users.claimBotIntroduction(a.userId, `question-${i}`)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    // The one that claimed it keeps it for a resend of the same message; others stay refused.
    const winner = claims.indexOf(true);
    expect(await Users.claimBotIntroduction(a.userId, `question-${winner}`)).toBe(true);
    expect(await Users.claimBotIntroduction(a.userId, `question-${(winner + 1) % 30}`)).toBe(false);
    // Having been introduced, the person's messages get no answer at all.
    await ask(a, id, "help");
    expect(await botAnswers(a, id)).toEqual([]);
  });

  it("answers in full on pro and org, falls silent on a downgrade and answers again after an upgrade", async () => {
    const a = await person();
    await setPlan(a, "team");
    const { id } = await (await a.chat["initiate-bot-chat"].$post()).json();
    await ask(a, id, "help");
    expect(await botAnswers(a, id)).toEqual([HELP_TEXT]);
    await setPlan(a, "free");
    await ask(a, id, "help");
    await ask(a, id, "help");
    const [, introduction] = await botAnswers(a, id);
    expect(introduction).toContain("/home/upgrade");
    expect(await botAnswers(a, id)).toHaveLength(2);
    await setPlan(a, "pro");
    await ask(a, id, "help");
    expect((await botAnswers(a, id)).at(-1)).toBe(HELP_TEXT);
  });
});
