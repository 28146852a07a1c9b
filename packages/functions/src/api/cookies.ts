import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { SESSION_COOKIE } from "./middleware.ts";

const isHttps = (c: Context) =>
  new URL(c.req.url).protocol === "https:" || c.req.header("x-forwarded-proto") === "https";

export function setSessionCookie(c: Context, session: { token: string; maxAge: number }) {
  setCookie(c, SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: isHttps(c),
    path: "/",
    maxAge: session.maxAge,
  });
}

export function clearSessionCookie(c: Context) {
  deleteCookie(c, SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "Lax", secure: isHttps(c) });
}

/** The browser's device cookie: sent only with log-ins, where it lets the owner past a stranger's lockout. */
export const DEVICE_COOKIE = "graph_device";
const DEVICE_PATH = "/api/login";

export function setDeviceCookie(c: Context, device: { token: string; maxAge: number }) {
  setCookie(c, DEVICE_COOKIE, device.token, {
    httpOnly: true,
    sameSite: "Strict",
    secure: isHttps(c),
    path: DEVICE_PATH,
    maxAge: device.maxAge,
  });
}
