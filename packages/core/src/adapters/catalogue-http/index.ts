import { VisibleError } from "../../lib/errors/index.ts";

/** A catalogue that answers slower than this is treated as down: a person waits on it. */
export const CATALOGUE_TIMEOUT_MS = 8000;

/** A catalogue that cannot be used now: 503 with a message that says which, never a 500. */
export const catalogueDown = (message: string) => new VisibleError(503, "unavailable", message, { tryAgainAfter: 30 });

export class CatalogueAnswer extends Error {
  constructor(readonly status: number) {
    super(`catalogue answered ${status}`);
  }
}

/**
 * GETs JSON from an outside catalogue within the timeout. Anything but a 2xx JSON answer throws
 * (a `CatalogueAnswer` carries the status); callers turn failures into `catalogueDown`.
 */
export async function getJson(url: string, headers: Record<string, string>, deadline?: number): Promise<unknown> {
  const timeout = Math.min(CATALOGUE_TIMEOUT_MS, deadline === undefined ? Infinity : deadline - Date.now());
  if (timeout <= 0) throw new CatalogueAnswer(504);
  const response = await fetch(url, {
    headers: { accept: "application/json", ...headers },
    signal: AbortSignal.timeout(timeout),
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new CatalogueAnswer(response.status);
  }
  return (await response.json()) as unknown;
}

/** Parses each entry on its own: one malformed entry from an untrusted service is dropped, not the whole answer. */
export function parseEach<T>(entries: unknown, parse: (entry: unknown) => T | undefined): T[] {
  if (!Array.isArray(entries)) return [];
  const parsed: T[] = [];
  for (const entry of entries) {
    const value = parse(entry);
    if (value !== undefined) parsed.push(value);
  }
  return parsed;
}
