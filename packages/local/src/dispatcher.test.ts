import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SQSEvent, SQSRecord } from "aws-lambda";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { tapLogs } from "@graph/core/lib/observability";
import { Dispatcher, type QueueDefinition } from "./dispatcher.ts";
import type { Handler } from "./handlers.ts";

const QUEUE: QueueDefinition = {
  name: "WorkQueue",
  handler: "work.handler",
  deadLetter: "WorkDeadLetter",
  maxReceiveCount: 2,
  batchSize: 10,
};

let dir: string;
const dispatchers: Dispatcher[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "graph-queues-"));
});
afterEach(async () => {
  for (const d of dispatchers.splice(0)) d.stop();
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

/** A dispatcher over `dir` (or memory only) whose one queue is worked by `handler`. */
function dispatcher(handler: Handler, { inMemory = false } = {}) {
  const d = new Dispatcher([QUEUE], [], { dir: inMemory ? undefined : dir, loadHandler: async () => handler });
  dispatchers.push(d);
  return d;
}

/** Records every delivery; `outcome` decides what the handler does with it. */
function worker(outcome: (record: SQSRecord) => Promise<void> | void = () => undefined) {
  const received: SQSRecord[] = [];
  const handler: Handler = async (event: SQSEvent) => {
    received.push(...event.Records);
    for (const record of event.Records) await outcome(record);
    return { batchItemFailures: [] };
  };
  return { handler, received };
}

const files = async (queue: string) => (await readdir(join(dir, queue)).catch(() => [] as string[])).sort();
const never = () => new Promise<void>(() => undefined);
const waitFor = (check: () => unknown | Promise<unknown>) => vi.waitFor(check, { timeout: 20_000, interval: 20 });

describe("durable local queues", () => {
  it("handles a message apart from its sender's async context, as a queue's own invocation", async () => {
    const scope = new AsyncLocalStorage<string>();
    const seen: Array<string | undefined> = [];
    const d = dispatcher(worker(() => void seen.push(scope.getStore())).handler, { inMemory: true });
    await d.recover();
    await scope.run("sender's call", () => d.send(QUEUE.name, "work"));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen).toEqual([undefined]);
  });

  it("delivers a message sent while the clock was moved forward once the clock is put back", async () => {
    const { handler, received } = worker();
    const d = dispatcher(handler, { inMemory: true });
    await d.recover();
    d.hold(QUEUE.name);
    // As a test that travels a day ahead, then returns to real time before the message is handled.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 24 * 60 * 60 * 1000);
    await d.send(QUEUE.name, "from the future");
    vi.useRealTimers();
    d.release(QUEUE.name);
    await d.idle();
    expect(received.map((r) => r.body)).toEqual(["from the future"]);
  });

  it("keep a message on disk before SendMessage answers, and delete it once its handler succeeded", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { handler, received } = worker(() => held);
    const d = dispatcher(handler);
    await d.recover();

    const { messageId } = await d.send(QUEUE.name, "hello");
    expect(await files(QUEUE.name)).toEqual([`${messageId}.json`]);
    const kept = JSON.parse(await readFile(join(dir, QUEUE.name, `${messageId}.json`), "utf8"));
    expect(kept).toMatchObject({ messageId, body: "hello", receiveCount: expect.any(Number) });

    await waitFor(() => expect(received).toHaveLength(1));
    release();
    await d.idle();
    expect(await files(QUEUE.name)).toEqual([]);
  });

  it("deliver again after a restart what a crashed run never finished, counting the interrupted receive", async () => {
    const first = worker(never);
    const crashed = dispatcher(first.handler);
    await crashed.recover();
    const { messageId } = await crashed.send(QUEUE.name, JSON.stringify({ job: 1 }));
    await waitFor(() => expect(first.received).toHaveLength(1));
    // The process dies here: the handler never returns and nothing is drained.
    crashed.stop();

    const second = worker();
    const restarted = dispatcher(second.handler);
    await restarted.recover();
    await waitFor(() => expect(second.received).toHaveLength(1));
    expect(second.received[0]).toMatchObject({
      messageId,
      body: JSON.stringify({ job: 1 }),
      attributes: { ApproximateReceiveCount: "2" },
    });
    await waitFor(async () => expect(await files(QUEUE.name)).toEqual([]));
  });

  it("retry a failing message with back-off, then move it to the dead-letter queue, which a restart keeps", async () => {
    const failing = worker(() => {
      throw new Error("downstream is down");
    });
    const d = dispatcher(failing.handler);
    await d.recover();
    const { messageId } = await d.send(QUEUE.name, "doomed");

    await waitFor(() => expect(d.deadLetters(QUEUE.name)).toHaveLength(1));
    expect(failing.received.map((r) => r.attributes.ApproximateReceiveCount)).toEqual(["1", "2"]);
    const gap =
      Number(failing.received[1]!.attributes.ApproximateFirstReceiveTimestamp) -
      Number(failing.received[0]!.attributes.ApproximateFirstReceiveTimestamp);
    expect(gap).toBeGreaterThanOrEqual(1000);
    expect(await files(QUEUE.name)).toEqual([]);
    expect(await files(QUEUE.deadLetter)).toEqual([`${messageId}.json`]);

    const later = worker();
    const restarted = dispatcher(later.handler);
    await restarted.recover();
    expect(restarted.deadLetters(QUEUE.name).map((m) => m.messageId)).toEqual([messageId]);
    await restarted.idle();
    expect(later.received).toEqual([]);
  });

  it("skip a torn or corrupt message file with a log line, and deliver the rest", async () => {
    const folder = join(dir, QUEUE.name);
    await mkdir(folder, { recursive: true });
    const torn = randomUUID();
    const wrongShape = randomUUID();
    const good = randomUUID();
    await writeFile(join(folder, `${torn}.json`), `{"messageId":"${torn}","bo`);
    await writeFile(join(folder, `${wrongShape}.json`), JSON.stringify({ messageId: "someone-else", body: 3 }));
    await writeFile(
      join(folder, `${good}.json`),
      JSON.stringify({ messageId: good, body: "intact", sentAt: 1, receiveCount: 0, visibleAt: 1 }),
    );
    await writeFile(join(folder, `.${randomUUID()}.${randomUUID()}.tmp`), "half a wri");
    const logged: string[] = [];
    const untap = tapLogs((record) => logged.push(JSON.stringify(record)));
    onTestFinished(() => void untap());

    const { handler, received } = worker();
    const d = dispatcher(handler);
    await d.recover();
    await waitFor(() => expect(received.map((r) => r.messageId)).toEqual([good]));
    expect(logged.filter((line) => line.includes(torn))).toHaveLength(1);
    expect(logged.filter((line) => line.includes(wrongShape))).toHaveLength(1);
    await waitFor(async () =>
      expect(await files(QUEUE.name)).toEqual([`${torn}.json.corrupt`, `${wrongShape}.json.corrupt`].sort()),
    );
  });

  it("keep messages in memory when there is no data dir", async () => {
    const { handler, received } = worker();
    const d = dispatcher(handler, { inMemory: true });
    await d.recover();
    await d.send(QUEUE.name, "in memory");
    await d.idle();
    expect(received.map((r) => r.body)).toEqual(["in memory"]);
    expect(await readdir(dir)).toEqual([]);
  });
});

