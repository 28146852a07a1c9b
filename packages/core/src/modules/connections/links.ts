import { generateCodeVerifier, generateState } from "../../adapters/oauth/index.ts";
import { Resource } from "sst";
import { deleteKeys } from "../../adapters/dynamo/index.ts";
import { isConditionFailure, nowSeconds } from "../../adapters/dynamo/index.ts";
import { UnavailableError } from "../../lib/errors/index.ts";
import * as RateLimit from "../rate-limit/index.ts";
import { mapLimited, safeEqual, seal, sha256, unseal } from "../../lib/util/index.ts";
import { ConnectionEntity, type Connection } from "./connection.entity.ts";
import { TokenRejectedError } from "../../adapters/oauth/index.ts";
import {
  authorizationUrl,
  exchangeCode,
  GrantRefusedError,
  refreshTokens,
  type OAuthProvider,
  type Tokens,
} from "../../adapters/oauth/index.ts";
import { PendingAuthorizationEntity } from "./pending-authorization.entity.ts";
import {
  AUTHORIZATION_TTL_SECONDS,
  CONNECT_STARTS,
  CONNECTION_MESSAGES,
  REFRESH_MARGIN_MS,
  type LinkProvider,
  type LinkStatus,
} from "./rules.ts";
import { log } from "../../lib/observability/index.ts";

const key = () => Resource.OAuthTokenKey.value;
const startsBucket = (p: string, userId: string) => `connect:${p}:${userId}`;

/**
 * A connect that cannot finish: the state is wrong, used, expired or another person's, the
 * provider refused the code, or it could not be reached. `redirect` is where the connect was
 * going, when its pending authorization was found.
 */
export class ConnectFailedError extends Error {
  constructor(
    readonly reason: string,
    readonly redirect: string | undefined,
  ) {
    super(`the connect failed: ${reason}`);
    this.name = "ConnectFailedError";
  }
}

/** The link was revoked at the provider: it is marked disconnected (its items stay). */
export class LinkRevokedError extends Error {
  constructor(readonly provider: LinkProvider) {
    super(`the ${provider} grant was revoked`);
    this.name = "LinkRevokedError";
  }
}

/** There is no connected link to use (never linked, unlinked, or disconnected). */
export class NotConnectedError extends Error {
  constructor(readonly provider: LinkProvider) {
    super(`no connected ${provider} link`);
    this.name = "NotConnectedError";
  }
}

/**
 * Starts a connect for the signed-in person: a pending authorization keyed by the state's hash
 * (with the PKCE verifier, the person and where to go afterwards, for ten minutes) and the
 * address to send the browser to. The browser keeps the `state` (an httpOnly cookie).
 */
export async function startAuthorization(
  p: OAuthProvider,
  userId: string,
  redirect: string,
): Promise<{ url: string; state: string; maxAge: number }> {
  const { state, codeVerifier, maxAge } = await keepAuthorization(p.name, userId, redirect);
  return { url: authorizationUrl(p, state, codeVerifier), state, maxAge };
}

/**
 * The pending authorization of a connect to any provider (an account link's, or a channel's
 * service): the person's starts counted (20 in 10 minutes), a fresh state and PKCE verifier, and
 * the item kept for ten minutes under the state's hash. The caller builds the consent address.
 */
export async function keepAuthorization(
  provider: string,
  userId: string,
  redirect: string,
): Promise<{ state: string; codeVerifier: string; maxAge: number }> {
  await RateLimit.enforce({ bucket: startsBucket(provider, userId), ...CONNECT_STARTS }, (s) =>
    CONNECTION_MESSAGES.tooManyStarts(RateLimit.minutesText(s)),
  );
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  await PendingAuthorizationEntity.create({
    stateHash: sha256(state),
    provider,
    userId,
    codeVerifier,
    redirect,
    expiresAt: nowSeconds() + AUTHORIZATION_TTL_SECONDS,
  }).go();
  return { state, codeVerifier, maxAge: AUTHORIZATION_TTL_SECONDS };
}

/**
 * Takes the pending authorization of `state` (deleted on a condition, so a state works once,
 * whatever the outcome) and answers where the browser was going. Undefined when there is none
 * for this provider, or it expired.
 */
