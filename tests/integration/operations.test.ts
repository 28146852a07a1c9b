import { describe, expect, it, onTestFinished } from "vitest";
import { personHash } from "@graph/core/lib/observability";
import { queues } from "@graph/functions/jobs/queues";
import { isType, openSocket } from "../support/chat-sockets.ts";
import { privacyBreaches } from "../support/log-privacy.ts";
import { captureLogs } from "../support/logs.ts";
import { sessionCookie, signedIn, useTestApi } from "../support/runtime.ts";

const api = useTestApi();

interface Ops {
  alarms: Array<{ name: string; firing: boolean; measured: string }>;
  queues: Array<{ name: string; dead: number; waiting: number }>;
  deadLetters: Array<{ queue: string; messages: Array<{ messageId: string; receiveCount: number }> }>;
  recentErrors: Array<{ message: string; messageId?: string; function?: string }>;
}

const ops = async (): Promise<Ops> => (await fetch(`${api.runtime.url}/api/dev/ops`)).json() as Promise<Ops>;
const alarm = (state: Ops, name: string) => state.alarms.find((a) => a.name === name);

describe("/dev/ops", () => {
  it("shows a message that failed every attempt in its dead-letter queue, with its alarm firing, and redrives it", async () => {
    // A worker that fails every attempt: the table answers an error to every request about this search.
    const searchId = `ops-dlq-${crypto.randomUUID()}`;
    const fault = api.runtime.dynamoFaults.inject({
      error: "InternalServerError",
      match: (request) => JSON.stringify(request).includes(searchId),
    });
    onTestFinished(() => fault.remove());
    const before = await ops();
    expect(alarm(before, "AgentDeadLetter-messages")).toMatchObject({ firing: false });

    const { messageId } = await api.runtime.dispatcher.send(
      "AgentQueue",
      JSON.stringify({ userId: searchId, searchId }),
    );

    await expect.poll(async () => alarm(await ops(), "AgentDeadLetter-messages")?.firing).toBe(true);
    const after = await ops();
    expect(after.queues.find((q) => q.name === "AgentQueue")?.dead).toBe(1);
    // Its function failed each time it was tried: its failure rate is over its threshold too.
    expect(alarm(after, "AgentQueue-failures")).toMatchObject({ firing: true });
    // The errors name the message, not what it carried.
    expect(after.recentErrors).toContainEqual(
      expect.objectContaining({ message: "a message moved to its dead-letter queue" }),
    );
    expect(after.recentErrors).toContainEqual(
      expect.objectContaining({
        message: "a message failed; it is delivered again",
        messageId,
        function: "AgentQueue",
      }),
    );

    // The page says the same to a person, from this machine only.
    const page = await fetch(`${api.runtime.url}/dev/ops`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/FIRING<\/td><td>AgentDeadLetter-messages<\/td><td>1 in AgentDeadLetter/);
    expect(html).toContain("alarm");
    // Each dead letter is listed by its id, with a button that sends the queue's back.
    expect(after.deadLetters.find((d) => d.queue === "AgentQueue")?.messages).toEqual([
      expect.objectContaining({
        messageId,
        receiveCount: queues.find((q) => q.name === "AgentQueue")!.maxReceiveCount,
      }),
    ]);
    expect(html).toContain(messageId);
    expect(html).toContain(`<form method="post" action="/api/dev/ops/redrive/AgentQueue">`);

    // Redriven once the cause is fixed: a page of another site may not; this machine may.
    const redrive = (headers: Record<string, string> = {}) =>
      fetch(`${api.runtime.url}/api/dev/ops/redrive/AgentQueue`, { method: "POST", headers, redirect: "manual" });
    expect((await redrive({ origin: "https://elsewhere.example", "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await ops()).queues.find((q) => q.name === "AgentQueue")?.dead).toBe(1);
    expect((await fetch(`${api.runtime.url}/api/dev/ops/redrive/NoQueue`, { method: "POST" })).status).toBe(404);
    fault.remove();
    const answer = await redrive();
    expect(await answer.json()).toEqual({ queue: "AgentQueue", moved: 1 });
    await expect
      .poll(async () => {
        const state = await ops();
        const queue = state.queues.find((q) => q.name === "AgentQueue");
        return { dead: queue?.dead, waiting: queue?.waiting, firing: alarm(state, "AgentDeadLetter-messages")?.firing };
      })
      .toEqual({ dead: 0, waiting: 0, firing: false });
    // The page's form comes back to the page.
    const fromPage = await redrive({ accept: "text/html", origin: api.runtime.url });
    expect([fromPage.status, fromPage.headers.get("location")]).toEqual([303, "/dev/ops"]);
  });
});

describe("the logs", () => {
  it("name a person only by a hash: no e-mail address, code, cookie, token or message text", async () => {
    const logs = captureLogs();
    const person = await signedIn(api);
    const [mail] = await api.mailTo(person.email);
    const friend = await signedIn(api);
    const chat = api.client({ cookie: person.cookie }).messages;
    const conversationId = (await (await chat.conversations.$post({ json: { memberIds: [friend.userId] } })).json()).id;
    const socketToken = (await (await chat.get_jwt.$get()).json()).token;
    // A second sign-in: a login's cookie is in play too.
    const login = await api.client().login.$post({ json: { identifier: person.email, password: person.password } });
    const secondCookie = sessionCookie(login)!;

    const socket = await openSocket(api, { cookie: person.cookie });
    onTestFinished(() => socket.close());
    socket.send({ action: "joinConversation", conversationId });
    await socket.next(isType("joined", (f) => f.conversationId === conversationId));
    const text = `meet me at the old mill at ${crypto.randomUUID()}`;
    socket.send({ action: "message:new", conversationId, content: text, clientId: crypto.randomUUID() });
    await socket.next(isType("message:new", (f) => (f.message as { content?: string }).content === text));
    // A write that breaks (the table failing): logged, by the person's hash, without what they wrote.
    const broken = `this never reaches the table ${crypto.randomUUID()}`;
    const fault = api.runtime.dynamoFaults.inject({
      error: "InternalServerError",
      match: (request) => JSON.stringify(request).includes(broken),
    });
    onTestFinished(() => fault.remove());
    const thought = await api
      .client({ cookie: person.cookie })
      .thoughts.to_db.$post({ json: { title: "Mill", content: broken } });
    expect(thought.status).toBe(503);
    expect(logs.records.find((r) => r.message === "answered unavailable")).toMatchObject({
      context: { function: "api", person: personHash(person.userId) },
    });

    const written = logs.lines().join("\n");
    for (const secret of [
      person.email,
      friend.email,
      person.password,
      /\b(\d{6})\b/.exec(mail!.text)![1]!,
      person.cookie.split("=")[1]!,
      secondCookie.split("=")[1]!,
      socketToken,
      text,
      broken,
    ]) {
      expect(written).not.toContain(secret);
    }
    expect(written).not.toMatch(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/);
    // The check the browser run's whole log gets (tests/e2e/global-setup.ts), here on this journey's.
    expect(privacyBreaches(logs.lines())).toEqual([]);
  });
});

describe("the logs' privacy check", () => {
  it("finds each kind of breach, and passes a clean record", () => {
    const record = (fields: Record<string, unknown>) => JSON.stringify({ level: "ERROR", message: "m", ...fields });
    expect(
      privacyBreaches([
        record({ note: "to ada@example.com" }),
        record({ header: "graph_session=abc123" }),
        record({ token: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJlaGVyZQ" }),
        record({ content: "meet me at the mill" }),
        record({ nested: { text: "hello" } }),
      ]).map((breach) => breach.slice(0, breach.indexOf(":"))),
    ).toEqual([
      "an e-mail address",
      "a session cookie",
      "a signed token",
      "the field content written out",
      "the field text written out",
    ]);
    expect(privacyBreaches([record({ content: "[redacted]", person: "p_0123456789abcdef" }), ""])).toEqual([]);
  });
});
