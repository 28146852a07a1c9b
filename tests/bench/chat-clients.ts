/**
 * The chat benchmark's 100 clients, in a process of their own (forked by chat.bench.ts), so
 * their sockets, JSON parsing and bookkeeping do not take CPU from the runtime they measure.
 * The parent drives them over IPC (`Command`) and gets figures back (`Event`); every count of
 * the sustained run (lost, duplicated, out of order) is made here, from every frame received.
 */
import { randomUUID } from "node:crypto";
import WebSocket from "ws";
import { summary, type Summary } from "./stats.ts";

export interface Group {
  conversationId: string;
  members: number[];
}

export interface SustainedOptions {
  rate: number;
  durationMs: number;
  /** After the last send, how long a message may still take to arrive before it counts as lost. */
  graceMs: number;
  /** A send not acknowledged this long is sent again with the same clientId (as the page retries). */
  ackTimeoutMs: number;
  /** The server's limit is 30 a person per 10-second window: a client keeps under this many in any 10 s. */
  windowCap: number;
}

export type Command =
  | { cmd: "connect"; wsUrl: string; tokens: string[]; userIds: string[]; groups: Group[] }
  | { cmd: "roundTrip"; count: number; warmup: number }
  | { cmd: "watch"; id: number; group: number; tag: string }
  | { cmd: "sustained"; options: SustainedOptions }
  | { cmd: "close" };

export interface SustainedReport {
  sent: number;
  seconds: number;
  acked: number;
  reAcked: number;
  refused: number;
  rateLimited: number;
  resent: number;
  refusals: string[];
  pairs: number;
  lost: number;
  receivedTwice: number;
  storedTwice: number;
  outOfOrderSentAt: number;
  outOfOrderSender: number;
  ack?: Summary;
  delivery?: Summary;
  /** Milliseconds from the last send to the last expected arrival (or the end of the grace period). */
  drainMs: number;
  /** CPU of this (client) process over the run. */
  clientCpuMs: number;
}

export type Event =
  | { ev: "ready" }
  | { ev: "warm" }
  | { ev: "roundTrip"; times: number[]; missing: number }
  | { ev: "watching"; id: number }
  | { ev: "arrived"; id: number; at: number }
  | { ev: "sendingStarted" }
  | { ev: "sendingEnded" }
  | { ev: "sustained"; report: SustainedReport }
  | { ev: "closed" }
  | { ev: "failed"; error: string };

/** Milliseconds on a clock both processes share (epoch-based, sub-millisecond). */
export const sharedNow = () => performance.timeOrigin + performance.now();

interface Message {
  id: string;
  conversationId: string;
  senderId: string;
  content: string;
  sentAt: string;
  clientId?: string;
}

type Frame =
  | { type: "message:new"; message: Message }
  | { type: "message:error"; isRateLimit: boolean; error: string; clientId?: string }
  | { type: string; [key: string]: unknown };

interface Receipt {
  message: Message;
  at: number;
}

class Client {
  readonly receipts: Receipt[] = [];
  readonly errors: Array<{ clientId?: string; isRateLimit: boolean; error: string }> = [];
  private readonly waiters = new Set<(frame: Frame) => boolean>();

  constructor(
    readonly index: number,
    readonly socket: WebSocket,
  ) {
    socket.on("message", (data) => {
      const at = performance.now();
      const frame = JSON.parse(data.toString()) as Frame;
      if (frame.type === "message:new") this.receipts.push({ message: (frame as { message: Message }).message, at });
      else if (frame.type === "message:error") this.errors.push(frame as Client["errors"][number]);
      for (const waiter of this.waiters) if (waiter(frame)) this.waiters.delete(waiter);
    });
  }

  send(frame: Record<string, unknown>) {
    this.socket.send(JSON.stringify(frame));
  }

  /** The first frame `accept` takes, or undefined after `timeoutMs`. */
  next(accept: (frame: Frame) => boolean, timeoutMs: number): Promise<Frame | undefined> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        resolve(undefined);
      }, timeoutMs);
      const waiter = (frame: Frame) => {
        if (!accept(frame)) return false;
        clearTimeout(timer);
        resolve(frame);
        return true;
      };
      this.waiters.add(waiter);
    });
  }
}

const isMessage = (frame: Frame): frame is { type: "message:new"; message: Message } => frame.type === "message:new";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const emit = (event: Event) => process.send!(event);

let clients: Client[] = [];
let groups: Group[] = [];
const groupOf = (person: number) => groups.find((g) => g.members.includes(person))!;
const members = (g: number) => groups[g]!.members.map((m) => clients[m]!);
/** Resolves once every member's socket of group `g` has a message whose content is `tag`. */
const everyone = (g: number, tag: string) =>
  Promise.all(members(g).map((c) => c.next((f) => isMessage(f) && f.message.content === tag, 10_000)));

