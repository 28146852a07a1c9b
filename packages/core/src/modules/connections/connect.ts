import { finishAuthorization, ConnectFailedError, startAuthorization, takeAuthorization } from "./links.ts";
import type { OAuthProvider, Tokens } from "../../adapters/oauth/index.ts";
import { safeRedirect, type LinkProvider } from "./rules.ts";
import { log } from "../../lib/observability/index.ts";

/** What a provider adds to the shared connect: how it is reached and what a new link does first. */
export interface ConnectFlow {
  name: LinkProvider;
  /** The configured provider (throws a visible 503 when it is not configured). */
  provider(): OAuthProvider;
  /** Where a connect comes back to when it names nowhere (or somewhere off this site). */
  defaultRedirect: string;
  /** Stores the new link (its tokens sealed) and syncs it. */
  link(userId: string, tokens: Tokens): Promise<void>;
}

/** Starts a connect for the signed-in person (see `startAuthorization`). */
export function startConnect(flow: ConnectFlow, userId: string, redirect: unknown) {
  return startAuthorization(flow.provider(), userId, safeRedirect(redirect, flow.defaultRedirect));
}

/**
 * Finishes a connect (state, person and PKCE checked by `finishAuthorization`) and links it.
 * Answers where to send the browser and whether it all worked: a connect refused, or a first
 * sync that failed, says `failed` (a stored link that could not sync yet is synced again by the
 * daily re-sync).
 */
export async function finishConnect(
  flow: ConnectFlow,
  input: { code: string; state: string; browserState: string | undefined; userId: string },
): Promise<{ redirect: string; outcome: "connected" | "failed" }> {
  let redirect = flow.defaultRedirect;
  try {
    const finished = await finishAuthorization(flow.provider(), input);
    redirect = finished.redirect;
    await flow.link(input.userId, finished.tokens);
    return { redirect, outcome: "connected" };
  } catch (error) {
    if (error instanceof ConnectFailedError) redirect = error.redirect ?? redirect;
    log.warn("connections: a connect failed", { flow: flow.name, userId: input.userId, reason: failureReason(error) });
    return { redirect, outcome: "failed" };
  }
}

/** Gives up a connect the person cancelled at the provider (its state works no more). */
export async function cancelConnect(flow: ConnectFlow, state: string): Promise<string> {
  const pending = await takeAuthorization(flow.name, state);
  return pending?.redirect ?? flow.defaultRedirect;
}

/** What failed, for the log: never a token (errors here carry none; only their kind and reason). */
export function failureReason(error: unknown): string {
  if (error instanceof ConnectFailedError) return error.reason;
  if (error instanceof Error) return `${error.name}: ${error.message}`.slice(0, 300);
  return "unknown";
}
