/**
 * Errors that are safe to show to the person who made the request. Each carries a stable
 * machine `code` next to its message: clients decide by the code, never by the text (the
 * text may change; the spec's quoted messages are kept word for word for people to read).
 * Anything else thrown inside the domain is a bug and surfaces as a generic 500.
 */
export const ERROR_CODES = [
  // 400
  "invalid_input",
  "invalid_json",
  "code_wrong",
  "code_expired",
  "no_code",
  "reset_link_invalid",
  "invalid_token",
  "google_failed",
  "oauth_failed",
  "linking_token_invalid",
  "limit_reached",
  "invalid_signature",
  "mute_empty",
  "mute_too_long",
  "mute_no_letters",
  "mute_duplicate",
  "mute_invalid",
  "term_empty",
  "term_too_long",
  "term_no_letters",
  "term_invalid",
  "filter_unknown_topic",
  "filter_kinds_empty",
  "filter_invalid",
  "filter_duplicate",
  "filter_unknown_country",
  "filter_unknown_subject",
  // 401
  "not_signed_in",
  "invalid_credentials",
  // 403
  "email_unverified",
  "forbidden",
  "cross_site",
  "not_in_plan",
  "plan_required",
  "supertag_limit",
  "google_email_unverified",
  // 404
  "not_found",
  "not_configured",
  // 409
  "username_taken",
  "google_link_required",
  "google_already_linked",
  "already_subscribed",
  "import_running",
  "list_empty",
  "channel_broken",
  // 413, 415
  "payload_too_large",
  "unsupported_media_type",
  // 429
  "rate_limited",
  "code_locked",
  "refresh_cooldown",
  "out_of_refreshes",
  // 500, 503
  "internal",
  "unavailable",
  "starting",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export type VisibleStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

export class VisibleError extends Error {
  constructor(
    readonly status: VisibleStatus,
    readonly code: ErrorCode,
    message: string,
    /** Extra fields merged into the JSON answer next to `error` and `code`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "VisibleError";
  }
}

export const badRequest = (message: string, code: ErrorCode = "invalid_input", extra?: Record<string, unknown>) =>
  new VisibleError(400, code, message, extra);
export const unauthorized = (message = "Not signed in.", code: ErrorCode = "not_signed_in") =>
  new VisibleError(401, code, message);
export const forbidden = (message: string, code: ErrorCode = "forbidden", extra?: Record<string, unknown>) =>
  new VisibleError(403, code, message, extra);
export const notFound = (message = "Not found.", code: ErrorCode = "not_found") => new VisibleError(404, code, message);
export const conflict = (message: string, code: ErrorCode) => new VisibleError(409, code, message);

export class RateLimitedError extends VisibleError {
  constructor(
    message: string,
    /** Seconds until another attempt may succeed. */
    readonly retryAfter: number,
    code: ErrorCode = "rate_limited",
  ) {
    super(429, code, message, { tryAgainAfter: retryAfter });
    this.name = "RateLimitedError";
  }
}

/**
 * A dependency (the database, a queue) is overloaded or down. Nothing was half-written: the
 * person may send the same request again after `retryAfter` seconds.
 */
export class UnavailableError extends VisibleError {
  constructor(readonly retryAfter = 5) {
    super(503, "unavailable", "graph is busy right now. Please try again in a moment.", {
      tryAgainAfter: retryAfter,
    });
    this.name = "UnavailableError";
  }
}