async function connect(command: Extract<Command, { cmd: "connect" }>) {
  groups = command.groups;
  clients = await Promise.all(
    command.tokens.map(async (token, i) => {
      const socket = new WebSocket(`${command.wsUrl}?token=${encodeURIComponent(token)}`);
      await new Promise<void>((resolve, reject) => {
        socket.once("open", () => resolve());
        socket.once("error", reject);
        socket.once("unexpected-response", (_request, response) =>
          reject(new Error(`/ws refused the token: ${response.statusCode}`)),
        );
      });
      return new Client(i, socket);
    }),
  );
  await Promise.all(
    clients.map(async (client) => {
      const { conversationId } = groupOf(client.index);
      const joined = client.next((f) => f.type === "joined" && f.conversationId === conversationId, 30_000);
      client.send({ action: "joinConversation", conversationId });
      if (!(await joined)) throw new Error(`${command.userIds[client.index]} could not join ${conversationId}`);
    }),
  );
}

/** One message at a time, from the send to the moment every member's socket has it. */
async function roundTrip(count: number, warmup: number) {
  const times: number[] = [];
  let missing = 0;
  for (let i = 0; i < warmup + count; i++) {
    const g = i % groups.length;
    const sender = members(g)[Math.floor(i / groups.length) % members(g).length]!;
    const tag = `round trip ${i}`;
    const arrived = everyone(g, tag);
    const start = performance.now();
    sender.send({
      action: "message:new",
      conversationId: groups[g]!.conversationId,
      content: tag,
      clientId: randomUUID(),
    });
    const frames = await arrived;
    if (frames.some((f) => f === undefined)) missing++;
    else if (i >= warmup) times.push(performance.now() - start);
    if (i === warmup - 1) emit({ ev: "warm" });
  }
  emit({ ev: "roundTrip", times, missing });
}

async function watch(id: number, group: number, tag: string) {
  const arrived = everyone(group, tag);
  emit({ ev: "watching", id });
  await arrived;
  emit({ ev: "arrived", id, at: sharedNow() });
}

interface Sent {
  sender: number;
  seq: number;
  clientId: string;
  content: string;
  conversationId: string;
  sentAt: number;
  ackedAt?: number;
  refused?: string;
  resends: number;
}

/**
 * Every client sends its share of `rate` messages a second for `durationMs`, waiting for its
 * previous message's acknowledgement before the next (as a person does); then every
 * (message, member) pair is checked: lost, duplicated, out of order.
 */
