import { BlockList, isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, Hono, MiddlewareHandler } from "hono";

/**
 * Routes only this machine may use: the AWS stand-ins (which take any request as if it were
 * signed), the WebSocket management API (which posts into anyone's socket) and the dev routes
 * (which show every e-mail sent, verification codes included) and the Google, Spotify and
 * Discord stand-ins (which vouch for any identity or listener typed into them, or show what any
 * channel received; their images are public, as the real services' image hosts are). With `HOST=0.0.0.0` the port is on the network;
 * these must stay on the machine.
 */
export const LOCAL_ONLY_PATHS = [
  "/_aws/*",
  "/@connections/*",
  "/api/dev/*",
  "/dev/outbox",
  "/dev/ops",
  "/_google/*",
  "/_spotify/*",
  "/_slack/*",
  "/_discord/*",
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

/** The names and origins the local-only routes answer besides loopback ones (see `guardLocalOnly`). */
export interface LocalSite {
  /** The site's address (SITE_URL): its pages may use the stand-ins, and its name may be the Host. */
  siteUrl?: string;
  /** The runtime's own addresses (its port, the S3 stand-in's): the stand-ins' own pages post to them. */
  ownUrls?: string[];
  /**
   * The stand-ins' pages a browser opens from the site (consent, checkout), which may be another
   * address: a GET navigation there is let through from any site, as it shows the page to the
   * person and lets the site that sent them read nothing of it.
   */
  pages?: RegExp;
}

/** A Host header's name, without its port (IPv6 brackets too), lower-cased; "" when there is none. */
function hostName(host: string | undefined): string {
  if (!host) return "";
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(host);
  if (bracketed) return bracketed[1]!.toLowerCase();
  return host.replace(/:\d+$/, "").toLowerCase();
}

/**
 * Whether a request's Host names this machine (a loopback address, `localhost`) or one of the
 * given names (the site's, the address the runtime listens on). Another name is a page whose
 * name was pointed at this machine (DNS rebinding), which the browser would let read the answer.
 */
export function isOwnHost(host: string | undefined, names: ReadonlySet<string>): boolean {
  const name = hostName(host);
  if (name === "") return false;
  return isLoopback(name) || name === "localhost" || name.endsWith(".localhost") || names.has(name);
}

/**
 * Whether a request was sent by a page of another site: its `Origin` is not one of `origins`,
 * or it has none and the browser says `Sec-Fetch-Site: cross-site`. The site's own pages may
 * be on another address than the stand-ins (`npm run dev`): their `Origin` is the site's, so
 * they pass even when the browser calls that cross-site.
 */
export function fromAnotherSite(header: (name: string) => string | undefined, origins: ReadonlySet<string>) {
  const origin = header("origin");
  if (origin !== undefined) return !origins.has(origin);
  return header("sec-fetch-site") === "cross-site";
}

/** A browser opening a page (a GET navigation), as opposed to a script reading an answer. */
const isNavigation = (c: Context) =>
  (c.req.method === "GET" || c.req.method === "HEAD") && c.req.header("sec-fetch-mode") === "navigate";

const origin = (url: string) => new URL(url).origin;

/**
 * Lets through callers on this machine only: from elsewhere the answer is the API's own "not
 * found" (404), so the routes are not revealed. From this machine, a request sent by a page of
 * another site, or under a name that is not this machine's or the site's, is refused (403):
 * a browser here runs other sites' pages too, and the socket alone cannot tell them apart.
 */
export function localOnly(site: LocalSite = {}): MiddlewareHandler {
  const urls = [site.siteUrl, ...(site.ownUrls ?? [])].filter((u): u is string => u !== undefined);
  const names = new Set(urls.map((u) => hostName(new URL(u).host)));
  const origins = new Set(urls.map(origin));
  return async (c, next) => {
    if (!isLocalCaller(callerOf(c))) return c.json({ error: "Not found." }, 404);
    const header = (name: string) => c.req.header(name);
    if (!isOwnHost(header("host") ?? new URL(c.req.url).host, names)) {
      return c.json({ error: "This route answers this machine's addresses and the site's only." }, 403);
    }
    if (fromAnotherSite(header, origins) && !(site.pages?.test(c.req.path) && isNavigation(c))) {
      return c.json({ error: "This request came from another site and was refused." }, 403);
    }
    return next();
  };
}

/** Guards every local-only path of `app`; call it before those routes are mounted. */
export function guardLocalOnly(app: Hono, site: LocalSite = {}) {
  const guard = localOnly(site);
  for (const path of LOCAL_ONLY_PATHS) app.use(path, guard);
}
