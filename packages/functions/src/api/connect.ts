import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import type { ApiEnv } from "./env.ts";

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