async function sustained(options: SustainedOptions): Promise<SustainedReport> {
  const cpuBefore = process.cpuUsage();
  for (const c of clients) {
    c.receipts.length = 0;
    c.errors.length = 0;
  }
  const interval = (clients.length / options.rate) * 1000;
  const sent: Sent[] = [];
  const start = performance.now() + 100;
  const end = start + options.durationMs;

  const run = async (client: Client) => {
    const { conversationId } = groupOf(client.index);
    // Clients start spread over one interval, so the load is even rather than in bursts.
    const offset = (client.index / clients.length) * interval;
    const recent: number[] = [];
    for (let seq = 0; ; seq++) {
      const slot = start + offset + seq * interval;
      if (slot >= end) break;
      await sleep(slot - performance.now());
      // Behind schedule (a slow acknowledgement), a client catches up but stays under the limit.
      const forgetOld = () => {
        while (recent.length > 0 && performance.now() - recent[0]! >= 10_000) recent.shift();
      };
      forgetOld();
      while (recent.length >= options.windowCap) {
        await sleep(10_000 - (performance.now() - recent[0]!) + 5);
        forgetOld();
      }
      if (performance.now() >= end) break;
      const clientId = randomUUID();
      const content = `sustained ${client.index} ${seq}`;
      const entry: Sent = { sender: client.index, seq, clientId, content, conversationId, sentAt: 0, resends: 0 };
      sent.push(entry);
      for (let attempt = 0; attempt < 3 && entry.ackedAt === undefined && entry.refused === undefined; attempt++) {
        const answer = client.next(
          (f) =>
            (f.type === "message:new" && (f as { message: Message }).message.clientId === clientId) ||
            (f.type === "message:error" && f.clientId === clientId),
          options.ackTimeoutMs,
        );
        if (attempt === 0) entry.sentAt = performance.now();
        else entry.resends++;
        recent.push(performance.now());
        client.send({ action: "message:new", conversationId, content, clientId });
        const frame = await answer;
        if (frame?.type === "message:new") entry.ackedAt = performance.now();
        else if (frame?.type === "message:error") entry.refused = String((frame as { error: string }).error);
      }
    }
  };
  await sleep(start - performance.now());
  emit({ ev: "sendingStarted" });
  await Promise.all(clients.map(run));
  const sendingEnded = performance.now();
  emit({ ev: "sendingEnded" });

  // Wait for every stored message to reach every member, or for the grace period to end.
  const byContent = new Map(sent.map((s) => [s.content, s]));
  const expected = () => {
    let missing = 0;
    for (const client of clients) {
      const got = new Set(client.receipts.map((r) => r.message.content));
      for (const s of sent)
        if (s.refused === undefined && groupOf(s.sender).members.includes(client.index) && !got.has(s.content))
          missing++;
    }
    return missing;
  };
  const graceEnds = performance.now() + options.graceMs;
  while (performance.now() < graceEnds && expected() > 0) await sleep(100);
  const drainMs = performance.now() - sendingEnded;

  // Lost: (message, member) pairs never received; duplicated: a message received twice by one
  // socket, or stored twice (two ids for one send); out of order: per receiver and conversation,
  // a message after one with a later sentAt, and per receiver and sender, a later send first.
  let pairs = 0;
  let receivedTwice = 0;
  let outOfOrderSentAt = 0;
  let outOfOrderSender = 0;
  const latencies: number[] = [];
  const idsOfContent = new Map<string, Set<string>>();
  const reAcks = new Map<string, number>();
  for (const client of clients) {
    const seen = new Set<string>();
    const latestSentAt = new Map<string, number>();
    const latestSeq = new Map<number, number>();
    for (const { message, at } of client.receipts) {
      const s = byContent.get(message.content);
      if (!s) continue;
      let ids = idsOfContent.get(message.content);
      if (!ids) idsOfContent.set(message.content, (ids = new Set()));
      ids.add(message.id);
      if (seen.has(message.id)) {
        // A resend of a stored message is acknowledged again (to the sending socket only): that
        // copy is the answer to the resend, not a second delivery.
        if (s.sender === client.index && reAcks.get(message.id)! < s.resends)
          reAcks.set(message.id, reAcks.get(message.id)! + 1);
        else receivedTwice++;
        continue;
      }
      if (s.sender === client.index) reAcks.set(message.id, 0);
      seen.add(message.id);
      latencies.push(at - s.sentAt);
      const sentAt = Date.parse(message.sentAt);
      if (sentAt < (latestSentAt.get(message.conversationId) ?? -Infinity)) outOfOrderSentAt++;
      latestSentAt.set(message.conversationId, Math.max(sentAt, latestSentAt.get(message.conversationId) ?? -Infinity));
      if (s.seq < (latestSeq.get(s.sender) ?? -1)) outOfOrderSender++;
      latestSeq.set(s.sender, Math.max(s.seq, latestSeq.get(s.sender) ?? -1));
    }
    for (const s of sent) if (s.refused === undefined && groupOf(s.sender).members.includes(client.index)) pairs++;
  }
  const acked = sent.filter((s) => s.ackedAt !== undefined);
  const refused = sent.filter((s) => s.refused !== undefined);
  const cpu = process.cpuUsage(cpuBefore);
  return {
    sent: sent.length,
    seconds: (sendingEnded - start) / 1000,
    acked: acked.length,
    reAcked: [...reAcks.values()].reduce((a, b) => a + b, 0),
    refused: refused.length,
    rateLimited: clients.reduce((n, c) => n + c.errors.filter((e) => e.isRateLimit).length, 0),
    resent: sent.reduce((n, s) => n + s.resends, 0),
    refusals: [...new Set(refused.map((s) => s.refused!))],
    pairs,
    lost: expected(),
    receivedTwice,
    storedTwice: [...idsOfContent.values()].filter((ids) => ids.size > 1).length,
    outOfOrderSentAt,
    outOfOrderSender,
    ...(acked.length > 0 ? { ack: summary(acked.map((s) => s.ackedAt! - s.sentAt)) } : {}),
    ...(latencies.length > 0 ? { delivery: summary(latencies) } : {}),
    drainMs,
    clientCpuMs: (cpu.user + cpu.system) / 1000,
  };
}

async function close() {
  await Promise.all(
    clients.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.socket.readyState === WebSocket.CLOSED) return resolve();
          c.socket.once("close", () => resolve());
          c.socket.close();
        }),
    ),
  );
}

process.on("message", (command: Command) => {
  const work = async () => {
    switch (command.cmd) {
      case "connect":
        await connect(command);
        return emit({ ev: "ready" });
      case "roundTrip":
        return roundTrip(command.count, command.warmup);
      case "watch":
        return watch(command.id, command.group, command.tag);
      case "sustained":
        return emit({ ev: "sustained", report: await sustained(command.options) });
      case "close":
        await close();
        emit({ ev: "closed" });
        return process.disconnect();
    }
  };
  work().catch((error: unknown) => emit({ ev: "failed", error: String((error as Error)?.stack ?? error) }));
});
