import { Resource } from "sst";
import * as Articles from "../articles/index.ts";
import { transact } from "../../adapters/dynamo/index.ts";
import { notFound, UnavailableError } from "../../lib/errors/index.ts";
import * as Feed from "../feed/index.ts";
import * as Mutes from "../mutes/index.ts";
import * as Users from "../users/index.ts";
import { randomToken, seal, sha256, unseal } from "../../lib/util/index.ts";
import { AtomFeedTokenEntity } from "./atom-feed-token.entity.ts";
import { AtomFeedEntity, type AtomFeed } from "./atom-feed.entity.ts";
import { etagOf, isNotModified, renderAtom, tagUri, type AtomEntry } from "./render.ts";
import { ATOM_FEED, ATOM_FEED_MESSAGES } from "./rules.ts";

/** The secret is sealed with the key of the other tokens kept at rest. */
const key = () => Resource.OAuthTokenKey.value;
const site = () => Resource.Config.siteUrl.replace(/\/+$/, "");
/** The date part of this feed's `tag:` URIs: fixed for ever, so ids never change. */
const TAG_DATE = "2026";
/** What a secret looks like (`randomToken(32)`): anything else is no feed, without a read. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** Writes that lost a race with another change of the same person's feed are tried again this often. */
const ATTEMPTS = 3;

/** The address of the feed whose secret is `token`. */
export const feedUrl = (token: string) => `${site()}/api/atom/${token}`;

export interface AtomFeedState {
  enabled: boolean;
  /** The secret address; null when off, or when it can no longer be opened (make a new one). */
  url: string | null;
  /** When the current address was made (ISO 8601). */
  createdAt: string | null;
}

async function current(userId: string): Promise<AtomFeed | null> {
  return (await AtomFeedEntity.get({ userId }).go({ consistent: true })).data;
}

function stateOf(feed: AtomFeed | null): AtomFeedState {
  if (!feed) return { enabled: false, url: null, createdAt: null };
  let url: string | null = null;
  try {
    url = feedUrl(unseal(feed.sealedToken, key()));
  } catch {
    // Sealed with a key since changed: the address still works, but cannot be shown again.
  }
  return { enabled: true, url, createdAt: new Date(feed.createdAt).toISOString() };
}

/** Whether the person's feed is on, and its address. */
export async function state(userId: string): Promise<AtomFeedState> {
  return stateOf(await current(userId));
}

/**
 * Turns the feed on with a new secret address: a random 32-byte secret, looked up by its SHA-256
 * and kept sealed. An address made before stops working in the same write. When another request
 * made a new address meanwhile (a double click, a retry), that one is the answer: there is only
 * ever one address that works.
 */
export async function turnOn(userId: string, now = Date.now()): Promise<AtomFeedState> {
  let before = await current(userId);
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const token = randomToken(ATOM_FEED.tokenBytes);
    const feed: AtomFeed = { userId, tokenHash: sha256(token), sealedToken: seal(token, key()), createdAt: now };
    const result = await transact([
      AtomFeedEntity.put(feed).where((attr, op) =>
        before ? op.eq(attr.tokenHash, before.tokenHash) : op.notExists(attr.tokenHash),
      ),
      AtomFeedTokenEntity.create({ tokenHash: feed.tokenHash, userId }),
      ...(before ? [AtomFeedTokenEntity.delete({ tokenHash: before.tokenHash })] : []),
    ]);
    if (!result.canceled) return stateOf(feed);
    const after = await current(userId);
    if (after && after.tokenHash !== before?.tokenHash) return stateOf(after);
    before = after;
  }
  throw new UnavailableError();
}

/** Turns the feed off: its address answers 404 from now on. Nothing to do when it is off. */
export async function turnOff(userId: string): Promise<void> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const before = await current(userId);
    if (!before) return;
    const result = await transact([
      AtomFeedEntity.delete({ userId }).where((attr, op) => op.eq(attr.tokenHash, before.tokenHash)),
      AtomFeedTokenEntity.delete({ tokenHash: before.tokenHash }),
    ]);
    if (!result.canceled) return;
  }
  throw new UnavailableError();
}

