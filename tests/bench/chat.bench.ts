import { fork, type ChildProcess } from "node:child_process";
import { availableParallelism, loadavg } from "node:os";
import { performance as nodePerformance } from "node:perf_hooks";
import { randomUUID } from "node:crypto";
import { Sessions } from "@graph/core/modules/auth";
import * as Realtime from "@graph/core/modules/realtime";
import { createApi } from "@graph/functions/api/app";
import type { Runtime } from "@graph/local/runtime";
import { ConnectionEntity } from "../../packages/core/src/modules/realtime/connection.entity.ts";
import { DirectoryEntity } from "../../packages/core/src/modules/users/directory.entity.ts";
import { UserEntity } from "../../packages/core/src/modules/users/user.entity.ts";
import { sharedNow, type Command, type Event, type Group, type SustainedReport } from "./chat-clients.ts";
import { countReads } from "./reads.ts";
import { mainThreadCpuMs, ratio, row, summary } from "./stats.ts";

const PEOPLE = 100;
const GROUP_SIZE = 10;
const ROUND_TRIPS = Number(process.env.CHAT_BENCH_ROUND_TRIPS ?? 300);
const WARMUP = 20;
/** The sustained run: messages a second over all clients, for this long. */
const RATE = Number(process.env.CHAT_BENCH_RATE ?? 200);
const DURATION_MS = Number(process.env.CHAT_BENCH_SECONDS ?? 30) * 1000;
/** What the sustained run must carry at least (docs/operations.md). */
const TARGET_RATE = 100;
const SITE = "http://bench.local";

/** The clients' process: commands go out, events come back. */
class Clients {
  private readonly child: ChildProcess;
  private readonly listeners = new Set<(event: Event) => boolean>();
  private failure: Error | undefined;

  constructor() {
    this.child = fork(new URL("./chat-clients.ts", import.meta.url), { execArgv: ["--import", "tsx"] });
    this.child.on("message", (event: Event) => {
      if (event.ev === "failed") this.failure = new Error(`the bench clients failed: ${event.error}`);
      for (const listener of this.listeners) if (listener(event) || this.failure) this.listeners.delete(listener);
    });
  }

  send(command: Command) {
    this.child.send(command);
  }

  /** The first event `accept` takes (rejects when the clients' process reports a failure). */
  next<T extends Event>(accept: (event: Event) => event is T): Promise<T> {
    return new Promise((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      this.listeners.add((event) => {
        if (this.failure) {
          reject(this.failure);
          return true;
        }
        if (!accept(event)) return false;
        resolve(event);
        return true;
      });
    });
  }

  async stop() {
    if (!this.child.connected) return;
    const closed = new Promise<void>((resolve) => this.child.once("exit", () => resolve()));
    this.send({ cmd: "close" });
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (this.child.exitCode === null) this.child.kill();
  }
}

const is =
  <K extends Event["ev"]>(ev: K, test: (event: Extract<Event, { ev: K }>) => boolean = () => true) =>
  (event: Event): event is Extract<Event, { ev: K }> =>
    event.ev === ev && test(event as Extract<Event, { ev: K }>);

const cpuMsSince = (before: NodeJS.CpuUsage) => {
  const cpu = process.cpuUsage(before);
  return (cpu.user + cpu.system) / 1000;
};
/** The main thread's CPU since `before` (a `mainThreadCpuMs()`), NaN where it cannot be read. */
const mainCpuMsSince = (before: number | undefined) => (mainThreadCpuMs() ?? NaN) - (before ?? NaN);

