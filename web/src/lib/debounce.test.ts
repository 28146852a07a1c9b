import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDebouncer, settleDelay } from "./debounce.ts";
import { DEBOUNCE_MS } from "@graph/core/modules/search/rules";

describe("createDebouncer", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("settles the last value once the delay passes without another", () => {
    const settled: string[] = [];
    const d = createDebouncer<string>("", (v: string) => settled.push(v));
    d.push("r", 300);
    vi.advanceTimersByTime(100);
    d.push("ru", 300);
    vi.advanceTimersByTime(100);
    d.push("rus", 300);
    vi.advanceTimersByTime(299);
    expect(settled).toEqual([]);
    expect(d.pending).toBe(true);
    vi.advanceTimersByTime(1);
    expect(settled).toEqual(["rus"]);
    expect(d.pending).toBe(false);
    expect(d.current).toBe("rus");
  });

  it("waits the people delay when asked", () => {
    const onSettle = vi.fn();
    const d = createDebouncer<string>("", onSettle);
    d.push("ada", DEBOUNCE_MS.users);
    vi.advanceTimersByTime(DEBOUNCE_MS.users - 1);
    expect(onSettle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onSettle).toHaveBeenCalledWith("ada");
  });

  it("drops the waiting value when the field goes back to what is shown", () => {
    const onSettle = vi.fn();
    const d = createDebouncer<string>("rust", onSettle);
    d.push("rusty", 300);
    d.push("rust", 300);
    expect(d.pending).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(onSettle).not.toHaveBeenCalled();
  });

  it("settles at once on request, dropping what waits", () => {
    const settled: string[] = [];
    const d = createDebouncer<string>("", (v: string) => settled.push(v));
    d.push("typed", 300);
    d.settle("Quantum Computing");
    vi.advanceTimersByTime(1000);
    expect(settled).toEqual(["Quantum Computing"]);
    d.settle("Quantum Computing");
    expect(settled).toHaveLength(1);
  });

  it("settles at once with no delay", () => {
    const onSettle = vi.fn();
    const d = createDebouncer<string | null>("rust", onSettle);
    d.push(null, 0);
    expect(onSettle).toHaveBeenCalledWith(null);
  });

  it("forgets the waiting value when cancelled", () => {
    const onSettle = vi.fn();
    const d = createDebouncer<string>("", onSettle);
    d.push("rust", 300);
    d.cancel();
    vi.advanceTimersByTime(1000);
    expect(onSettle).not.toHaveBeenCalled();
    d.push("go", 300);
    vi.advanceTimersByTime(300);
    expect(onSettle).toHaveBeenCalledWith("go");
  });

  it("uses the timers it is given", () => {
    const calls: Array<() => void> = [];
    const d = createDebouncer<string>("", vi.fn(), {
      setTimeout: (fn) => calls.push(fn),
      clearTimeout: () => {},
    });
    d.push("x", 50);
    expect(calls).toHaveLength(1);
  });
});

describe("settleDelay", () => {
  it("clears at once when there is nothing to send", () => {
    expect(settleDelay(null, 300)).toBe(0);
  });

  it("waits the delay for a search", () => {
    expect(settleDelay("rust", 300)).toBe(300);
    expect(settleDelay("ada", 200)).toBe(200);
  });
});
