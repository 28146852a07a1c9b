export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

/** Status used for failures that never reached the server (offline, DNS, CORS, aborted). */
export const NETWORK_ERROR_STATUS = 0;

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Whether a 401 answer means "the session ended" (log out and go to /login).
   * Defaults to true except for the sign-in calls themselves.
   */
  logoutOn401?: boolean;
}

/** Calls whose 401 is an answer about credentials, not about an expired session. */
const SIGN_IN_PATHS = new Set(["/api/login", "/api/signup", "/api/check_auth", "/api/logout"]);

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/** Registers what happens when a signed-in call answers 401. Returns an unregister function. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  onUnauthorized = handler;
  return () => {
    if (onUnauthorized === handler) onUnauthorized = null;
  };
}

function messageFrom(body: unknown, fallback: string): string {
  if (body && typeof body === "object" && "error" in body) {
    const error = (body as { error: unknown }).error;
    if (typeof error === "string" && error.length > 0) return error;
  }
  if (typeof body === "string" && body.length > 0 && body.length < 300) return body;
  return fallback;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (text.length === 0) return null;
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("json")) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function pathOf(path: string): string {
  const q = path.indexOf("?");
  return q === -1 ? path : path.slice(0, q);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? "GET" : "POST", body, signal } = options;
  const headers: Record<string, string> = { accept: "application/json" };
  const init: RequestInit = { method, credentials: "include", headers };
  if (signal) init.signal = signal;
  if (body !== undefined) {
    headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiError(NETWORK_ERROR_STATUS, "Network request failed", null);
  }

  const data = await readBody(response).catch(() => null);
  if (!response.ok) {
    const logoutOn401 = options.logoutOn401 ?? !SIGN_IN_PATHS.has(pathOf(path));
    if (response.status === 401 && logoutOn401 && onUnauthorized) onUnauthorized();
    throw new ApiError(response.status, messageFrom(data, response.statusText || `HTTP ${response.status}`), data);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options: Omit<RequestOptions, "method" | "body"> = {}) =>
    apiRequest<T>(path, { ...options, method: "GET" }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, "method" | "body"> = {}) =>
    apiRequest<T>(path, { ...options, method: "POST", body: body ?? {} }),
  delete: <T>(path: string, body?: unknown, options: Omit<RequestOptions, "method" | "body"> = {}) =>
    apiRequest<T>(path, { ...options, method: "DELETE", body }),
};

/** Server error text when there is one, else the fallback. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status !== NETWORK_ERROR_STATUS) {
    const text = messageFrom(error.body, "");
    if (text) return text;
  }
  return fallback;
}
