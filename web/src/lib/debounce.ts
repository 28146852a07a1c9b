/** Debouncing: a value (a search field's term, a batch of changes) settles once it has stopped changing for a while. */

export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

/** The browser's own timers (tests pass their own). */
export const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export interface Debouncer<T> {
  /** Offers a value: it settles after `delayMs` unless another comes first. */
  push(value: T, delayMs: number): void;
  /** Settles a value at once, dropping any waiting one. */
  settle(value: T): void;
  /** Drops any waiting value. */
  cancel(): void;
  /** Whether a value is waiting to settle. */
  readonly pending: boolean;
  /** The last value that settled. */
  readonly current: T;
}

/**
 * Calls `onSettle` with the last value pushed once `delayMs` has passed without another push.
 * A pushed value equal to the settled one (Object.is) settles nothing and drops any waiting value,
 * so going back to what is already shown never waits.
 */
export function createDebouncer<T>(
  initial: T,
  onSettle: (value: T) => void,
  timers: Timers = realTimers,
): Debouncer<T> {
  let current = initial;
  let handle: unknown = null;

  const cancel = () => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = null;
  };
  const settle = (value: T) => {
    cancel();
    if (Object.is(value, current)) return;
    current = value;
    onSettle(value);
  };

  return {
    push(value, delayMs) {
      cancel();
      if (Object.is(value, current)) return;
      if (delayMs <= 0) {
        settle(value);
        return;
      }
      handle = timers.setTimeout(() => {
        handle = null;
        settle(value);
      }, delayMs);
    },
    settle,
    cancel,
    get pending() {
      return handle !== null;
    },
    get current() {
      return current;
    },
  };
}

/**
 * How long a field's text waits before it becomes the search: nothing to send clears at once,
 * anything else waits `delayMs`.
 */
export function settleDelay(term: string | null, delayMs: number): number {
  return term === null ? 0 : delayMs;
}
