/**
 * Registers the service worker (features/offline/sw.ts, built to /sw.js) with workbox-window,
 * once a page load, when the page has settled (lib/settled.ts), and, when a new version of graph
 * has been downloaded and waits, offers it: the new version takes over only when the person
 * presses "update" (the page then reloads into it), never under them mid-read. The dev server (`npm run dev`) has no worker.
 */
import { useEffect, useState } from "react";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import type { Workbox } from "workbox-window";
import { whenSettled } from "../../lib/settled.ts";
import "./offline.css";

let workbox: Workbox | undefined;
let registering = false;
let waiting = false;
const listeners = new Set<() => void>();

function register(queryClient: QueryClient): void {
  if (registering || !import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  registering = true;
  // Registered once the page has settled, so installing (and precaching the app) never competes
  // with its first paint; workbox-window is fetched then too, not with the app's first script.
  void whenSettled(queryClient)
    .then(() => import("workbox-window"))
    .then(({ Workbox }) => {
      workbox = new Workbox("/sw.js", { scope: "/", type: "classic" });
      workbox.addEventListener("waiting", () => {
        waiting = true;
        listeners.forEach((changed) => changed());
      });
      return workbox.register({ immediate: true });
    })
    .catch(() => {
      // No worker (a private window, storage turned off): graph works as before, only not offline.
    });
}

export function UpdatePrompt() {
  const [offered, setOffered] = useState(waiting);
  const queryClient = useQueryClient();

  useEffect(() => {
    const changed = () => setOffered(waiting);
    listeners.add(changed);
    register(queryClient);
    return () => void listeners.delete(changed);
  }, [queryClient]);

  const update = () => {
    if (!workbox) return;
    workbox.addEventListener("controlling", () => window.location.reload());
    workbox.messageSkipWaiting();
  };

  return (
    <div role="status" className="update-prompt-region">
      {offered && (
        <div className="update-prompt" data-testid="update-prompt">
          <p className="update-prompt__text">a new version of graph is ready.</p>
          <button type="button" className="button" data-testid="update-prompt-update" onClick={update}>
            update
          </button>
          <button
            type="button"
            className="button button--outline"
            data-testid="update-prompt-later"
            onClick={() => setOffered(false)}
          >
            later
          </button>
        </div>
      )}
    </div>
  );
}
