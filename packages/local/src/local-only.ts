import { BlockList, isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, Hono, MiddlewareHandler } from "hono";

/**
 * Routes only this machine may use: the AWS stand-ins (which take any request as if it were
 * signed), the WebSocket management API (which posts into anyone's socket) and the dev routes
 * (which show every e-mail sent, verification codes included) and the Google and Spotify
 * stand-ins (which vouch for any identity or listener typed into them; their images are public,
 * as the real services' image hosts are). With `HOST=0.0.0.0` the port is on the network;
 * these must stay on the machine.
 */
export const LOCAL_ONLY_PATHS = [
  "/_aws/*",
  "/@connections/*",
  "/api/dev/*",
  "/dev/outbox",
  "/_google/*",
  "/_spotify/*",
] as const;

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/** Whether `address` is a loopback address: 127.0.0.0/8, ::1, or 127.x written as IPv4-mapped IPv6. */
export function isLoopback(address: string | undefined): boolean {
  const family = address ? isIP(address) : 0;
  if (!address || family === 0) return false;
  // BlockList matches IPv4-mapped IPv6 (::ffff:127.0.0.1) against the IPv4 subnet.
  return LOOPBACK.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** The two ends of a caller's TCP connection, as the socket reports them. */
export interface Caller {
  remote?: string;
  local?: string;
}

/**
 * Whether the caller is on this machine: it connected from a loopback address, or from the
 * very address it connected to — a process here calling one of this machine's own addresses,
 * which is how the runtime reaches its own stand-ins when HOST names a network address.
 * Decided by the socket alone: headers (X-Forwarded-For and the like) are the caller's to forge.
 */
export function isLocalCaller({ remote, local }: Caller): boolean {
  if (isLoopback(remote)) return true;
  return remote !== undefined && isIP(remote) !== 0 && remote === local;
}

/** The caller of a request served by `@hono/node-server`; empty when there is no socket. */
export function callerOf(c: Context): Caller {
  try {
    const remote = getConnInfo(c).remote.address;
    const local = (c.env as { incoming?: { socket?: { localAddress?: string } } }).incoming?.socket?.localAddress;
    return { remote, local };
  } catch {
    return {};
  }
}

/**
 * Answers callers from elsewhere 404 — the API's own "not found", so the routes are not
 * revealed — and lets callers on this machine through.
 */
export const localOnly: MiddlewareHandler = async (c, next) => {
  if (isLocalCaller(callerOf(c))) return next();
  return c.json({ error: "Not found." }, 404);
};

/** Guards every local-only path of `app`; call it before those routes are mounted. */
export function guardLocalOnly(app: Hono) {
  for (const path of LOCAL_ONLY_PATHS) app.use(path, localOnly);
}