/**
 * Chat over the local runtime's WebSocket API: 100 people connected, in 10 groups of 10, each
 * socket joined to its group's conversation. The clients run in a process of their own
 * (chat-clients.ts); this process is the server: the runtime, its DynamoDB stand-in, the
 * WebSocket API emulation and the handlers. Its CPU is what a message costs the server.
 *
 * 1. Round trip: one message at a time, from the send to the moment every member's socket has
 *    it, through the whole path (store, then fan-out). The fan-out itself is then timed alone —
 *    the same frames to the same 10 connections through the core's `Realtime.send` — posted
 *    concurrently (as the chat does) against one connection after another.
 * 2. Sustained: every client sends its share of 200 messages a second for 30 seconds, waiting for
 *    its previous message's acknowledgement before the next (as a person does); then every
 *    (message, member) pair is checked: lost, duplicated, out of order. CHAT_BENCH_RATE and
 *    CHAT_BENCH_SECONDS change the rate and the length (to find where a machine saturates);
 *    CHAT_BENCH_ROUND_TRIPS=0 skips part 1. Locally one thread runs every handler, so
 *    posts leave in commit order; on AWS, sends to one conversation in different Lambdas can
 *    reach a socket in another order than they were stored (their posts race). Clients order a
 *    conversation by `sentAt`, which is strictly increasing in stored order.
 *
 * Out of order counts arrival order strictly, as received; nothing here sorts before counting.
 */
