import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SEEN_DEBOUNCE_MS, SeenBatcher } from "./feed-seen.ts";

describe("SeenBatcher", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends nothing until 2000 ms pass without a new id, then sends all of them in one call", () => {
    const send = vi.fn();
    const batcher = new SeenBatcher({ send });
    batcher.add("a");
    vi.advanceTimersByTime(1500);
    batcher.add("b");
    vi.advanceTimersByTime(1999);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith(["a", "b"]);
    expect(SEEN_DEBOUNCE_MS).toBe(2000);
  });

  it("never reports the same id twice, whether still queued or already sent", () => {
    const send = vi.fn();
    const batcher = new SeenBatcher({ send });
    batcher.add("a");
    batcher.add("a");
    vi.advanceTimersByTime(2000);
    batcher.add("a");
    batcher.add("b");
    vi.advanceTimersByTime(2000);
    expect(send.mock.calls).toEqual([[["a"]], [["b"]]]);
    expect(batcher.hasSeen("a")).toBe(true);
  });

  it("does not start a new quiet period for an id it already knows", () => {
    const send = vi.fn();
    const batcher = new SeenBatcher({ send });
    batcher.add("a");
    vi.advanceTimersByTime(1500);
    batcher.add("a");
    vi.advanceTimersByTime(500);
    expect(send).toHaveBeenCalledWith(["a"]);
  });

  it("splits a large batch into calls of at most 100 ids", () => {
    const send = vi.fn();
    const batcher = new SeenBatcher({ send });
    for (let i = 0; i < 250; i++) batcher.add(`id-${i}`);
    vi.advanceTimersByTime(2000);
    expect(send.mock.calls.map(([ids]) => (ids as string[]).length)).toEqual([100, 100, 50]);
  });

  it("flushes at once on demand and then has nothing pending", () => {
    const send = vi.fn();
    const batcher = new SeenBatcher({ send, delayMs: 10_000 });
    batcher.add("a");
    expect(batcher.pendingCount).toBe(1);
    batcher.flush();
    expect(send).toHaveBeenCalledWith(["a"]);
    expect(batcher.pendingCount).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(send).toHaveBeenCalledTimes(1);
    batcher.flush();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("ignores empty ids", () => {
    const send = vi.fn();
    const batcher = new SeenBatcher({ send });
    batcher.add("");
    vi.advanceTimersByTime(2000);
    expect(send).not.toHaveBeenCalled();
  });
});
