import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from "react";
import { ToastStore, type Toast } from "./toast-store.ts";
import "./toasts.css";

const ToastContext = createContext<ToastStore | null>(null);

/** Holds the page's toasts (the shell places it once, around every page). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => new ToastStore());
  return (
    <ToastContext.Provider value={store}>
      {children}
      <ToastRegion store={store} />
    </ToastContext.Provider>
  );
}

/**
 * Says something in a toast: `alert` for a failure or a limit (announced at once, `role="alert"`),
 * `info` for news, `undoable` for a change that can be taken back for a few seconds.
 */
export function useToast(): Pick<ToastStore, "alert" | "info" | "undoable"> {
  const store = useContext(ToastContext);
  if (!store) throw new Error("useToast needs a ToastProvider");
  return store;
}

function ToastRegion({ store }: { store: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.list, store.list);
  // News goes in a polite region that is always present (so a screen reader hears what is added
  // to it); an alert is announced at once by its own role as it appears, outside that region.
  const info = toasts.filter((t) => t.tone === "info");
  const alerts = toasts.filter((t) => t.tone === "alert");
  return (
    <div className="toasts" data-testid="toasts">
      <div className="toasts__stack">
        <ul className="toasts__list" aria-label="alerts">
          {alerts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} store={store} />
          ))}
        </ul>
        <div role="status" aria-live="polite">
          <ul className="toasts__list" aria-label="notifications">
            {info.map((toast) => (
              <ToastItem key={toast.id} toast={toast} store={store} />
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}

function ToastItem({ toast, store }: { toast: Toast; store: ToastStore }) {
  return (
    <li
      className={`toast toast--${toast.tone}`}
      data-testid="toast"
      data-tone={toast.tone}
      onPointerEnter={() => store.hold(toast.id)}
      onPointerLeave={() => store.release(toast.id)}
      onFocus={() => store.hold(toast.id)}
      onBlur={() => store.release(toast.id)}
    >
      <p
        className="toast__message"
        role={toast.tone === "alert" ? "alert" : undefined}
        data-alerted={toast.tone === "alert" ? "" : undefined}
      >
        {toast.message}
      </p>
      {toast.undo && (
        <button
          type="button"
          className="toast__undo"
          data-testid="toast-undo"
          onClick={() => void store.runUndo(toast.id)}
        >
          undo
        </button>
      )}
      <button
        type="button"
        className="toast__close"
        aria-label="dismiss"
        data-testid="toast-dismiss"
        onClick={() => store.dismiss(toast.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
