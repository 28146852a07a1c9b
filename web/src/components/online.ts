import { useSyncExternalStore } from "react";

/** Why an action that needs the network is unavailable, said beside it. */
export const OFFLINE_REASON = "you are offline: this needs a connection.";

function subscribe(changed: () => void) {
  window.addEventListener("online", changed);
  window.addEventListener("offline", changed);
  return () => {
    window.removeEventListener("online", changed);
    window.removeEventListener("offline", changed);
  };
}

/**
 * Whether the browser says it is online, following its `online`/`offline` events. An action that
 * needs the network is disabled while this is false (with `OFFLINE_REASON`), rather than tried
 * and silently rolled back.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
