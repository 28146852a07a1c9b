import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import type { SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";
import { log } from "@graph/core/lib/observability";
import { lambdaContext, loadHandler, type Handler } from "./handlers.ts";
import { FileQueueStore, MemoryQueueStore, type QueuedMessage, type QueueStore } from "./queue-store.ts";

export interface QueueDefinition {
  name: string;
  handler: string;
  deadLetter: string;
  maxReceiveCount: number;
  batchSize: number;
  /** Batches handled at once (the event source mapping's maximum concurrency on AWS). */
  concurrency?: number;
}

export interface ScheduleDefinition {
  name: string;
  schedule: string;
  handler: string;
}

type Message = QueuedMessage;

/** A queue as the ops page shows it. */
export interface QueueState {
  name: string;
  deadLetter: string;
  /** Messages waiting or retrying (SQS's visible and delayed ones). */
  waiting: number;
  dead: number;
  /** When the oldest waiting message was sent (epoch ms). */
  oldestSentAt?: number;
}

/** A scheduled job's last run. */
export interface JobRun {
  name: string;
  startedAt: number;
  endedAt?: number;
  ok?: boolean;
}

export interface DispatcherOptions {
  /** Where queued messages are kept across restarts (one folder per queue); in memory when absent. */
  dir?: string;
  /** How handler references are loaded; tests pass their own handlers. */
  loadHandler?: (reference: string) => Promise<Handler>;
  /** Told of every invocation (a batch, a job's tick): how long it took and whether it threw, as Lambda counts `Errors`. */
  onInvocation?: (reference: string, ms: number, threw: boolean) => void;
}

const REGION = "local";
const ACCOUNT = "000000000000";
/** Retries back off like a visibility timeout would: 1 s, 2 s, 4 s, ... */
const retryDelayMs = (receiveCount: number) => Math.min(60_000, 1000 * 2 ** (receiveCount - 1));

/**
 * Runs queue workers and scheduled jobs in-process, calling the same handlers the AWS
 * deployment calls, with SQS- and EventBridge-shaped events. With a `dir`, queues are durable
 * as SQS is: a message is on disk before SendMessage answers and is deleted only once its
 * handler succeeded, so after a crash `recover()` hands out again whatever was not.
 */
export class Dispatcher {
  private readonly queues = new Map<
    string,
    {
      definition: QueueDefinition;
      ready: Message[];
      dead: Message[];
      timer?: NodeJS.Timeout;
      pollAt?: number;
      /** Batches being handled now. */
      running: number;
    }
  >();
  private readonly schedules = new Map<string, ScheduleDefinition>();
  private readonly lastRuns = new Map<string, JobRun>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private inFlight = 0;
  private waiters: Array<() => void> = [];
  private stopped = false;
  /** Queues whose messages wait, undelivered, until released (see `hold`). */
  private readonly held = new Set<string>();
  private readonly store: QueueStore;
  private readonly load: (reference: string) => Promise<Handler>;
  private readonly onInvocation: NonNullable<DispatcherOptions["onInvocation"]>;
  /**
   * Runs a function in the async context the dispatcher was made in: a batch is handled apart
   * from whoever sent its message, as a queue's own Lambda invocation is on AWS, so nothing
   * scoped to the sender's call (a cost being measured, say) follows it into the worker.
   */
  private readonly detached = AsyncLocalStorage.snapshot();

  constructor(
    queues: readonly QueueDefinition[],
    schedules: readonly ScheduleDefinition[],
    options: DispatcherOptions = {},
  ) {
    for (const definition of queues) this.queues.set(definition.name, { definition, ready: [], dead: [], running: 0 });
    for (const schedule of schedules) this.schedules.set(schedule.name, schedule);
    this.store = options.dir ? new FileQueueStore(options.dir) : new MemoryQueueStore();
    this.load = options.loadHandler ?? loadHandler;
    this.onInvocation = options.onInvocation ?? (() => {});
  }

  /**
   * Takes back the messages kept from an earlier run — ones never handled, ones whose handler
   * was cut short (they keep their receive count, so a message that kills the process every
   * time still ends in the dead-letter queue) — and the dead letters. Call once, before sends.
   */
  async recover(): Promise<void> {
    for (const [name, state] of this.queues) {
      const [ready, dead] = await Promise.all([this.store.load(name), this.store.load(state.definition.deadLetter)]);
      const known = new Set([...state.ready, ...state.dead].map((m) => m.messageId));
      state.ready.push(...ready.filter((m) => !known.has(m.messageId)));
      state.dead.push(...dead.filter((m) => !known.has(m.messageId)));
      this.retryLater(name);
    }
  }

  has(queue: string) {
    return this.queues.has(queue);
  }

  /**
   * Accepts a message for a queue, as SQS SendMessage does, and delivers it soon after.
   * Resolves once the message is kept: on disk, with a data dir.
   */
  async send(queue: string, body: string, delaySeconds = 0): Promise<{ messageId: string; md5: string }> {
    const state = this.queues.get(queue);
    if (!state) throw new Error(`no queue ${queue}`);
    const now = Date.now();
    // Visible at once, whatever the clock says: a message sent while a test has moved the clock
    // forward must not wait, after the clock is put back, for real time to reach its send time.
    // A delayed one (SQS's DelaySeconds) waits its delay in real time, as a retry's back-off does.
    const delayMs = Math.max(0, delaySeconds) * 1000;
    const visibleAt = delayMs > 0 ? now + delayMs : 0;
    const message: Message = { messageId: crypto.randomUUID(), body, sentAt: now, receiveCount: 0, visibleAt };
    await this.store.put(queue, message, { durable: true });
    state.ready.push(message);
    this.schedulePoll(queue, delayMs);
    return { messageId: message.messageId, md5: createHash("md5").update(body).digest("hex") };
  }

  /**
   * Keeps a queue's messages waiting, undelivered, until `release`: for tests that need work
   * left pending, as it is when consumers fall behind. `idle()` waits for a held queue's
   * messages, so release it first.
   */
  hold(queue: string) {
    if (!this.queues.has(queue)) throw new Error(`no queue ${queue}`);
    this.held.add(queue);
  }

  release(queue: string) {
    this.held.delete(queue);
    this.schedulePoll(queue, 0);
  }

  /**
   * Deletes the messages waiting in a queue (held, or retrying after a back-off) and its dead
   * letters, as SQS's PurgeQueue does to a queue and to its dead-letter queue; batches being
   * handled finish as they would. Tests that share one runtime leave the next file none of theirs.
   */
  async purge(queue: string): Promise<void> {
    const state = this.queues.get(queue);
    if (!state) throw new Error(`no queue ${queue}`);
    const [waiting, dead] = [state.ready.splice(0), state.dead.splice(0)];
    await Promise.all([
      this.keep(queue, waiting, (m) => this.store.remove(queue, m.messageId)),
      this.keep(state.definition.deadLetter, dead, (m) => this.store.remove(state.definition.deadLetter, m.messageId)),
    ]);
  }

  /**
   * Moves every message of a queue's dead-letter queue back to the queue, as SQS's redrive does
   * (docs/operations.md): each is delivered again as a new message, its receive count from zero.
   * Answers how many were moved.
   */
  async redrive(queue: string): Promise<number> {
    const state = this.queues.get(queue);
    if (!state) throw new Error(`no queue ${queue}`);
    const moved = state.dead.splice(0);
    for (const message of moved) {
      message.receiveCount = 0;
      message.visibleAt = 0;
    }
    await this.keep(queue, moved, async (m) => {
      await this.store.put(queue, m, { durable: true });
      await this.store.remove(state.definition.deadLetter, m.messageId);
    });
    state.ready.push(...moved);
    if (moved.length > 0) {
      log.info("dead letters moved back to their queue", {
        queue,
        deadLetter: state.definition.deadLetter,
        moved: moved.length,
      });
      this.schedulePoll(queue, 0);
    }
    return moved.length;
  }

  deadLetters(queue: string): readonly Message[] {
    return this.queues.get(queue)?.dead ?? [];
  }

  jobNames(): string[] {
    return [...this.schedules.keys()];
  }

  /** Each queue's waiting and dead messages, and how old its oldest waiting one is. */
  queueStates(): QueueState[] {
    return [...this.queues.values()].map(({ definition, ready, dead }) => ({
      name: definition.name,
      deadLetter: definition.deadLetter,
      waiting: ready.length,
      dead: dead.length,
      ...(ready.length > 0 ? { oldestSentAt: Math.min(...ready.map((m) => m.sentAt)) } : {}),
    }));
  }

  /** Each job's last run (jobs never run are left out). */
  jobRuns(): JobRun[] {
    return [...this.lastRuns.values()].map((run) => ({ ...run }));
  }

  /**
   * Runs a scheduled job now, with the event its schedule sends on AWS (`{ name }`, as
   * infra/jobs.ts declares it); `extra` adds fields, e.g. the digest job's `now`.
   */
  async runJob(name: string, extra: Record<string, unknown> = {}): Promise<unknown> {
    const schedule = this.schedules.get(name);
    if (!schedule) return undefined;
    // Tracked from the first moment, so `idle()` right after this call waits for the job.
    const run: JobRun = { name, startedAt: Date.now() };
    this.lastRuns.set(name, run);
    return this.track(async () => {
      try {
        const handler = await this.load(schedule.handler);
        const result: unknown = await handler({ ...extra, name }, lambdaContext(name));
        run.ok = true;
        return result;
      } catch (error) {
        run.ok = false;
        throw error;
      } finally {
        run.endedAt = Date.now();
        this.onInvocation(schedule.handler, run.endedAt - run.startedAt, run.ok === false);
      }
    });
  }

  /** Whether nothing is being handled or waiting to be (retries waiting on back-off aside). */
  isIdle(): boolean {
    return this.inFlight === 0 && ![...this.queues.values()].some((q) => q.ready.some((m) => m.receiveCount === 0));
  }

  /** Starts the schedules' timers (`rate(N minutes|hours|days)`). */
  startSchedules(onError: (name: string, error: unknown) => void) {
    for (const schedule of this.schedules.values()) {
      const every = rateMs(schedule.schedule);
      if (!every) continue;
      const timer = setInterval(
        () => void this.runJob(schedule.name).catch((e: unknown) => onError(schedule.name, e)),
        every,
      );
      timer.unref();
      this.timers.add(timer);
    }
  }

  /** Resolves once no message or job is being handled and none is waiting. */
  async idle(): Promise<void> {
    while (!this.isIdle()) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /**
   * Stops polling and the schedules, then waits (up to `graceMs`) for the handlers already running:
   * they write to the database, which closes next. Messages not yet handled, or whose handler is
   * cut short, stay queued for the next start.
   */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    for (const state of this.queues.values()) if (state.timer) clearTimeout(state.timer);
    const deadline = Date.now() + graceMs;
    while (this.inFlight > 0 && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deadline - Date.now());
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  private schedulePoll(queue: string, delayMs: number) {
    const state = this.queues.get(queue)!;
    if (this.stopped) return;
    const at = Date.now() + delayMs;
    // A poll already due sooner covers this one; one due later (a retry's back-off) is brought forward.
    if (state.timer && state.pollAt! <= at) return;
    if (state.timer) clearTimeout(state.timer);
    state.pollAt = at;
    state.timer = setTimeout(() => {
      state.timer = undefined;
      void this.detached(() => this.poll(queue));
    }, delayMs);
  }

  private async poll(queue: string) {
    if (this.held.has(queue)) return; // `release` polls again
    const state = this.queues.get(queue)!;
    const now = Date.now();
    const due = state.ready.filter((m) => m.visibleAt <= now);
    if (due.length === 0) return this.retryLater(queue);
    // A queue with a concurrency takes up to that many batches at once, as Lambda's pollers do
    // (one that ends polls again); one without takes a batch per poll.
    const { concurrency } = state.definition;
    if (concurrency !== undefined && state.running >= concurrency) return;
    const batch = due.slice(0, state.definition.batchSize);
    state.ready = state.ready.filter((m) => !batch.includes(m));
    state.running++;
    if (concurrency !== undefined && due.length > batch.length) this.schedulePoll(queue, 0);

    // Tracked from taking the batch to settling it, so `idle()` never sees the batch in neither place.
    await this.track(async () => {
      try {
        await this.settle(queue, batch);
      } finally {
        state.running--;
      }
    });
    if (state.ready.length) this.retryLater(queue);
  }

  /** Hands a batch to the queue's handler and keeps what became of each message. */
  private async settle(queue: string, batch: Message[]) {
    const state = this.queues.get(queue)!;
    {
      for (const message of batch) {
        message.receiveCount++;
        // Hidden while handled, and for the back-off after it if the process dies meanwhile.
        message.visibleAt = Date.now() + retryDelayMs(message.receiveCount);
      }
      // The receive is recorded before the handler runs, as SQS counts it.
      await this.keep(queue, batch, (m) => this.store.put(queue, m));

      const failed = await this.handle(queue, state.definition.handler, batch);

      await this.keep(
        queue,
        batch.filter((m) => !failed.includes(m)),
        (m) => this.store.remove(queue, m.messageId),
      );
      for (const message of failed) {
        if (message.receiveCount >= state.definition.maxReceiveCount) {
          await this.keep(queue, [message], async (m) => {
            await this.store.put(state.definition.deadLetter, m, { durable: true });
            await this.store.remove(queue, m.messageId);
          });
          state.dead.push(message);
          log.error("a message moved to its dead-letter queue", {
            queue,
            deadLetter: state.definition.deadLetter,
            messageId: message.messageId,
          });
        } else {
          message.visibleAt = Date.now() + retryDelayMs(message.receiveCount);
          await this.keep(queue, [message], (m) => this.store.put(queue, m));
          state.ready.push(message);
        }
      }
    }
  }

  /** Runs the queue's handler on a batch; answers the messages that failed. */
  private async handle(queue: string, reference: string, batch: Message[]): Promise<Message[]> {
    const started = Date.now();
    try {
      const handler = await this.load(reference);
      const response = (await handler(sqsEvent(queue, batch), lambdaContext(queue))) as SQSBatchResponse | undefined;
      this.onInvocation(reference, Date.now() - started, false);
      const ids = new Set((response?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
      return batch.filter((m) => ids.has(m.messageId));
    } catch (error) {
      this.onInvocation(reference, Date.now() - started, true);
      log.error("a queue's handler threw; the whole batch is delivered again", { queue, error });
      return batch;
    }
  }

  /**
   * Writes each message's new state to the store. A write that fails (a full disk) is logged
   * and the message carries on in memory: the worst a restart then does is deliver it again.
   */
  private async keep(queue: string, messages: Message[], write: (message: Message) => Promise<void>) {
    await Promise.all(
      messages.map((m) =>
        write(m).catch((error: unknown) =>
          log.error("could not record a queued message; it carries on in memory", {
            queue,
            messageId: m.messageId,
            error,
          }),
        ),
      ),
    );
  }

  private retryLater(queue: string) {
    const state = this.queues.get(queue)!;
    if (!state.ready.length) return;
    const next = Math.min(...state.ready.map((m) => m.visibleAt));
    this.schedulePoll(queue, Math.max(0, next - Date.now()));
  }

  private async track<T>(work: () => Promise<T>): Promise<T> {
    this.inFlight++;
    try {
      return await work();
    } finally {
      this.inFlight--;
      const waiters = this.waiters;
      this.waiters = [];
      for (const resolve of waiters) resolve();
    }
  }
}

function sqsEvent(queue: string, batch: Message[]): SQSEvent {
  return {
    Records: batch.map((m): SQSRecord => ({
      messageId: m.messageId,
      receiptHandle: `${m.messageId}#${m.receiveCount}`,
      body: m.body,
      attributes: {
        ApproximateReceiveCount: String(m.receiveCount),
        SentTimestamp: String(m.sentAt),
        SenderId: ACCOUNT,
        ApproximateFirstReceiveTimestamp: String(Date.now()),
      },
      messageAttributes: {},
      md5OfBody: createHash("md5").update(m.body).digest("hex"),
      eventSource: "aws:sqs",
      eventSourceARN: `arn:aws:sqs:${REGION}:${ACCOUNT}:${queue}`,
      awsRegion: REGION,
    })),
  };
}

/** Milliseconds between runs for an EventBridge `rate(...)` expression. */
export function rateMs(expression: string): number | undefined {
  const match = /^rate\((\d+)\s+(minute|minutes|hour|hours|day|days)\)$/.exec(expression.trim());
  if (!match) return undefined;
  const unit = match[2]!.startsWith("minute") ? 60_000 : match[2]!.startsWith("hour") ? 3_600_000 : 86_400_000;
  return Number(match[1]) * unit;
}
