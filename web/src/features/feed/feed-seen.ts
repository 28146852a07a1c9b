/** Collects article ids as they are seen and reports them in batches once new ones stop arriving. */
import { MAX_SEEN_PER_CALL } from "@graph/core/modules/feed/rules";

export const SEEN_DEBOUNCE_MS = 2000;
export const SEEN_VISIBILITY = 0.5;

export interface SeenBatcherOptions {
  /** Sends one batch; failures are the sender's to log, the ids are not offered again. */
  send: (articleIds: string[]) => unknown;
  delayMs?: number;
  batchMax?: number;
}

export class SeenBatcher {
  private readonly send: (articleIds: string[]) => unknown;
  private readonly delayMs: number;
  private readonly batchMax: number;
  /** Every id ever queued; an id is reported at most once in the batcher's life. */
  private readonly known = new Set<string>();
  private pending: string[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor({ send, delayMs = SEEN_DEBOUNCE_MS, batchMax = MAX_SEEN_PER_CALL }: SeenBatcherOptions) {
    this.send = send;
    this.delayMs = delayMs;
    this.batchMax = batchMax;
  }

  /** Queues an id (ignored if already queued or sent) and restarts the quiet period. */
  add(articleId: string): void {
    if (articleId === "" || this.known.has(articleId)) return;
    this.known.add(articleId);
    this.pending.push(articleId);
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), this.delayMs);
  }

  /** Sends whatever is queued now, in calls of at most `batchMax` ids. */
  flush(): void {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const ids = this.pending;
    this.pending = [];
    for (let i = 0; i < ids.length; i += this.batchMax) this.send(ids.slice(i, i + this.batchMax));
  }

  /** Ids waiting for the quiet period to end. */
  get pendingCount(): number {
    return this.pending.length;
  }

  hasSeen(articleId: string): boolean {
    return this.known.has(articleId);
  }
}
