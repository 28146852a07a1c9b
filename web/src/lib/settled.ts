/**
 * Work that can wait (the chat socket and inbox, the service worker's registration) starts once
 * the page has settled: loaded, its first data in (no query fetching), the browser idle (the data
 * rendered), and the pictures it asked for at once (not lazily) in. So it never competes with the
 * page's first paint and its largest picture for the network or a phone's main thread.
 */
import { useEffect, useState } from "react";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";

/** Longest the first data is waited for: a page that keeps asking (a poll) still settles. */
const FIRST_DATA_WAIT_MS = 5_000;
/** Longest the page's first pictures are waited for. */
const PICTURES_WAIT_MS = 5_000;
/** Longest the browser's idle moment is waited for. */
const IDLE_WAIT_MS = 2_000;

let settled: Promise<void> | undefined;
let isSettled = false;

/** Resolves once the page has settled (at most once a tab: later calls resolve at once). */
export function whenSettled(queryClient: QueryClient): Promise<void> {
  return (settled ??= loaded()
    .then(() => firstDataIn(queryClient))
    .then(idle)
    .then(eagerPicturesIn)
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

/** The page's pictures that load at once (its largest paint among them), loaded or failed. */
function eagerPicturesIn(): Promise<void> {
  const pending = [...document.images].filter((image) => !image.complete && image.loading !== "lazy");
  const each = pending.map(
    (image) =>
      new Promise<void>((resolve) => {
        image.addEventListener("load", () => resolve(), { once: true });
        image.addEventListener("error", () => resolve(), { once: true });
      }),
  );
  const longest = new Promise<void>((resolve) => setTimeout(resolve, PICTURES_WAIT_MS));
  return Promise.race([Promise.all(each).then(() => undefined), longest]);
}

function idle(): Promise<void> {
  return new Promise((resolve) => {
    if ("requestIdleCallback" in window) window.requestIdleCallback(() => resolve(), { timeout: IDLE_WAIT_MS });
    else setTimeout(resolve, 0);
  });
}