export async function takeAuthorization(p: string, state: string) {
  const pending = await PendingAuthorizationEntity.delete({ stateHash: sha256(state) })
    .where((attr, op) => op.eq(attr.provider, p))
    .go({ response: "all_old" })
    .then(
      (result) => result.data,
      (error: unknown) => {
        if (isConditionFailure(error)) return null;
        throw error;
      },
    );
  if (!pending || pending.expiresAt <= nowSeconds()) return undefined;
  return pending;
}

/**
 * Finishes a connect with what the provider sent the browser back with. The state must be the
 * one this browser started (its cookie), unused, for this provider, and started by the same
 * signed-in person; the code is exchanged with its PKCE verifier. Answers the tokens (not yet
 * stored) and where the browser goes next; refuses (400 `oauth_failed`) otherwise.
 */
export async function finishAuthorization(
  p: OAuthProvider,
  input: { code: string; state: string; browserState: string | undefined; userId: string },
): Promise<{ tokens: Tokens; redirect: string }> {
  if (!input.browserState || !safeEqual(input.browserState, input.state))
    throw new ConnectFailedError("the state is not this browser's", undefined);
  const pending = await takeAuthorization(p.name, input.state);
  if (!pending) throw new ConnectFailedError("no such pending authorization (used, expired or unknown)", undefined);
  if (pending.userId !== input.userId)
    throw new ConnectFailedError("the authorization was started by another person", undefined);
  let tokens: Tokens;
  try {
    tokens = await exchangeCode(p, input.code, pending.codeVerifier);
  } catch (error) {
    const reason =
      error instanceof GrantRefusedError
        ? `the provider refused the code (${error.code})`
        : "the provider is not reachable";
    throw new ConnectFailedError(reason, pending.redirect);
  }
  // A consent screen may let the person grant less than asked: such a link could never sync.
  const granted = tokens.scopes;
  if (granted && !p.scopes.every((scope) => granted.includes(scope)))
    throw new ConnectFailedError("the person did not grant every scope asked for", pending.redirect);
  return { tokens, redirect: pending.redirect };
}

/** Stores a new (or renewed) link with its tokens sealed; the status is connected again. */
export async function saveConnection(
  p: LinkProvider,
  userId: string,
  tokens: Tokens,
  displayName: string | undefined,
): Promise<void> {
  const now = Date.now();
  const existing = await ConnectionEntity.get({ userId, provider: p }).go({ consistent: true });
  await ConnectionEntity.put({
    userId,
    provider: p,
    accessToken: seal(tokens.accessToken, key()),
    ...(tokens.refreshToken ? { refreshToken: seal(tokens.refreshToken, key()) } : {}),
    accessExpiresAt: tokens.accessExpiresAt,
    status: "connected",
    ...(displayName ? { displayName } : {}),
    syncedAt: existing.data?.syncedAt ?? 0,
    connectedAt: now,
    updatedAt: now,
  }).go();
}

/** Records a finished sync (and the account's name as the provider now gives it). */
export async function markSynced(p: LinkProvider, userId: string, displayName: string | undefined): Promise<void> {
  const now = Date.now();
  await ConnectionEntity.patch({ userId, provider: p })
    .set({ syncedAt: now, updatedAt: now, ...(displayName ? { displayName } : {}) })
    .go()
    .catch((error: unknown) => {
      // Unlinked while the sync ran: nothing to record.
      if (!isConditionFailure(error)) throw error;
    });
}

export interface LinkState {
  status: LinkStatus;
  name: string | null;
  syncedAt: number | null;
}

/** How the person's link stands, for the media tab (never a token). */
export async function linkState(p: LinkProvider, userId: string): Promise<LinkState> {
  const { data } = await ConnectionEntity.get({ userId, provider: p }).go({
    attributes: ["status", "displayName", "syncedAt"],
  });
  if (!data) return { status: "none", name: null, syncedAt: null };
  return { status: data.status, name: data.displayName ?? null, syncedAt: data.syncedAt ? data.syncedAt : null };
}

