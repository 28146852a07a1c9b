/**
 * A least-recently-used cache bounded by the total size of what it holds, so a search function
 * keeps as many segments as its memory allows and fetches the others when it needs them.
 */
export class SizedLru<V> {
  private readonly entries = new Map<string, { value: V; size: number }>();
  private total = 0;
  loads = 0;
  hits = 0;
  evictions = 0;

  constructor(public maxSize: number) {}

  get size(): number {
    return this.total;
  }

  get count(): number {
    return this.entries.size;
  }

  keys(): string[] {
    return [...this.entries.keys()];
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.hits++;
    // Map keeps insertion order: re-inserting makes this the most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` unless it alone is larger than the bound (then it is used once, not kept). */
  set(key: string, value: V, size: number): void {
    this.loads++;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.total -= previous.size;
    }
    if (size > this.maxSize) return;
    this.entries.set(key, { value, size });
    this.total += size;
    this.shrink();
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.size;
  }

  /** Evicts the least recently used entries until the total fits the bound. */
  shrink(): void {
    for (const [key, entry] of this.entries) {
      if (this.total <= this.maxSize) break;
      this.entries.delete(key);
      this.total -= entry.size;
      this.evictions++;
    }
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }
}
