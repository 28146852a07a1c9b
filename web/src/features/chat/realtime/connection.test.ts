import { describe, expect, it } from "vitest";
import { RealtimeConnection, type SocketLike } from "./connection.ts";

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Array<Record<string, unknown>> = [];
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
    this.onclose?.({} as CloseEvent);
  }
  open() {
    this.readyState = 1;
    this.onopen?.({} as Event);
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({} as CloseEvent);
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) } as MessageEvent);
  }
}

/** A connection on fake sockets and a hand-driven clock. */
function setup() {
  const sockets: FakeSocket[] = [];
  const timers: Array<{ fn: () => void; ms: number; done: boolean }> = [];
  let ids = 0;
  let tokens = 0;
  const connection = new RealtimeConnection({
    address: async () => `ws://test/ws?token=t${++tokens}`,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    setTimeout: (fn, ms) => {
      const timer = { fn, ms, done: false };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      (handle as { done: boolean }).done = true;
    },
    random: () => 0,
    newClientId: () => `client-${++ids}`,
  });
  /** Runs the pending reconnect timer (not the keepalive). */
  const fireRetry = () => {
    const timer = timers.find((t) => !t.done && t.ms < 60_000);
    if (!timer) throw new Error("no retry scheduled");
    timer.done = true;
    timer.fn();
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { connection, sockets, timers, fireRetry, settle };
}

const message = (clientId: string) => ({
  id: `m-${clientId}`,
  conversationId: "c1",
  senderId: "me",
  senderName: "me",
  content: "hi",
  sentAt: "2026-01-01T00:00:00.000Z",
  clientId,
});

describe("the realtime connection", () => {
  it("connects with a fresh token each time and reconnects with growing waits", async () => {
    const { connection, sockets, timers, fireRetry, settle } = setup();
    connection.start();
    await settle();
    expect(sockets[0]!.url).toBe("ws://test/ws?token=t1");
    sockets[0]!.drop();
    expect(connection.status).toBe("waiting");
    fireRetry();
    await settle();
    sockets[1]!.drop();
    fireRetry();
    await settle();
    expect(sockets[2]!.url).toBe("ws://test/ws?token=t3");
    const waits = timers.filter((t) => t.ms < 60_000).map((t) => t.ms);
    expect(waits).toEqual([250, 500]);
    sockets[2]!.open();
    expect(connection.status).toBe("open");
    // A good connection starts the waits over.
    sockets[2]!.drop();
    expect(timers.filter((t) => t.ms < 60_000).at(-1)!.ms).toBe(250);
    connection.stop();
  });

  it("queues a send made while disconnected and sends it once connected, with its clientId", async () => {
    const { connection, sockets, settle } = setup();
    connection.start();
    await settle();
    const clientId = connection.sendMessage("c1", "hello");
    expect(sockets[0]!.sent).toEqual([]);
    expect(connection.pending("c1").map((e) => e.content)).toEqual(["hello"]);
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([{ action: "message:new", conversationId: "c1", content: "hello", clientId }]);
    sockets[0]!.receive({ type: "message:new", message: message(clientId) });
    expect(connection.pending("c1")).toEqual([]);
    connection.stop();
  });

  it("sends an unacknowledged message again after a reconnect, with the same clientId, and rejoins", async () => {
    const { connection, sockets, fireRetry, settle } = setup();
    let opens = 0;
    connection.onOpen(() => opens++);
    connection.start();
    await settle();
    sockets[0]!.open();
    connection.join("c1");
    const clientId = connection.sendMessage("c1", "are you there?");
    sockets[0]!.drop(); // the acknowledgement never came
    fireRetry();
    await settle();
    sockets[1]!.open();
    expect(sockets[1]!.sent).toEqual([
      { action: "joinConversation", conversationId: "c1" },
      { action: "message:new", conversationId: "c1", content: "are you there?", clientId },
    ]);
    expect(opens).toBe(2);
    // The page fetched after reconnecting holds it: delivered, nothing more to send.
    connection.acknowledge([clientId]);
    expect(connection.pending("c1")).toEqual([]);
    connection.stop();
  });

  it("keeps a refused message, marked, until retried or dismissed", async () => {
    const { connection, sockets, settle } = setup();
    const seen: string[] = [];
    connection.on("message:error", (frame) => seen.push(frame.error));
    connection.start();
    await settle();
    sockets[0]!.open();
    const clientId = connection.sendMessage("c1", "x");
    sockets[0]!.receive({ type: "message:error", isRateLimit: true, error: "Slow down.", clientId });
    expect(seen).toEqual(["Slow down."]);
    expect(connection.pending("c1")[0]!.failed).toBe("Slow down.");
    connection.retry(clientId);
    expect(sockets[0]!.sent.filter((f) => f.clientId === clientId)).toHaveLength(2);
    expect(connection.pending("c1")[0]!.failed).toBeUndefined();
    connection.dismiss(clientId);
    expect(connection.pending("c1")).toEqual([]);
    connection.stop();
  });

  it("ignores frames that are not the server's, and stops for good when signed out", async () => {
    const { connection, sockets, timers, settle } = setup();
    const seen: unknown[] = [];
    connection.on("message:new", (frame) => seen.push(frame));
    connection.start();
    await settle();
    sockets[0]!.open();
    sockets[0]!.onmessage?.({ data: "not json" } as MessageEvent);
    sockets[0]!.receive({ type: "message:new", message: { id: 1 } });
    sockets[0]!.receive({ type: "something:else" });
    expect(seen).toEqual([]);
    connection.stop();
    expect(connection.status).toBe("idle");
    expect(timers.filter((t) => !t.done && t.ms < 60_000)).toEqual([]);
  });
});
