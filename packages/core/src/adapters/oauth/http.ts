import { ProviderUnavailableError } from "./oauth.ts";

/** The provider refused the access token (401): expired early, or the grant was revoked. */
export class TokenRejectedError extends Error {
  constructor() {
    super("the provider refused the access token");
    this.name = "TokenRejectedError";
  }
}

/** A provider's API answers within this long. */
const TIMEOUT_MS = 10_000;
/** And at most this much: a page of 50 items is tens of kilobytes. */
const MAX_BYTES = 2 * 1024 * 1024;

/**
 * GETs a provider's API with the person's access token and answers the JSON body, untrusted
 * (the caller checks it with its schema). 401 throws `TokenRejectedError` (refresh and try once
 * more); anything else that is not 200 or not JSON, a timeout or an oversized answer throws
 * `ProviderUnavailableError`. The token goes only in the header and never into an error.
 */
export async function getJson(url: string, accessToken: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: "error",
    });
  } catch {
    throw new ProviderUnavailableError(`${new URL(url).pathname} is not reachable`);
  }
  if (response.status === 401) {
    await response.body?.cancel();
    throw new TokenRejectedError();
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new ProviderUnavailableError(`${new URL(url).pathname} answered ${response.status}`);
  }
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > MAX_BYTES) {
    await response.body?.cancel();
    throw new ProviderUnavailableError(`${new URL(url).pathname} answered too much`);
  }
  const text = await readLimited(response, MAX_BYTES);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProviderUnavailableError(`${new URL(url).pathname} answered no JSON`);
  }
}

async function readLimited(response: Response, max: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new ProviderUnavailableError("the answer is too large");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