/** Marks the link disconnected, while it still holds `refreshToken` (a reconnect since keeps its new grant). */
async function markDisconnected(p: LinkProvider, userId: string, sealedRefreshToken: string | undefined) {
  const now = Date.now();
  const current = await ConnectionEntity.get({ userId, provider: p }).go({ consistent: true });
  if (!current.data) return;
  await ConnectionEntity.patch({ userId, provider: p })
    .set({ status: "disconnected", updatedAt: now, syncedAt: current.data.syncedAt })
    .where((attr, op) =>
      sealedRefreshToken === undefined ? op.notExists(attr.refreshToken) : op.eq(attr.refreshToken, sealedRefreshToken),
    )
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/**
 * Opens a sealed token; undefined when it cannot be opened (the key was changed since it was
 * sealed): such a link can no longer be used, as if revoked.
 */
function opened(sealed: string): string | undefined {
  try {
    return unseal(sealed, key());
  } catch {
    return undefined;
  }
}

async function readConnection(p: LinkProvider, userId: string): Promise<Connection | null> {
  return (await ConnectionEntity.get({ userId, provider: p }).go({ consistent: true })).data;
}

/** How long one refresh may hold the link's lease before another may take it over. */
const REFRESH_LEASE_MS = 15_000;
/** How often a caller waiting for another's refresh looks again, and for how long at most. */
const LEASE_POLL_MS = 100;
const LEASE_WAIT_MS = 20_000;

/** Takes the link's refresh lease (one refresh at a time: a rotated refresh token works once). */
async function takeLease(p: LinkProvider, userId: string, sealedRefreshToken: string): Promise<boolean> {
  const now = Date.now();
  return ConnectionEntity.patch({ userId, provider: p })
    .set({ refreshLeaseUntil: now + REFRESH_LEASE_MS })
    .where(
      (attr, op) =>
        `${op.eq(attr.refreshToken, sealedRefreshToken)} AND (${op.notExists(attr.refreshLeaseUntil)} OR ${op.lt(attr.refreshLeaseUntil, now)})`,
    )
    .go()
    .then(
      () => true,
      (error: unknown) => {
        if (isConditionFailure(error)) return false;
        throw error;
      },
    );
}

/**
 * A fresh access token: the stored one while it lasts (and while it is not the one the provider
 * just refused, `rejected`), else a new one from the refresh token. One caller at a time
 * refreshes, under a lease on the link: a provider that rotates refresh tokens honours each once,
 * so parallel refreshes with the same token would refuse all but the first. The others wait for
 * its result. A new refresh token replaces the old. A refusal of the grant (invalid_grant:
 * revoked at the provider) marks the link disconnected and throws `LinkRevokedError`.
 */
async function freshAccessToken(p: OAuthProvider, userId: string, rejected?: string): Promise<string> {
  const waitUntil = Date.now() + LEASE_WAIT_MS;
  for (;;) {
    const link = await readConnection(p.name, userId);
    if (!link || link.status !== "connected") throw new NotConnectedError(p.name);
    const accessToken = opened(link.accessToken);
    if (accessToken && accessToken !== rejected && link.accessExpiresAt - REFRESH_MARGIN_MS > Date.now())
      return accessToken;
    const refreshToken = link.refreshToken ? opened(link.refreshToken) : undefined;
    if (!refreshToken) {
      await markDisconnected(p.name, userId, link.refreshToken);
      throw new LinkRevokedError(p.name);
    }
    if (!(await takeLease(p.name, userId, link.refreshToken!))) {
      // Another caller is refreshing: its token is the one to use.
      if (Date.now() > waitUntil) throw new UnavailableError();
      await new Promise((resolve) => setTimeout(resolve, LEASE_POLL_MS));
      continue;
    }
    let tokens: Tokens;
    try {
      tokens = await refreshTokens(p, refreshToken);
    } catch (error) {
      if (error instanceof GrantRefusedError) {
        await markDisconnected(p.name, userId, link.refreshToken);
        throw new LinkRevokedError(p.name);
      }
      await ConnectionEntity.patch({ userId, provider: p.name })
        .remove(["refreshLeaseUntil"])
        .go()
        .catch(() => undefined);
      throw error;
    }
    await ConnectionEntity.patch({ userId, provider: p.name })
      .set({
        accessToken: seal(tokens.accessToken, key()),
        ...(tokens.refreshToken ? { refreshToken: seal(tokens.refreshToken, key()) } : {}),
        accessExpiresAt: tokens.accessExpiresAt,
        updatedAt: Date.now(),
      })
      .remove(["refreshLeaseUntil"])
      .where((attr, op) => op.eq(attr.refreshToken, link.refreshToken!))
      .go()
      .catch((error: unknown) => {
        // Unlinked, or renewed by a reconnect, meanwhile: the token just made still serves this call.
        if (!isConditionFailure(error)) throw error;
      });
    return tokens.accessToken;
  }
}

/**
 * Runs `work` with the person's access token. When the provider refuses the token (401), it is
 * refreshed and `work` runs once more. Throws `NotConnectedError` without a connected link,
 * `LinkRevokedError` when the provider refused the grant (the link is now disconnected).
 */
export async function withAccessToken<T>(
  p: OAuthProvider,
  userId: string,
  work: (accessToken: string) => Promise<T>,
): Promise<T> {
  const first = await freshAccessToken(p, userId);
  try {
    return await work(first);
  } catch (error) {
    if (!(error instanceof TokenRejectedError)) throw error;
  }
  try {
    return await work(await freshAccessToken(p, userId, first));
  } catch (error) {
    // Refused again with a token made this moment: the grant is gone.
    if (!(error instanceof TokenRejectedError)) throw error;
    const link = await readConnection(p.name, userId);
    if (link) await markDisconnected(p.name, userId, link.refreshToken);
    throw new LinkRevokedError(p.name);
  }
}

/** The tokens of a link in clear (to revoke them at the provider before removing it), or undefined (none, or unopenable). */
export async function storedTokens(
  p: LinkProvider,
  userId: string,
): Promise<{ accessToken: string; refreshToken: string | undefined } | undefined> {
  const link = await readConnection(p, userId);
  const accessToken = link ? opened(link.accessToken) : undefined;
  if (!link || !accessToken) return undefined;
  return { accessToken, refreshToken: link.refreshToken ? opened(link.refreshToken) : undefined };
}

/** Removes the link (after its tokens were revoked). */
export async function deleteConnection(p: LinkProvider, userId: string): Promise<void> {
  await ConnectionEntity.delete({ userId, provider: p }).go();
}

/**
 * Removes what a deleted account left of its connects to `p` besides the link: connects under
 * way and the window counting their starts. Safe to run again.
 */
export async function purgeConnects(p: string, userId: string): Promise<void> {
  const { data } = await PendingAuthorizationEntity.query
    .byUser({ userId })
    .go({ pages: "all", attributes: ["stateHash", "provider"] });
  await deleteKeys(
    PendingAuthorizationEntity,
    data.filter((a) => a.provider === p).map(({ stateHash }) => ({ stateHash })),
  );
  await RateLimit.purge(startsBucket(p, userId));
}

export interface ResyncTally {
  synced: number;
  /** Refused by the provider (revoked there): marked disconnected, items kept. */
  disconnected: number;
  failed: number;
  /** Left for the next run when the time was up. */
  left: boolean;
}

/** Links synced at once by a re-sync (each makes a few calls to the provider and a few transactions). */
const RESYNC_CONCURRENCY = 4;

/**
 * Runs `sync` for every connected link of `p` last synced before this run began, least recently
 * synced first, until `deadline` (epoch ms); what is left goes first next time. A link refused by
 * the provider is marked disconnected by `sync` (it throws `LinkRevokedError`); any other failure
 * is logged (never a token) and the rest go on.
 */
export async function resyncConnected(
  p: LinkProvider,
  sync: (userId: string) => Promise<void>,
  deadline: number,
): Promise<ResyncTally> {
  const startedAt = Date.now();
  const tally: ResyncTally = { synced: 0, disconnected: 0, failed: 0, left: false };
  let cursor: string | null = null;
  do {
    if (Date.now() >= deadline) {
      tally.left = true;
      break;
    }
    const page: { data: Array<{ userId?: string }>; cursor: string | null } = await ConnectionEntity.query
      .byStatus({ provider: p, status: "connected" })
      .lt({ syncedAt: startedAt })
      .go({ cursor, limit: 100, attributes: ["userId"] });
    cursor = page.cursor;
    await mapLimited(page.data, RESYNC_CONCURRENCY, async ({ userId }) => {
      if (Date.now() >= deadline) {
        tally.left = true;
        return;
      }
      try {
        await sync(userId!);
        tally.synced++;
      } catch (error) {
        if (error instanceof LinkRevokedError) tally.disconnected++;
        else if (!(error instanceof NotConnectedError)) {
          tally.failed++;
          log.warn("connections: a re-sync failed", {
            provider: p,
            userId,
            reason: error instanceof Error ? error.name : "unknown",
          });
        }
      }
    });
  } while (cursor);
  return tally;
}
