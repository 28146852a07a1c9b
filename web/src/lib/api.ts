import type { ClientResponse } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import type { ErrorCode } from "@graph/core/lib/errors";
import type { ErrorBody } from "@graph/functions/api/errors";

/** Status used for failures that never reached the server (offline, DNS, CORS, aborted). */
export const NETWORK_ERROR_STATUS = 0;

/**
 * What a refusal answered: the server's `{ error, code, ...extra }` as far as it is there (a
 * proxy or an outage may answer something else, so every field is optional).
 */
export type ErrorAnswer = Partial<Pick<ErrorBody, "error" | "code">> & Record<string, unknown>;

/** A call the server refused (`status` and its stable `code`), or one that never reached it (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | null;
  readonly body: ErrorAnswer | null;

  constructor(status: number, body: ErrorAnswer | null) {
    super(body?.error || (status === NETWORK_ERROR_STATUS ? "Network request failed" : `HTTP ${status}`));
    this.name = "ApiError";
    this.status = status;
    this.code = body?.code ?? null;
    this.body = body;
  }
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/** Registers what happens when a signed-in call answers 401. Returns an unregister function. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  onUnauthorized = handler;
  return () => {
    if (onUnauthorized === handler) onUnauthorized = null;
  };
}

/**
 * The body of a successful JSON answer, as the route declares it. A route that answers
 * `c.json(x)` may (by its type) use any status, so the answer counts when a success is among them.
 */
export type Answer<R> =
  R extends ClientResponse<infer T, infer Status, infer Format>
    ? [Status & SuccessStatusCode] extends [never]
      ? never
      : Format extends "json"
        ? T
        : never
    : never;

export interface CallOptions {
  /**
   * Whether a 401 answer means "the session ended" (log out and go to /login). True except for
   * calls whose 401 is an answer about credentials: signing in, checking the session, verifying.
   */
  logoutOn401?: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads a refusal's body; null when it is not a JSON object. Fields of the wrong type are dropped. */
async function readErrorAnswer(response: ClientResponse<unknown>): Promise<ErrorAnswer | null> {
  const value: unknown = await response.json().catch(() => null);
  if (!isRecord(value)) return null;
  const { error, code, ...extra } = value;
  return {
    ...extra,
    ...(typeof error === "string" ? { error } : {}),
    // The code list is the server's; an unknown code is treated like none by every switch on it.
    ...(typeof code === "string" ? { code: code as ErrorCode } : {}),
  };
}

/**
 * Awaits a typed-client call (`call(client.api.login.$post({ json }))`) and answers the route's
 * body. A refusal throws an `ApiError` with the status, code and body (and a 401 on a signed-in
 * call logs out first); a call that never reached the server throws one with status 0. Aborts
 * (TanStack Query cancelling) are passed through untouched.
 */
export async function call<R extends ClientResponse<unknown>>(
  request: Promise<R>,
  options: CallOptions = {},
): Promise<Answer<R>> {
  let response: R;
  try {
    response = await request;
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiError(NETWORK_ERROR_STATUS, null);
  }
  if (!response.ok) {
    const body = await readErrorAnswer(response);
    if (response.status === 401 && (options.logoutOn401 ?? true)) onUnauthorized?.();
    throw new ApiError(response.status, body);
  }
  return (await response.json()) as Answer<R>;
}

/** The server's own text for a refusal ("server error text" in the spec), else the fallback. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status !== NETWORK_ERROR_STATUS && error.body?.error) return error.body.error;
  return fallback;
}

/** What a refusal says to the person: the server's words when it gave some. */
export function refusalText(error: unknown): string | null {
  if (error instanceof ApiError && error.status === NETWORK_ERROR_STATUS) return "You seem to be offline.";
  // A 500 says nothing a person can act on; a refusal or a 503 ("busy, try again") does.
  if (error instanceof ApiError && error.body?.error && error.status !== 500) return error.body.error;
  return null;
}
