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
    return stored;
  }

  /** Empties the outbox: tests that share one runtime give each file an outbox of its own. */
  async clear(): Promise<void> {
    this.messages = [];
    if (this.file) await writeFile(this.file, "");
  }

  /** Newest first. */
  list(): OutboxMessage[] {
    return [...this.messages].reverse();
  }
}
