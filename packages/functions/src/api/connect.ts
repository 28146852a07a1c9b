import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import * as z from "zod";
import { safeRedirect, sitePath } from "@graph/core/modules/connections";
import { safeEqual } from "@graph/core/lib/util";
import type { ApiEnv } from "./env.ts";
import { input } from "./validate.ts";

/**
 * What the Spotify and YouTube connects share at the edge: the `state` the page sends (JSON of
 * the person and where to go afterwards), the cookie that ties a connect to the browser that
 * started it, and the callback's query, read leniently (a browser lands there: a bad query
 * sends it back with an error, never a JSON answer).
 */

const isHttps = (c: Context) =>
  new URL(c.req.url).protocol === "https:" || c.req.header("x-forwarded-proto") === "https";

/** The page's `state`: `{"userId": "...", "redirect": "/..."}`; undefined when it is not that. */
const ConnectState = z.object({
  userId: z.string().min(1).max(128),
  redirect: z.string().max(2000).optional().nullable(),
});

export function parseConnectState(raw: string | undefined): z.infer<typeof ConnectState> | undefined {
  if (raw === undefined || raw.length > 4000) return undefined;
  try {
    const parsed = ConnectState.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export const LoginQuery = z.object({ state: z.string().optional() });

/** What a provider sends the browser back with: a code and the state, or an error and the state. */
const CallbackQuery = z.object({
  code: z.string().min(1).max(2048).optional(),
  state: z.string().min(1).max(512).optional(),
  error: z.string().max(200).optional(),
});

export function callbackQuery(c: Context<ApiEnv>) {
  const parsed = CallbackQuery.safeParse(c.req.query());
  return parsed.success ? parsed.data : { error: "invalid_request" as string, code: undefined, state: undefined };
}

/** The connect's state cookie: HttpOnly, Lax (the provider sends the browser back on a top-level navigation). */
export function stateCookie(name: string, path: string) {
  const options = (c: Context) => ({ httpOnly: true, sameSite: "Lax" as const, secure: isHttps(c), path });
  return {
    set: (c: Context, state: string, maxAge: number) => setCookie(c, name, state, { ...options(c), maxAge }),
    /** Reads the cookie and deletes it: a state works once, whatever the outcome. */
    take: (c: Context) => {
      const value = getCookie(c, name);
      deleteCookie(c, name, options(c));
      return value;
    },
  };
}

/** A provider's connect, as its module offers it (see `Connections.startConnect` and the rest). */
interface Connect {
  defaultRedirect: string;
  startConnect(userId: string, redirect: string): Promise<{ url: string; state: string; maxAge: number }>;
  cancelConnect(state: string): Promise<string>;
  finishConnect(input: {
    code: string;
    state: string;
    browserState: string | undefined;
    userId: string;
  }): Promise<{ redirect: string; outcome: "connected" | "failed" }>;
  /** Where the browser goes when it all worked, and when it did not. */
  connected(redirect: string): string;
  failed(redirect: string): string;
}

/**
 * The two browser navigations of a connect: `GET /api/login?state=` (the page's state names the
 * signed-in person and where to come back to) sends the browser to the provider, and
 * `GET /api/callback` takes it back, refusing a state that is not this browser's.
 */
export function connectRoutes(cookie: ReturnType<typeof stateCookie>, connect: Connect) {
  /**
   * Sends the browser back to `location`, checked once more as the one way out of a connect: a
   * redirect stored before (a pending authorization) or made by adding the outcome is still a
   * path of this site, else the default page with the same outcome.
   */
  const back = (c: Context, location: string, outcome: "connected" | "failed") =>
    c.redirect(sitePath(location) ?? connect[outcome](connect.defaultRedirect), 302);
  return new Hono<ApiEnv>()
    .get("/api/login", input("query", LoginQuery), async (c) => {
      const session = c.get("session");
      if (!session) return c.redirect("/login", 302);
      const raw = c.req.valid("query").state;
      const state = raw === undefined ? { userId: session.userId, redirect: undefined } : parseConnectState(raw);
      const redirect = safeRedirect(state?.redirect, connect.defaultRedirect);
      if (!state || state.userId !== session.userId) return back(c, connect.failed(redirect), "failed");
      const started = await connect.startConnect(session.userId, redirect);
      cookie.set(c, started.state, started.maxAge);
      return c.redirect(started.url, 302);
    })
    .get("/api/callback", async (c) => {
      const browserState = cookie.take(c);
      const session = c.get("session");
      if (!session) return c.redirect("/login", 302);
      const { code, state, error } = callbackQuery(c);
      if (error !== undefined || !code || !state) {
        // Cancelled at the provider (or sent back malformed): this browser's connect is given up.
        const redirect =
          state && browserState && safeEqual(state, browserState)
            ? await connect.cancelConnect(state)
            : connect.defaultRedirect;
        return back(c, connect.failed(redirect), "failed");
      }
      const finished = await connect.finishConnect({ code, state, browserState, userId: session.userId });
      return back(c, connect[finished.outcome](finished.redirect), finished.outcome);
    });
}
