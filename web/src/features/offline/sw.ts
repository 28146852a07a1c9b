/// <reference lib="webworker" />
/**
 * graph's service worker (built by vite-plugin-pwa's injectManifest into /sw.js). It precaches
 * the app shell, so every page opens offline, and keeps the signed-in person's last feed
 * session, the articles they opened in the reader view and the pictures they saw, in one cache
 * named after them (lib/offline-cache.ts has the rules). Everything else goes to the network
 * untouched. A new version waits until the person accepts the page's "update" prompt.
 */
import { clientsClaim, type WorkboxPlugin } from "workbox-core";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import {
  KEPT_AT_MOST,
  type Kept,
  beyondLimit,
  cacheKey,
  forwardConditional,
  isPersonCache,
  keptKind,
  personCacheName,
  sessionAnswer,
} from "../../lib/offline-cache.ts";

declare let self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Client-side routes open from the precached index.html, as the runtime answers them (a path
// without a file extension); the API, pictures, dev pages, the socket and files are not pages.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL("/index.html"), {
    denylist: [/^\/(api|media|dev|ws)(\/|$)/, /^[^?]*\/[^/?]+\.[^/?]+(\?|$)/],
  }),
);

// The page's "update" button: the waiting version takes over, and the page reloads into it.
self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});
// The first version controls the open page at once (there is nothing to swap under anyone).
clientsClaim();

/** The one person's cache on this device, if a person is signed in (see lib/offline-cache.ts). */
async function currentPersonCache(): Promise<string | undefined> {
  const names = (await caches.keys()).filter(isPersonCache);
  return names.length === 1 ? names[0] : undefined;
}

async function forgetEveryone(except?: string): Promise<void> {
  const names = (await caches.keys()).filter((name) => isPersonCache(name) && name !== except);
  await Promise.all(names.map((name) => caches.delete(name)));
}

/**
 * The session check: always asked of the server. A signed-in answer makes (or keeps) that
 * person's cache, deleting anyone else's, and is kept so the app knows who reads offline; a
 * signed-out one deletes every person's cache. Offline, the kept answer.
 */
async function session({ request }: { request: Request }): Promise<Response> {
  const key = cacheKey("session", request.url);
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    const name = await currentPersonCache();
    const kept = name ? await (await caches.open(name)).match(key) : undefined;
    if (kept) return kept;
    throw error;
  }
  const said = sessionAnswer(
    response.status,
    await response
      .clone()
      .json()
      .catch(() => undefined),
  );
  if (said && "signedIn" in said) {
    const name = personCacheName(said.signedIn);
    await forgetEveryone(name);
    await (await caches.open(name)).put(key, response.clone());
  } else if (said) {
    await forgetEveryone();
  }
  return response;
}

/** Stores only into a person's cache that still exists (a log-out may delete it mid-request). */
const whilePersonCurrent = (cacheName: string): WorkboxPlugin => ({
  cacheWillUpdate: async ({ response }) => (response.status === 200 && (await caches.has(cacheName)) ? response : null),
});

/** Keeps a kind to its number, oldest out first. */
const keptToLimit = (kind: Kept): WorkboxPlugin => ({
  cacheDidUpdate: async ({ cacheName }) => {
    const cache = await caches.open(cacheName);
    const keys = (await cache.keys()).filter((request) => keptKind(request, self.location.origin) === kind);
    await Promise.all(beyondLimit(keys, KEPT_AT_MOST[kind]).map((request) => cache.delete(request)));
  },
});

/** A 401 on a kept call: the session ended, so nobody's copies stay. */
const forgetOnUnauthorized: WorkboxPlugin = {
  fetchDidSucceed: async ({ response }) => {
    if (response.status === 401) await forgetEveryone();
    return response;
  },
};

/**
 * The feed's current session, stored as one answer (whatever the query). The page sends the
 * version it holds; it goes on to the server only when the kept copy is that version, so the
 * kept copy is always the session the page shows.
 */
const feedPlugin = (cacheName: string): WorkboxPlugin => ({
  cacheKeyWillBeUsed: async ({ request }) => cacheKey("feed", request.url),
  requestWillFetch: async ({ request }) => {
    const kept = await (await caches.open(cacheName)).match(cacheKey("feed", request.url));
    if (forwardConditional(request.headers.get("if-none-match"), kept?.headers.get("etag") ?? null)) return request;
    const headers = new Headers(request.headers);
    headers.delete("if-none-match");
    return new Request(request, { headers });
  },
});

registerRoute(
  ({ request }) => keptKind(request, self.location.origin) !== undefined,
  async (options) => {
    const kind = keptKind(options.request, self.location.origin)!;
    if (kind === "session") return session(options);
    const cacheName = await currentPersonCache();
    // Nobody known to be signed in: nothing is kept.
    if (!cacheName) return fetch(options.request);
    const plugins = [forgetOnUnauthorized, whilePersonCurrent(cacheName), keptToLimit(kind)];
    const strategy =
      kind === "picture"
        ? // A proxied picture never changes at its address.
          new CacheFirst({ cacheName, plugins })
        : new NetworkFirst({ cacheName, plugins: kind === "feed" ? [...plugins, feedPlugin(cacheName)] : plugins });
    return strategy.handle(options);
  },
);
