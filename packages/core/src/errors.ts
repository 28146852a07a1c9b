/**
 * Errors that are safe to show to the person who made the request. Anything else
 * thrown inside the domain is a bug and surfaces as a generic 500.
 */
export class VisibleError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503,
    message: string,
    /** Extra fields merged into the JSON answer next to `error`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "VisibleError";
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new VisibleError(400, message, extra);
export const unauthorized = (message = "Not signed in.") => new VisibleError(401, message);
export const forbidden = (message: string, extra?: Record<string, unknown>) => new VisibleError(403, message, extra);
export const notFound = (message = "Not found.") => new VisibleError(404, message);
export const conflict = (message: string) => new VisibleError(409, message);

export class RateLimitedError extends VisibleError {
  constructor(
    message: string,
    /** Seconds until another attempt may succeed. */
    readonly retryAfter: number,
  ) {
    super(429, message, { tryAgainAfter: retryAfter });
    this.name = "RateLimitedError";
  }
}
