import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { isUnavailable } from "@graph/core/adapters/dynamo";
import { RateLimitedError, UnavailableError, VisibleError, type ErrorCode } from "@graph/core/lib/errors";
import { count, log } from "@graph/core/lib/observability";

/** The answer to a body that is not JSON, wherever it is found out. */
export const INVALID_JSON_MESSAGE = "The request body is not valid JSON.";

/** The one shape of every error answer: the message to show, a stable code to decide by, and extras. */
export type ErrorBody = { error: string; code: ErrorCode } & Record<string, unknown>;

/** The answer to a path no route serves. */
export function notFoundAnswer(c: Context): Response {
  return c.json({ error: "Not found.", code: "not_found" } satisfies ErrorBody, 404);
}

/**
 * Maps anything thrown by a handler to its answer: visible errors keep their status, code and
 * extras; a database that is throttling or down is a 503 with Retry-After (the request changed
 * nothing and may be sent again); anything else is a bug, logged, and a generic 500.
 */
export function errorAnswer(error: unknown, c: Context): Response {
  const visible = toVisible(error);
  if (visible) {
    if (visible instanceof RateLimitedError || visible instanceof UnavailableError) {
      c.header("Retry-After", String(visible.retryAfter));
    }
    // A table throttling or failing is the operator's to see, though the answer is the client's.
    if (visible instanceof UnavailableError) log.warn("answered unavailable", { route: c.req.routePath, error });
    const body: ErrorBody = { ...visible.extra, error: visible.message, code: visible.code };
    count("ApiErrors", 1, { code: visible.code });
    return c.json(body, visible.status);
  }
  log.error("unhandled API error", { method: c.req.method, route: c.req.routePath, error });
  count("ApiErrors", 1, { code: "internal" });
  const body: ErrorBody = { error: "Something went wrong. Please try again later.", code: "internal" };
  return c.json(body, 500);
}

function toVisible(error: unknown): VisibleError | undefined {
  if (error instanceof VisibleError) return error;
  if (error instanceof HTTPException) {
    // Hono's own: a body that is not JSON (400) or too large (413).
    if (error.status === 413) return new VisibleError(413, "payload_too_large", "The request body is too large.");
    if (error.status === 400) return new VisibleError(400, "invalid_json", INVALID_JSON_MESSAGE);
    return undefined;
  }
  if (isUnavailable(error)) return new UnavailableError();
  return undefined;
}
