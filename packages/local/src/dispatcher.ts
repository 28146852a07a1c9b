import { createHash } from "node:crypto";
import type { SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";
import { lambdaContext, loadHandler } from "./handlers.ts";

export interface QueueDefinition {
  name: string;
  handler: string;
  deadLetter: string;
  maxReceiveCount: number;
  batchSize: number;
}

export interface ScheduleDefinition {
  name: string;
  schedule: string;
  handler: string;
}

interface Message {
  messageId: string;
  body: string;
  sentAt: number;
  receiveCount: number;
}

const REGION = "local";
const ACCOUNT = "000000000000";
/** Retries back off like a visibility timeout would: 1 s, 2 s, 4 s, ... */
const retryDelayMs = (receiveCount: number) => Math.min(60_000, 1000 * 2 ** (receiveCount - 1));

/**
 * Runs queue workers and scheduled jobs in-process, calling the same handlers the AWS
 * deployment calls, with SQS- and EventBridge-shaped events.
 */
export class Dispatcher {
  private readonly queues = new Map<
    string,
    { definition: QueueDefinition; ready: Message[]; dead: Message[]; timer?: NodeJS.Timeout }
  >();
  private readonly schedules = new Map<string, ScheduleDefinition>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private inFlight = 0;
  private waiters: Array<() => void> = [];
  private stopped = false;

  constructor(queues: readonly QueueDefinition[], schedules: readonly ScheduleDefinition[]) {
    for (const definition of queues) this.queues.set(definition.name, { definition, ready: [], dead: [] });
    for (const schedule of schedules) this.schedules.set(schedule.name, schedule);
  }

  has(queue: string) {
    return this.queues.has(queue);
  }

  /** Accepts a message for a queue, as SQS SendMessage does, and delivers it soon after. */
  send(queue: string, body: string): { messageId: string; md5: string } {
    const state = this.queues.get(queue);
    if (!state) throw new Error(`no queue ${queue}`);
    const message = { messageId: crypto.randomUUID(), body, sentAt: Date.now(), receiveCount: 0 };
    state.ready.push(message);
    this.schedulePoll(queue, 0);
    return { messageId: message.messageId, md5: createHash("md5").update(body).digest("hex") };
  }

  deadLetters(queue: string): readonly Message[] {
    return this.queues.get(queue)?.dead ?? [];
  }

  jobNames(): string[] {
    return [...this.schedules.keys()];
  }

  /** Runs a scheduled job now, with the event EventBridge would send. */
  async runJob(name: string): Promise<unknown> {
    const schedule = this.schedules.get(name);
    if (!schedule) return undefined;
    // Tracked from the first moment, so `idle()` right after this call waits for the job.
    return this.track(async () => {
      const handler = await loadHandler(schedule.handler);
      return handler(
        {
          version: "0",
          id: crypto.randomUUID(),
          "detail-type": "Scheduled Event",
          source: "aws.events",
          account: ACCOUNT,
          time: new Date().toISOString(),
          region: REGION,
          resources: [`arn:aws:events:${REGION}:${ACCOUNT}:rule/${name}`],
          detail: {},
        },
        lambdaContext(name),
      );
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
        () => this.runJob(schedule.name).catch((e: unknown) => onError(schedule.name, e)),
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

  stop() {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    for (const state of this.queues.values()) if (state.timer) clearTimeout(state.timer);
  }

  private schedulePoll(queue: string, delayMs: number) {
    const state = this.queues.get(queue)!;
    if (state.timer || this.stopped) return;
    state.timer = setTimeout(() => {
      state.timer = undefined;
      void this.poll(queue);
    }, delayMs);
  }

  private async poll(queue: string) {
    const state = this.queues.get(queue)!;
    const now = Date.now();
    const due = state.ready.filter((m) => m.receiveCount === 0 || m.sentAt <= now);
    if (due.length === 0) return this.retryLater(queue);
    const batch = due.slice(0, state.definition.batchSize);
    state.ready = state.ready.filter((m) => !batch.includes(m));
    for (const message of batch) message.receiveCount++;

    const failed = await this.track(async () => {
      try {
        const handler = await loadHandler(state.definition.handler);
        const response = (await handler(sqsEvent(queue, batch), lambdaContext(queue))) as SQSBatchResponse | undefined;
        const ids = new Set((response?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
        return batch.filter((m) => ids.has(m.messageId));
      } catch (error) {
        console.error(`[queue ${queue}] handler failed; the whole batch will be retried`, error);
        return batch;
      }
    });

    for (const message of failed) {
      if (message.receiveCount >= state.definition.maxReceiveCount) {
        state.dead.push(message);
        console.error(`[queue ${queue}] message ${message.messageId} moved to ${state.definition.deadLetter}`);
      } else {
        message.sentAt = Date.now() + retryDelayMs(message.receiveCount);
        state.ready.push(message);
      }
    }
    if (state.ready.length) this.retryLater(queue);
  }

  private retryLater(queue: string) {
    const state = this.queues.get(queue)!;
    if (!state.ready.length) return;
    const next = Math.min(...state.ready.map((m) => (m.receiveCount === 0 ? 0 : m.sentAt)));
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
