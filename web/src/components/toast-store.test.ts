import { describe, expect, it, vi } from "vitest";
import { MAX_TOASTS, TOAST_MS, ToastStore, type Timers } from "./toast-store.ts";

/** Timers the test moves by hand. */
function manualTimers() {
  let now = 0;
  const pending = new Map<number, { at: number; run: () => void }>();
  let next = 1;
  const timers: Timers = {
    set: (run, ms) => {
      const handle = next++;
      pending.set(handle, { at: now + ms, run });
      return handle;
    },
    clear: (handle) => void pending.delete(handle as number),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [handle, timer] of [...pending]) {
      if (timer.at <= now) {
        pending.delete(handle);
        timer.run();
      }
    }
  };
  return { timers, advance, pending: () => pending.size };
}

const messages = (store: ToastStore) => store.list().map((t) => `${t.tone}: ${t.message}`);

describe("toasts", () => {
  it("shows an alert and an info, each for its own time", () => {
    const clock = manualTimers();
    const store = new ToastStore(clock.timers);
    store.alert("failed to remove topic");
    store.info("saved");
    expect(messages(store)).toEqual(["alert: failed to remove topic", "info: saved"]);
    clock.advance(TOAST_MS.info);
    expect(messages(store)).toEqual(["alert: failed to remove topic"]);
    clock.advance(TOAST_MS.alert - TOAST_MS.info);
    expect(messages(store)).toEqual([]);
    expect(clock.pending()).toBe(0);
  });

  it("tells its listeners of every change, with a new list each time", () => {
    const store = new ToastStore(manualTimers().timers);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const before = store.list();
    const id = store.info("one");
    expect(store.list()).not.toBe(before);
    store.dismiss(id);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.info("two");
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("keeps at most a few at once, the oldest giving way, with no timer left behind", () => {
    const clock = manualTimers();
    const store = new ToastStore(clock.timers);
    for (let i = 1; i <= MAX_TOASTS + 2; i++) store.info(`toast ${i}`);
    expect(store.list().map((t) => t.message)).toEqual(Array.from({ length: MAX_TOASTS }, (_, i) => `toast ${i + 3}`));
    expect(clock.pending()).toBe(MAX_TOASTS);
  });
});

describe("undo", () => {
  it("calls the inverse once and takes the toast away", async () => {
    const store = new ToastStore(manualTimers().timers);
    const run = vi.fn(() => Promise.resolve());
    const id = store.undoable("silenced Harbor Ledger", { run, failed: "failed to undo" });
    const first = store.runUndo(id);
    // A second click while the first is on its way finds no toast to undo.
    const second = store.runUndo(id);
    expect(store.list()).toEqual([]);
    await expect(first).resolves.toBe(true);
    await expect(second).resolves.toBe(false);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("says so when the inverse fails", async () => {
    const store = new ToastStore(manualTimers().timers);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const id = store.undoable("removed topic: tides", {
      run: () => Promise.reject(new Error("offline")),
      failed: "failed to add the topic back",
    });
    await expect(store.runUndo(id)).resolves.toBe(false);
    expect(messages(store)).toEqual(["alert: failed to add the topic back"]);
  });

  it("is offered only for a few seconds, after which the change stays", () => {
    const clock = manualTimers();
    const store = new ToastStore(clock.timers);
    const run = vi.fn(() => Promise.resolve());
    const id = store.undoable("unfollowed ada", { run, failed: "x" });
    clock.advance(TOAST_MS.undo);
    expect(store.list()).toEqual([]);
    return expect(store.runUndo(id))
      .resolves.toBe(false)
      .then(() => expect(run).not.toHaveBeenCalled());
  });

  it("stays while held (pointer or focus on it), then gets its full time again", () => {
    const clock = manualTimers();
    const store = new ToastStore(clock.timers);
    const id = store.undoable("unfollowed ada", { run: () => Promise.resolve(), failed: "x" });
    clock.advance(TOAST_MS.undo - 1);
    store.hold(id);
    clock.advance(TOAST_MS.undo * 3);
    expect(store.list().map((t) => t.id)).toEqual([id]);
    store.release(id);
    clock.advance(TOAST_MS.undo - 1);
    expect(store.list()).toHaveLength(1);
    clock.advance(1);
    expect(store.list()).toEqual([]);
  });
});
