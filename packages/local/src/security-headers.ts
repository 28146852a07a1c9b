import type { MiddlewareHandler } from "hono";
import { securityHeaders } from "@graph/core/lib/csp/rules";

/**
 * Puts graph's security headers on every answer of the local runtime — web app, API, dev
 * pages — as CloudFront's response headers policy does on AWS. A handler that set its own
 * Content-Security-Policy (the dev outbox allows its one inline style by hash) keeps it.
 */
export function securityHeadersMiddleware(siteUrl: string, uploadOrigins: string[] = []): MiddlewareHandler {
  const headers = securityHeaders({
    siteUrl,
    https: siteUrl.startsWith("https:"),
    uploadOrigins,
  });
  return async (c, next) => {
    await next();
    // A WebSocket upgrade answers 101 with a response the socket server owns; leave it alone.
    if (c.res.status === 101) return;
    const missing = Object.entries(headers).filter(([name]) => !c.res.headers.has(name));
    if (missing.length === 0) return;
    // Answers passed through from fetch() have immutable headers: copy those first.
    try {
      for (const [name, value] of missing) c.res.headers.set(name, value);
    } catch {
      c.res = new Response(c.res.body, c.res);
      for (const [name, value] of missing) c.res.headers.set(name, value);
    }
  };
}
