import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEBOUNCE_MS } from "@graph/core/modules/search/rules";
import { createDebouncer } from "../../lib/debounce.ts";
import { searchTerm } from "./find.ts";

/** What the search box sends as the person types: its terms through the shared debouncer. */
describe("typing a search", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  it("sends once for a burst of typing", () => {
    const onSettle = vi.fn();
    const d = createDebouncer<string | null>(null, onSettle);
    for (const text of ["q", "qu", "qua", "quan", "quant", "quantum"]) {
      d.push(searchTerm(text), DEBOUNCE_MS.posts);
      vi.advanceTimersByTime(120);
    }
    vi.advanceTimersByTime(DEBOUNCE_MS.posts);
    expect(onSettle).toHaveBeenCalledTimes(1);
    expect(onSettle).toHaveBeenCalledWith("quantum");
  });
});