/** Removes a deleted account's feed and its address's look-up (idempotent). */
export async function purgeAccount(userId: string): Promise<void> {
  await turnOff(userId);
}

/** A GET's conditional headers. */
export interface Conditions {
  ifNoneMatch?: string | undefined;
  ifModifiedSince?: string | undefined;
}

export type AtomAnswer =
  | { status: 200; body: string; etag: string; lastModified: number }
  | { status: 304; etag: string; lastModified: number };

/** The person a secret names, when it is the current address of a feed that is on; else 404. */
async function ownerOf(
  token: string,
): Promise<{ userId: string; username: string; plan: Users.User["plan"]; since: number }> {
  if (!TOKEN_SHAPE.test(token)) throw notFound(ATOM_FEED_MESSAGES.notFound);
  const tokenHash = sha256(token);
  const { data: lookup } = await AtomFeedTokenEntity.get({ tokenHash }).go({ consistent: true });
  if (!lookup) throw notFound(ATOM_FEED_MESSAGES.notFound);
  const [feed, user] = await Promise.all([current(lookup.userId), Users.byId(lookup.userId)]);
  if (feed?.tokenHash !== tokenHash || !user) throw notFound(ATOM_FEED_MESSAGES.notFound);
  return { userId: user.userId, username: user.username, plan: user.plan, since: feed.createdAt };
}

/**
 * The feed at a secret address: the person's picks of the last `ATOM_FEED.days` days, newest
 * first, at most `ATOM_FEED.maxEntries`, each with the topics that matched as its categories.
 * Reading it is reading the feed: a refresh that is due is made first, as when the person opens
 * graph. Answers 304 when the conditions say the client's copy is current.
 */
export async function read(token: string, conditions: Conditions, now = Date.now()): Promise<AtomAnswer> {
  const { userId, username, plan, since } = await ownerOf(token);
  await Feed.read(userId, { manual: false }, now);
  const recent = await Feed.recentPicks(userId, now - ATOM_FEED.days * 24 * 60 * 60 * 1000, ATOM_FEED.maxEntries);
  const articles = await Articles.byIds(recent.map((p) => p.id));
  // Filters hide picks here as in the feed: by their stored articles (the pick's title when its
  // article is gone), with the topics each pick names.
  const muted = Mutes.hiddenAmong(
    await Mutes.read(userId, plan),
    recent.map((pick) => {
      const article = articles.get(pick.id);
      return {
        articleId: pick.id,
        title: article?.title ?? pick.title,
        summary: article?.summary ?? "",
        sourceId: pick.sourceId,
        sourceType: pick.sourceType,
        topics: pick.bestMatchingKeywords,
        ...((article?.language ?? pick.language) ? { language: article?.language ?? pick.language } : {}),
      };
    }),
  );
  const picks = recent.filter((pick) => !muted.has(pick.id));
  const host = new URL(site()).hostname;
  const entries = picks.map((pick): AtomEntry => ({
    id: tagUri(host, TAG_DATE, `article:${pick.id}`),
    title: pick.title,
    link: pick.link,
    published: pick.publishedAt,
    updated: pick.publishedAt,
    author: pick.sourceName,
    summary: articles.get(pick.id)?.summary,
    categories: pick.bestMatchingKeywords,
  }));
  // The feed changes when a session picks (or when its address was made, for a feed with none yet).
  const lastModified = Math.max(since, ...picks.map((p) => p.pickedAt));
  const body = renderAtom(
    {
      id: tagUri(host, TAG_DATE, `picks:${userId}`),
      title: `graph — picks for ${username}`,
      selfUrl: feedUrl(token),
      alternateUrl: `${site()}/home`,
      author: "graph",
      updated: lastModified,
      entries,
    },
    { summaryChars: ATOM_FEED.summaryChars },
  );
  const etag = etagOf(body);
  if (isNotModified(conditions, etag, lastModified)) return { status: 304, etag, lastModified };
  return { status: 200, body, etag, lastModified };
}