describe("held queues", () => {
  it("deliver nothing while held, and everything once released", async () => {
    const { handler, received } = worker();
    const d = dispatcher(handler, { inMemory: true });
    await d.recover();
    d.hold(QUEUE.name);
    await d.send(QUEUE.name, "one");
    await d.send(QUEUE.name, "two");
    // A later message's delivery has run by the time an unheld queue's has: none here.
    const other = dispatcher(worker().handler, { inMemory: true });
    await other.send(QUEUE.name, "probe");
    await other.idle();
    expect(received).toEqual([]);
    expect(d.isIdle()).toBe(false);

    d.release(QUEUE.name);
    await d.idle();
    expect(received.map((r) => r.body).sort()).toEqual(["one", "two"]);
  });

  it("refuse to hold a queue that does not exist", () => {
    const d = dispatcher(worker().handler, { inMemory: true });
    expect(() => d.hold("NoSuchQueue")).toThrow(/no queue/);
  });
});

describe("a queue's concurrency", () => {
  it("handles up to its concurrency of batches at once, as Lambda's pollers do, and never more", async () => {
    const definition: QueueDefinition = { ...QUEUE, batchSize: 2, concurrency: 3 };
    let open = 0;
    let most = 0;
    const gates: Array<() => void> = [];
    const handled: string[] = [];
    const handler: Handler = async (event: SQSEvent) => {
      open++;
      most = Math.max(most, open);
      await new Promise<void>((resolve) => gates.push(resolve));
      handled.push(...event.Records.map((r) => r.body));
      open--;
      return { batchItemFailures: [] };
    };
    const d = new Dispatcher([definition], [], { loadHandler: async () => handler });
    dispatchers.push(d);
    await d.recover();
    d.hold(definition.name);
    for (let i = 0; i < 10; i++) await d.send(definition.name, `m${i}`);
    d.release(definition.name);
    // Three batches of two are taken at once; the other four messages wait for one to end.
    await waitFor(() => expect(gates).toHaveLength(3));
    expect(open).toBe(3);
    // Five batches in all: each let through as it comes.
    for (let released = 0; released < 5; released++) {
      await waitFor(() => expect(gates.length).toBeGreaterThan(0));
      gates.shift()!();
    }
    await d.idle();
    expect(most).toBe(3);
    expect(handled.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `m${i}`).sort());
  });
});
