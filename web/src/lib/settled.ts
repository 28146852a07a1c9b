/**
 * Work that can wait (the chat socket and inbox, the service worker's registration) starts once
 * the page has settled: loaded, its first data in (no query fetching), and the browser idle. So
 * it never competes with the page's first paint and its largest picture for the network or a
 * phone's main thread.
 */
import { useEffect, useState } from "react";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";

/** Longest the first data is waited for: a page that keeps asking (a poll) still settles. */
const FIRST_DATA_WAIT_MS = 5_000;
/** Longest the browser's idle moment is waited for. */
const IDLE_WAIT_MS = 2_000;

let settled: Promise<void> | undefined;
let isSettled = false;

/** Resolves once the page has settled (at most once a tab: later calls resolve at once). */
export function whenSettled(queryClient: QueryClient): Promise<void> {
  return (settled ??= loaded()
    .then(() => firstDataIn(queryClient))
    .then(idle)
    .then(() => {
      isSettled = true;
    }));
}

/** Whether the page has settled: false on the first render of a tab, true from then on. */
export function useSettled(): boolean {
  const queryClient = useQueryClient();
  const [done, setDone] = useState(isSettled);
  useEffect(() => {
    if (done) return;
    let mounted = true;
    void whenSettled(queryClient).then(() => {
      if (mounted) setDone(true);
    });
    return () => {
      mounted = false;
    };
  }, [done, queryClient]);
  return done;
}

function loaded(): Promise<void> {
  if (document.readyState === "complete") return Promise.resolve();
  return new Promise((resolve) => window.addEventListener("load", () => resolve(), { once: true }));
}

function firstDataIn(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    const cache = queryClient.getQueryCache();
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      unsubscribe();
      clearTimeout(timer);
      resolve();
    };
    const unsubscribe = cache.subscribe(() => {
      if (queryClient.isFetching() === 0) finish();
    });
    const timer = setTimeout(finish, FIRST_DATA_WAIT_MS);
    if (queryClient.isFetching() === 0) finish();
  });
}

function idle(): Promise<void> {
  return new Promise((resolve) => {
    if ("requestIdleCallback" in window) window.requestIdleCallback(() => resolve(), { timeout: IDLE_WAIT_MS });
    else setTimeout(resolve, 0);
  });
}