export async function chatBench(runtime: Runtime) {
  const api = createApi({ clientAddressOf: () => "198.51.100.8" });
  const call = async (path: string, cookie: string, body?: unknown) => {
    const response = await api.request(`${SITE}/api${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as unknown;
  };

  // People, written straight to the table (signing up 100 people would time the password hash).
  const now = Date.now();
  const people = Array.from({ length: PEOPLE }, (_, i) => ({
    userId: `bench-chat-${i}`,
    username: `benchchat${i}`,
    email: `benchchat${i}@example.com`,
    passwordHash: "unused",
    isVerified: true,
    plan: "free" as const,
    hasOnboarded: true,
    createdAt: now,
  }));
  await UserEntity.put(people).go({ concurrency: 4 });
  await DirectoryEntity.put(
    people.map((p) => ({ usernameLower: p.username, username: p.username, userId: p.userId })),
  ).go({ concurrency: 4 });
  const cookies = await Promise.all(
    people.map(async (p) => `graph_session=${(await Sessions.create(p.userId)).token}`),
  );

  // Ten groups of ten, each made by its first member.
  const groups: Group[] = [];
  for (let g = 0; g < PEOPLE / GROUP_SIZE; g++) {
    const members = Array.from({ length: GROUP_SIZE }, (_, i) => g * GROUP_SIZE + i);
    const { id } = (await call("/messages/conversations", cookies[members[0]!]!, {
      name: `Bench group ${g}`,
      memberIds: members.slice(1).map((m) => people[m]!.userId),
      isGroup: true,
    })) as { id: string };
    groups.push({ conversationId: id, members });
  }

  // A socket each, with a token from get_jwt, joined to its group's conversation.
  const tokens = await Promise.all(
    cookies.map(async (cookie) => ((await call("/messages/get_jwt", cookie)) as { token: string }).token),
  );
  const clients = new Clients();
  try {
    const ready = clients.next(is("ready"));
    clients.send({
      cmd: "connect",
      wsUrl: `${runtime.url.replace(/^http/, "ws")}/ws`,
      tokens,
      userIds: people.map((p) => p.userId),
      groups,
    });
    await ready;

    console.log("\n## chat (local runtime: WebSocket API emulation, DynamoDB stand-in)");
    console.log(
      `${PEOPLE} people connected, ${groups.length} groups of ${GROUP_SIZE}, every socket joined to its group; ` +
        `the clients run in a process of their own, this process is the server`,
    );
    if (ROUND_TRIPS > 0) {
      await roundTrip(clients, groups, people);
      // The round trips used up some of each person's rate limit window (30 messages per 10 s).
      await new Promise((resolve) => setTimeout(resolve, 10_000));
    }
    await sustained(clients);
  } finally {
    await clients.stop();
  }
}

async function roundTrip(clients: Clients, groups: Group[], people: Array<{ userId: string }>) {
  // Through the chat: store, then fan-out to the ten members (the sender's socket included).
  const reads = dynamoRequests();
  let before = reads.snapshot();
  let cpuBefore = process.cpuUsage();
  let mainBefore = mainThreadCpuMs();
  const warm = clients.next(is("warm")).then(() => {
    before = reads.snapshot();
    cpuBefore = process.cpuUsage();
    mainBefore = mainThreadCpuMs();
  });
  const done = clients.next(is("roundTrip"));
  clients.send({ cmd: "roundTrip", count: ROUND_TRIPS, warmup: WARMUP });
  await warm;
  const { times, missing } = await done;
  const perMessage = reads.since(before);
  const cpuMs = cpuMsSince(cpuBefore);
  const mainMs = mainCpuMsSince(mainBefore);
  if (times.length === 0) throw new Error("no round trip completed: does /ws accept message:new?");
  const chat = summary(times);

  // The fan-out alone: the same frame to the same ten connections, concurrently or one by one.
  const connectionsOf = async (g: number) =>
    (
      await Promise.all(
        groups[g]!.members.map(
          async (m) => (await ConnectionEntity.query.byUser({ userId: people[m]!.userId }).go({ pages: "all" })).data,
        ),
      )
    )
      .flat()
      .map((c) => c.connectionId);
  const connections = await Promise.all(groups.map((_, g) => connectionsOf(g)));
  let watchId = 0;
  const fanOut = async (sequential: boolean) => {
    const spent: number[] = [];
    for (let i = 0; i < WARMUP + ROUND_TRIPS; i++) {
      const g = i % groups.length;
      const tag = `fan-out ${sequential ? "sequential" : "concurrent"} ${i}`;
      const frame = {
        type: "message:new",
        message: {
          id: `bench-${randomUUID()}`,
          conversationId: groups[g]!.conversationId,
          senderId: people[groups[g]!.members[0]!]!.userId,
          senderName: "bench",
          content: tag,
          sentAt: new Date().toISOString(),
        },
      };
      const id = watchId++;
      const watching = clients.next(is("watching", (e) => e.id === id));
      const arrived = clients.next(is("arrived", (e) => e.id === id));
      clients.send({ cmd: "watch", id, group: g, tag });
      await watching;
      // Both processes read the same clock: the time is from the first post to the last arrival.
      const start = sharedNow();
      if (sequential) for (const connectionId of connections[g]!) await Realtime.send(connectionId, frame);
      else await Promise.all(connections[g]!.map((connectionId) => Realtime.send(connectionId, frame)));
      const { at } = await arrived;
      if (i >= WARMUP) spent.push(at - start);
    }
    return summary(spent);
  };
  const concurrent = await fanOut(false);
  const sequential = await fanOut(true);

  console.log(`\n### round trip: send -> all ${GROUP_SIZE} members' sockets, one message at a time`);
  console.log(row("through the chat (store + concurrent fan-out)", chat));
  if (missing > 0)
    console.log(`  ${missing} messages did not reach every member within 10 s (left out of the figures)`);
  console.log(
    `  each message: ${(perMessage.requests / ROUND_TRIPS).toFixed(1)} DynamoDB requests (${perMessage.detail}, over ${ROUND_TRIPS} messages) and ${GROUP_SIZE} posts to the management API, ` +
      `${(cpuMs / ROUND_TRIPS).toFixed(1)} ms of the server process's CPU (${(mainMs / ROUND_TRIPS).toFixed(1)} on its main thread)`,
  );
  console.log(row(`fan-out alone, ${GROUP_SIZE} posts concurrently`, concurrent));
  console.log(row(`fan-out alone, ${GROUP_SIZE} posts one after another`, sequential));
  console.log(
    `one after another takes ${ratio(sequential.p50, concurrent.p50)} the concurrent fan-out's time at p50 (${ratio(sequential.p95, concurrent.p95)} at p95); ` +
      `the chat's round trip with it would be about ${(chat.p50 + sequential.p50 - concurrent.p50).toFixed(2)} ms at p50 ` +
      `(${ratio(chat.p50 + sequential.p50 - concurrent.p50, chat.p50)})`,
  );
}

async function sustained(clients: Clients) {
  const requests = dynamoRequests();
  const load = loadavg()[0]!;
  const started = clients.next(is("sendingStarted"));
  const ended = clients.next(is("sendingEnded"));
  const done = clients.next(is("sustained"));
  clients.send({
    cmd: "sustained",
    options: { rate: RATE, durationMs: DURATION_MS, graceMs: 10_000, ackTimeoutMs: 10_000, windowCap: 28 },
  });
  await started;
  const before = requests.snapshot();
  const cpuBefore = process.cpuUsage();
  const mainBefore = mainThreadCpuMs();
  const wallBefore = performance.now();
  const eluBefore = nodePerformance.eventLoopUtilization();
  const hrStart = process.hrtime.bigint();
  await ended;
  // For reading a --cpu-prof profile over the sending window only (same clock as its timestamps).
  if (process.env.CHAT_BENCH_MARK)
    console.log(`  [mark] sending from ${hrStart / 1000n} to ${process.hrtime.bigint() / 1000n} µs`);
  const cpuSendingMs = cpuMsSince(cpuBefore);
  const mainSendingMs = mainCpuMsSince(mainBefore);
  const wallSendingMs = performance.now() - wallBefore;
  const busy = nodePerformance.eventLoopUtilization(eluBefore).utilization;
  const { report } = await done;
  // From the first send to the last arrival: all the work the messages cost the server.
  const cpuMs = cpuMsSince(cpuBefore);
  const mainMs = mainCpuMsSince(mainBefore);
  print(report, {
    cpuMs,
    cpuSendingMs,
    mainMs,
    mainSendingMs,
    wallSendingMs,
    busy,
    requests: requests.since(before),
    load,
  });
}

/** DynamoDB requests of this process's client (the handlers run in it). */
function dynamoRequests() {
  const reads = countReads();
  return {
    snapshot: () => reads.snapshot(),
    since: (before: ReturnType<typeof reads.snapshot>) => reads.since(before),
  };
}

function print(
  r: SustainedReport,
  server: {
    cpuMs: number;
    cpuSendingMs: number;
    /** The main thread's own CPU, from the first send to the last arrival and while sending (NaN off Linux). */
    mainMs: number;
    mainSendingMs: number;
    wallSendingMs: number;
    /** The share of the time the server's main JavaScript thread was busy while sending (event loop utilisation). */
    busy: number;
    requests: { requests: number; detail: string };
    load: number;
  },
) {
  const achieved = r.sent / r.seconds;
  const stored = r.sent - r.refused;
  const duplicated = r.receivedTwice + r.storedTwice;
  const outOfOrder = r.outOfOrderSentAt + r.outOfOrderSender;
  console.log(
    `\n### sustained: ${RATE} messages/s asked for ${DURATION_MS / 1000} s, each client waiting for its previous ack`,
  );
  console.log(
    `sent ${r.sent} messages in ${r.seconds.toFixed(1)} s: ${achieved.toFixed(1)} messages/s achieved, ` +
      `${r.acked} acknowledged (${r.reAcked} again after a resend), ${r.refused} refused (${r.rateLimited} by the rate limit), ` +
      `${r.resent} resent after 10 s without an ack; the last arrived ${(r.drainMs / 1000).toFixed(1)} s after the last send`,
  );
  console.log(
    `(message, member) pairs expected ${r.pairs}, delivered ${r.pairs - r.lost} (${((r.pairs - r.lost) / r.seconds).toFixed(0)} deliveries/s)`,
  );
  if (r.ack) console.log(row("ack: send -> the sender's own socket", r.ack));
  if (r.delivery) console.log(row("delivery: send -> each member's socket", r.delivery));
  console.log(
    `lost ${r.lost}, duplicated ${duplicated} (${r.receivedTwice} received twice, ${r.storedTwice} stored twice), ` +
      `out of order ${outOfOrder} (${r.outOfOrderSentAt} by sentAt within a conversation, ${r.outOfOrderSender} by a sender's order)`,
  );
  if (r.refusals.length > 0) console.log(`  refusals: ${r.refusals.join("; ")}`);

  // What the server spent, and what that means for the rate this machine can carry.
  const perMessage = server.cpuMs / Math.max(1, stored);
  const coreShare = server.cpuSendingMs / server.wallSendingMs;
  const cores = availableParallelism();
  const threads = `its JavaScript thread busy ${(server.busy * 100).toFixed(0)}% of the time`;
  console.log(
    `  server process CPU: ${perMessage.toFixed(1)} ms a message (first send to last arrival: ${server.cpuMs.toFixed(0)} ms for ${stored} messages), ` +
      `${(server.mainMs / Math.max(1, stored)).toFixed(1)} of them on its main thread; ` +
      `while sending it used ${(coreShare * 100).toFixed(0)}% of one core (${threads}, ` +
      `its own work ${((server.mainSendingMs / server.wallSendingMs) * 100).toFixed(0)}% of the time)`,
  );
  console.log(
    `  DynamoDB: ${(server.requests.requests / Math.max(1, stored)).toFixed(1)} requests a message (${server.requests.detail}); ` +
      `posts to the management API: ${((r.pairs + r.reAcked) / Math.max(1, stored)).toFixed(1)} a message`,
  );
  console.log(`  clients' process CPU: ${(r.clientCpuMs / Math.max(1, r.sent)).toFixed(1)} ms a message`);
  const met =
    r.lost === 0 && duplicated === 0 && outOfOrder === 0 && achieved >= RATE * 0.98 && (r.ack?.p95 ?? Infinity) < 1000;
  console.log(
    `  ${met ? "carried" : "NOT carried"}: ${RATE}/s asked, ${achieved.toFixed(1)}/s achieved, ack p95 ${(r.ack?.p95 ?? NaN).toFixed(0)} ms, ` +
      `lost/duplicated/out of order ${r.lost}/${duplicated}/${outOfOrder}`,
  );
  // A JavaScript thread runs on one core at most: the time it spends on a message caps the rate.
  // (The process's CPU also holds the garbage collector's and I/O threads.) The thread's own CPU
  // counts only its work; where it cannot be read, its busy share stands in, which on a shared
  // machine also counts the time it waited for a core.
  const msOf = (busy: number) => (busy * server.wallSendingMs) / Math.max(1, r.sent);
  const mainMs = Number.isNaN(server.mainMs) ? msOf(server.busy) : server.mainMs / Math.max(1, stored);
  const ceiling = 1000 / mainMs;
  const need = (TARGET_RATE * (perMessage + r.clientCpuMs / Math.max(1, r.sent))) / 1000;
  console.log(
    `  analysis: ${TARGET_RATE}/s at ${perMessage.toFixed(1)} ms of server CPU a message (${(r.clientCpuMs / Math.max(1, r.sent)).toFixed(1)} more in the clients) ` +
      `needs ${need.toFixed(2)} cores; this machine has ${cores}, shared (load average ${server.load.toFixed(1)} at the start). ` +
      `The server's one JavaScript thread spends ${mainMs.toFixed(1)} ms a message, so even with a whole core ` +
      `it carries at most about ${ceiling.toFixed(0)} messages/s` +
      (ceiling >= TARGET_RATE && need <= cores
        ? "."
        : `: ${TARGET_RATE}/s is out of reach for the local runtime on this machine.`),
  );
}
