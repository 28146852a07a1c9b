import { createMiddleware } from "hono/factory";
import { getCookie } from "hono/cookie";
import { Resource } from "sst";
import { Sessions } from "@graph/core/modules/auth";
import { unauthorized, VisibleError } from "@graph/core/lib/errors";
import type { ApiEnv, ClientAddressOf } from "./env.ts";
import { INVALID_JSON_MESSAGE } from "./errors.ts";
import { identifyPerson } from "@graph/core/lib/observability";

export const SESSION_COOKIE = "graph_session";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The site's own origin: the only one whose pages may change state or open the socket. */
export const siteOrigin = () => new URL(Resource.Config.siteUrl).origin;

export const clientAddress = (addressOf: ClientAddressOf) =>
  createMiddleware<ApiEnv>(async (c, next) => {
    c.set("clientAddress", addressOf(c) || "unknown");
    await next();
  });

/**
 * Refuses state-changing requests sent by another site. Browsers always send `Origin` on such
 * requests; it must be the configured site address. `Host` and `X-Forwarded-Host` are never
 * trusted for this: a page on another name that resolves here (DNS rebinding) sends its own
 * `Host`. Requests without `Origin` come from non-browser clients.
 */
export const sameOrigin = (siteOrigin: () => string, exemptPaths: readonly string[] = []) =>
  createMiddleware<ApiEnv>(async (c, next) => {
    // Exempt paths (the Stripe webhook) are called by servers and authorised by a signature.
    if (!SAFE_METHODS.has(c.req.method) && !exemptPaths.includes(c.req.path)) {
      if (fromAnotherSite((name) => c.req.header(name), siteOrigin())) {
        throw new VisibleError(403, "cross_site", CROSS_SITE_MESSAGE);
      }
    }
    await next();
  });

export const CROSS_SITE_MESSAGE = "This request came from another site and was refused.";

/**
 * The rule of `sameOrigin`, for the socket's upgrade too: a request a page of another site sent
 * (its `Origin` is not the site's, or the browser says `Sec-Fetch-Site: cross-site`). `header`
 * reads a request header by its lower-case name.
 */
export function fromAnotherSite(header: (name: string) => string | undefined, siteOrigin: string): boolean {
  const origin = header("origin");
  return (origin !== undefined && origin !== "" && origin !== siteOrigin) || header("sec-fetch-site") === "cross-site";
}

/**
 * Bodies of state-changing requests must be JSON, and JSON that parses: a form post from
 * elsewhere is refused (415), and so is a body that does not parse (400 `invalid_json`), before
 * any route acts — a route that reads no field of its body (`POST /atom`, a logout) would
 * otherwise act on `{"a":`. An empty body is no body. The paths in `formPaths` are authorised by
 * a token in their address, not a cookie, so a form from elsewhere can do nothing there its
 * token does not allow (the digest's one-click unsubscribe).
 */
export const jsonOnly = (formPaths: readonly string[] = []) =>
  createMiddleware<ApiEnv>(async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method) && !formPaths.includes(c.req.path)) {
      // A declared length decides (0 is no body: an empty POST over HTTP still carries a stream);
      // without one, a chunked or in-process body counts.
      const length = c.req.header("content-length");
      const hasBody =
        c.req.header("transfer-encoding") !== undefined ||
        (length !== undefined ? Number(length) > 0 : c.req.raw.body !== null);
      const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
      if (hasBody && type !== "application/json") {
        throw new VisibleError(
          415,
          "unsupported_media_type",
          "Send the request body as JSON (content-type: application/json).",
        );
      }
      // Read once here (within the body limit) and kept by the request: the route's own read is the same text.
      if (hasBody && !parses(await c.req.text())) throw new VisibleError(400, "invalid_json", INVALID_JSON_MESSAGE);
    }
    await next();
  });

/** Whether a body is JSON (or empty: no body). */
function parses(text: string): boolean {
  if (text.trim() === "") return true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Reads the session cookie, if any, into `c.var.session`. */
export const loadSession = createMiddleware<ApiEnv>(async (c, next) => {
  const session = await Sessions.read(getCookie(c, SESSION_COOKIE));
  if (session) {
    c.set("session", session);
    identifyPerson(session.userId);
  }
  await next();
});

/** Routes behind this answer 401 unless signed in. */
export const requireSession = createMiddleware<ApiEnv>(async (c, next) => {
  if (!c.get("session")) throw unauthorized();
  await next();
});

/** The signed-in session (for handlers behind `requireSession`). */
export function currentSession(c: { get(key: "session"): ApiEnv["Variables"]["session"] }) {
  const session = c.get("session");
  if (!session) throw unauthorized();
  return session;
}

/** The signed-in person's id (for handlers behind `requireSession`). */
export const currentUserId = (c: Parameters<typeof currentSession>[0]): string => currentSession(c).userId;

/** The signed-in person's plan, as their session's check of the account read it (no request of its own). */
export const currentPlan = (c: Parameters<typeof currentSession>[0]) => currentSession(c).plan;

/** Who is reading (undefined when signed out), for reads anyone may make but whose answer depends on who asks. */
export function viewerOf(c: { get(key: "session"): ApiEnv["Variables"]["session"] }): string | undefined {
  return c.get("session")?.userId;
}
