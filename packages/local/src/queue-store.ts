import { randomUUID } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { log } from "@graph/core/lib/observability";

/** A message as a local queue keeps it, from SendMessage until it is deleted or dead-lettered. */
export interface QueuedMessage {
  messageId: string;
  body: string;
  /** When it was sent (epoch ms): SQS's SentTimestamp. */
  sentAt: number;
  /** How many times it was handed to the worker: SQS's ApproximateReceiveCount. */
  receiveCount: number;
  /** Not handed out again before this (epoch ms): the back-off after a failed or interrupted receive. */
  visibleAt: number;
}

/**
 * Where a queue's messages live between SendMessage and their deletion. The dispatcher writes
 * through it at every change of a message's state, so a restart picks up exactly what was not
 * acknowledged.
 */
export interface QueueStore {
  /** Every message kept for `queue`, oldest first. */
  load(queue: string): Promise<QueuedMessage[]>;
  /** Keeps `message` (new, or with a new receive count). `durable`: flushed to disk before it resolves. */
  put(queue: string, message: QueuedMessage, options?: { durable?: boolean }): Promise<void>;
  /** Forgets a message: the worker handled it (SQS DeleteMessage). */
  remove(queue: string, messageId: string): Promise<void>;
}

/** No persistence: the queue's own memory is the store (tests, and runtimes without a data dir). */
export class MemoryQueueStore implements QueueStore {
  async load(): Promise<QueuedMessage[]> {
    return [];
  }
  async put(): Promise<void> {}
  async remove(): Promise<void> {}
}

/**
 * One folder per queue under `dir`, one JSON file per message, named by its id. A file is
 * written beside its final name and renamed into place, so it is either the old or the new
 * state, never half of one. A new message is also fsync'd before SendMessage answers: the
 * sender was told it is queued. Later updates (receive counts) are only renamed into place,
 * which a killed process cannot tear; only a crash of the machine could lose one, and then
 * the message is still there, one receive short.
 */
export class FileQueueStore implements QueueStore {
  private readonly made = new Set<string>();

  constructor(private readonly dir: string) {}

  async load(queue: string): Promise<QueuedMessage[]> {
    const folder = join(this.dir, queue);
    let names: string[];
    try {
      names = await readdir(folder);
    } catch {
      return [];
    }
    const messages: QueuedMessage[] = [];
    for (const name of names) {
      const file = join(folder, name);
      if (name.endsWith(".tmp")) {
        // A write that never finished: its SendMessage never answered, or its update was superseded.
        await rm(file, { force: true });
        continue;
      }
      if (!name.endsWith(".json")) continue;
      try {
        messages.push(parseMessage(await readFile(file, "utf8"), name.slice(0, -".json".length)));
      } catch (error) {
        // Skipped, not fatal; kept aside under another name for whoever wants to look at it.
        log.warn("skipping an unreadable queued message; kept aside as .corrupt", { queue, file, error });
        await rename(file, `${file}.corrupt`).catch(() => undefined);
      }
    }
    return messages.sort((a, b) => a.sentAt - b.sentAt);
  }

  async put(queue: string, message: QueuedMessage, options: { durable?: boolean } = {}): Promise<void> {
    const folder = join(this.dir, queue);
    if (!this.made.has(folder)) {
      await mkdir(folder, { recursive: true });
      this.made.add(folder);
    }
    const file = join(folder, `${safeId(message.messageId)}.json`);
    const temp = join(folder, `.${message.messageId}.${randomUUID()}.tmp`);
    const handle = await open(temp, "w");
    try {
      await handle.writeFile(JSON.stringify(message));
      if (options.durable) await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  }

  async remove(queue: string, messageId: string): Promise<void> {
    await rm(join(this.dir, queue, `${safeId(messageId)}.json`), { force: true });
  }
}

/** Message ids name files: only ever the UUIDs the dispatcher makes. */
function safeId(messageId: string): string {
  if (!/^[A-Za-z0-9-]{1,80}$/.test(messageId)) throw new Error(`not a message id: ${messageId}`);
  return messageId;
}

function parseMessage(text: string, idFromName: string): QueuedMessage {
  const value = JSON.parse(text) as Partial<QueuedMessage> | null;
  if (
    !value ||
    typeof value !== "object" ||
    value.messageId !== idFromName ||
    typeof value.body !== "string" ||
    !Number.isFinite(value.sentAt) ||
    !Number.isInteger(value.receiveCount) ||
    value.receiveCount! < 0 ||
    !Number.isFinite(value.visibleAt)
  ) {
    throw new Error("not a queued message");
  }
  return {
    messageId: value.messageId,
    body: value.body,
    sentAt: value.sentAt!,
    receiveCount: value.receiveCount!,
    visibleAt: value.visibleAt!,
  };
}
