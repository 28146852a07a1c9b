/**
 * The page's toasts, without React: what is shown, for how long, and what "undo" does. A toast
 * either tells (an `info`), alerts (a failure or a limit: shown in a `role="alert"`), or offers to
 * undo what was just done. Undo calls the inverse on the server; a failed undo says so.
 */

export type ToastTone = "info" | "alert";

export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
  /** Offered for a few seconds after a change that can be taken back. */
  undo?: { run: () => Promise<unknown>; failed: string };
}

/** How long a toast stays: long enough to read a sentence and reach "undo". */
export const TOAST_MS = { info: 5_000, alert: 8_000, undo: 8_000 } as const;

/** At most this many at once: the oldest gives way. */
export const MAX_TOASTS = 3;

const durationOf = (toast: Omit<Toast, "id">) => (toast.undo ? TOAST_MS.undo : TOAST_MS[toast.tone]);

export interface Timers {
  set: (run: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

const browserTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class ToastStore {
  private toasts: Toast[] = [];
  private readonly timers = new Map<number, unknown>();
  private readonly listeners = new Set<() => void>();
  private nextId = 1;

  constructor(private readonly clock: Timers = browserTimers) {}

  /** The toasts shown now, oldest first (a new array after every change, for React). */
  readonly list = (): readonly Toast[] => this.toasts;

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** Tells something that went right (or needs no answer). */
  readonly info = (message: string) => this.show({ message, tone: "info" });

  /** Says a failure or a limit, in words the person can act on. */
  readonly alert = (message: string) => this.show({ message, tone: "alert" });

  /**
   * Says what was just done and offers to take it back: `run` calls the server's inverse, and
   * `failed` is said when it does not succeed.
   */
  readonly undoable = (message: string, undo: { run: () => Promise<unknown>; failed: string }) =>
    this.show({ message, tone: "info", undo });

  /**
   * Keeps a toast while the pointer or the keyboard focus is on it (a person reaching for
   * "undo" does not lose it on the way); `release` gives it its full time again.
   */
  readonly hold = (id: number) => this.stopTimer(id);

  readonly release = (id: number) => {
    const toast = this.toasts.find((t) => t.id === id);
    if (toast && !this.timers.has(id)) this.startTimer(id, toast);
  };

  readonly dismiss = (id: number) => {
    this.stopTimer(id);
    const left = this.toasts.filter((t) => t.id !== id);
    if (left.length === this.toasts.length) return;
    this.toasts = left;
    this.emit();
  };

  /**
   * Undoes what the toast offered to: the toast goes at once (a second click cannot undo twice),
   * the inverse is called, and a failure is alerted. Resolves true when it was undone.
   */
  readonly runUndo = async (id: number): Promise<boolean> => {
    const toast = this.toasts.find((t) => t.id === id);
    if (!toast?.undo) return false;
    this.dismiss(id);
    try {
      await toast.undo.run();
      return true;
    } catch (error) {
      console.error("undo failed", error);
      this.alert(toast.undo.failed);
      return false;
    }
  };

  private show(toast: Omit<Toast, "id">): number {
    const id = this.nextId++;
    const shown = [...this.toasts, { ...toast, id }];
    for (const old of shown.slice(0, Math.max(0, shown.length - MAX_TOASTS))) this.stopTimer(old.id);
    this.toasts = shown.slice(-MAX_TOASTS);
    this.startTimer(id, toast);
    this.emit();
    return id;
  }

  /** Dismisses the toast once its time is up. */
  private startTimer(id: number, toast: Omit<Toast, "id">) {
    this.timers.set(
      id,
      this.clock.set(() => this.dismiss(id), durationOf(toast)),
    );
  }

  private stopTimer(id: number) {
    const handle = this.timers.get(id);
    if (handle !== undefined) this.clock.clear(handle);
    this.timers.delete(id);
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }
}
