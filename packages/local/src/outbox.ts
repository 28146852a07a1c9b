import { appendFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Headers the message carried besides the usual ones (e.g. `List-Unsubscribe`). */
  headers: Record<string, string>;
  sentAt: string;
}

/** Every e-mail the local runtime "sent", kept in order (and on disk when there is a data dir). */
export class Outbox {
  private messages: OutboxMessage[] = [];
  /** Who waits for a message to arrive (`waitFor`), each with what it waits for. */
  private readonly waiting = new Set<{ match: (m: OutboxMessage) => boolean; arrived: (m: OutboxMessage) => void }>();
  private constructor(private readonly file: string | undefined) {}

  static async open(file: string | undefined): Promise<Outbox> {
    const outbox = new Outbox(file);
    if (file) {
      await mkdir(dirname(file), { recursive: true });
      const text = await readFile(file, "utf8").catch(() => "");
      for (const line of text.split("\n")) {
        try {
          if (line.trim())
            outbox.messages.push({ headers: {}, ...(JSON.parse(line) as Omit<OutboxMessage, "headers">) });
        } catch {
          // A torn last line from a crash is skipped, not fatal.
        }
      }
    }
    return outbox;
  }

  async add(message: Omit<OutboxMessage, "sentAt">): Promise<OutboxMessage> {
    const stored = { ...message, sentAt: new Date().toISOString() };
    this.messages.push(stored);
    if (this.file) await appendFile(this.file, JSON.stringify(stored) + "\n");
    for (const waiter of this.waiting) if (waiter.match(stored)) waiter.arrived(stored);
    return stored;
  }

  /** Empties the outbox: tests that share one runtime give each file an outbox of its own. */
  async clear(): Promise<void> {
    this.messages = [];
    if (this.file) await writeFile(this.file, "");
  }

  /**
   * The newest message `match` accepts: one sent already, or the next to arrive. Rejects after
   * `timeoutMs` without one, so a caller is told rather than kept waiting for mail never sent.
   */
  waitFor(match: (m: OutboxMessage) => boolean, timeoutMs: number): Promise<OutboxMessage> {
    const sent = this.list().find(match);
    if (sent) return Promise.resolve(sent);
    return new Promise((resolve, reject) => {
      const waiter = {
        match,
        arrived: (m: OutboxMessage) => {
          this.waiting.delete(waiter);
          clearTimeout(timer);
          resolve(m);
        },
      };
      const timer = setTimeout(() => {
        this.waiting.delete(waiter);
        reject(new Error(`no matching e-mail in the outbox after ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting.add(waiter);
    });
  }

  /** Newest first. */
  list(): OutboxMessage[] {
    return [...this.messages].reverse();
  }
}
