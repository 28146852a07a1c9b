import { getMany, getTogether, isConditionFailure, itemRead, type ItemRead } from "../../adapters/dynamo/index.ts";
import * as Realtime from "../realtime/index.ts";
import * as Users from "../users/index.ts";
import { PresenceEntity } from "./presence.entity.ts";
import { log } from "../../lib/observability/index.ts";

/** A member's open sockets, and which conversation each is viewing. */
export interface Presence {
  userId: string;
  connections: string[];
  /** connectionId → the conversations that socket joined. */
  joined: Map<string, Set<string>>;
}

const pair = (connectionId: string, conversationId: string) => `${connectionId} ${conversationId}`;

/**
 * connectionId → its owner. A socket never changes owner, so a process may remember it for
 * as long as the socket lives; `$disconnect` forgets it.
 */
const owners = new Map<string, Realtime.SocketOwner>();
const MAX_OWNERS = 50_000;

/**
 * Records an open socket of a person, opened by the session `sessionHash` names. Only this
 * write adds a presence item; the others change it only while it exists, so nothing a late
 * socket does brings back the presence of an account whose chat data was swept away.
 */
export async function connected(connectionId: string, userId: string, sessionHash?: string): Promise<void> {
  const owner = { userId, sessionHash };
  await Realtime.connected(connectionId, owner);
  await PresenceEntity.update({ userId })
    .add({ connections: [connectionId] })
    .go();
  remember(connectionId, owner);
}

function remember(connectionId: string, owner: Realtime.SocketOwner) {
  if (owners.size >= MAX_OWNERS) owners.clear();
  owners.set(connectionId, owner);
}

export async function ownerOf(connectionId: string): Promise<Realtime.SocketOwner | undefined> {
  const known = owners.get(connectionId);
  if (known) return known;
  const owner = await Realtime.owner(connectionId);
  if (owner) remember(connectionId, owner);
  return owner;
}

/** Forgets a socket: its record, and its place in its owner's presence (with what it joined). */
export async function disconnected(connectionId: string, userId?: string): Promise<void> {
  const owner = userId ?? (await ownerOf(connectionId))?.userId;
  owners.delete(connectionId);
  if (owner) await forget(owner, [connectionId]);
  await Realtime.disconnected(connectionId);
}

/** Runs a change of an existing presence item; none left (the account's was swept away) is nothing to change. */
async function ifPresent(change: () => Promise<unknown>): Promise<boolean> {
  return change().then(
    () => true,
    (error: unknown) => {
      if (isConditionFailure(error)) return false;
      throw error;
    },
  );
}

/** Removes sockets from a person's presence (closed, or answered 410 Gone). */
async function forget(userId: string, connectionIds: string[]): Promise<void> {
  const { data } = await PresenceEntity.get({ userId }).go({ consistent: true });
  if (!data) return;
  const gone = new Set(connectionIds);
  const joined = [...(data.joined ?? [])].filter((p) => gone.has(p.slice(0, p.indexOf(" "))));
  const patch = PresenceEntity.patch({ userId }).delete({ connections: connectionIds });
  await ifPresent(() => (joined.length > 0 ? patch.delete({ joined }) : patch).go());
}

/** A socket that answered 410 Gone: its presence and its record go. */
export async function gone(userId: string, connectionId: string): Promise<void> {
  owners.delete(connectionId);
  await forget(userId, [connectionId]);
  await Realtime.disconnected(connectionId);
}

/**
 * Closes a person's open sockets — those the session `sessionHash` opened, or all of them —
 * and forgets them (a log-out, a password reset, a deletion). A failure is logged, not thrown:
 * the session is over already, and a socket left open can do nothing (each frame checks it).
 */
export async function closeSockets(userId: string, sessionHash?: string): Promise<void> {
  try {
    const closing = (await Realtime.socketsOf(userId))
      .filter((socket) => sessionHash === undefined || socket.sessionHash === sessionHash)
      .map((socket) => socket.connectionId);
    if (closing.length === 0) return;
    for (const connectionId of closing) owners.delete(connectionId);
    await Promise.all(closing.map((connectionId) => Realtime.close(connectionId)));
    await forget(userId, closing);
  } catch (error) {
    log.error("chat: sockets not all closed; their frames are refused", { userId, error });
  }
}

/** Closes one socket and forgets it (its session is over). */
export async function closeSocket(connectionId: string, userId?: string): Promise<void> {
  owners.delete(connectionId);
  await Realtime.close(connectionId);
  if (userId) await forget(userId, [connectionId]);
}

/**
 * Takes back a socket just recorded whose session ended meanwhile; when the whole account went,
 * its presence goes too (the sweep may have removed it before this socket added it again).
 */
export async function refused(connectionId: string, userId: string): Promise<void> {
  await disconnected(connectionId, userId);
  if (!(await Users.isActive(userId))) await purgePresence(userId);
}

/** Marks the socket as viewing the conversation; false when the person has no presence left (swept away). */
export async function join(userId: string, connectionId: string, conversationId: string): Promise<boolean> {
  return ifPresent(() =>
    PresenceEntity.patch({ userId })
      .add({ joined: [pair(connectionId, conversationId)] })
      .go(),
  );
}

export async function leave(userId: string, connectionId: string, conversationId: string): Promise<void> {
  await ifPresent(() =>
    PresenceEntity.patch({ userId })
      .delete({ joined: [pair(connectionId, conversationId)] })
      .go(),
  );
}

type PresenceItem = { userId: string; connections?: Iterable<string>; joined?: Iterable<string> };
const PRESENCE_ATTRIBUTES: Array<keyof PresenceItem> = ["userId", "connections", "joined"];

/** Presence of several people in one batch read per 100 (people with no socket are left out). */
export async function presenceOf(userIds: string[]): Promise<Presence[]> {
  if (userIds.length === 0) return [];
  const items = await getMany<PresenceItem>(
    PresenceEntity,
    userIds.map((userId) => ({ userId })),
    PRESENCE_ATTRIBUTES,
  );
  return items.map(presence);
}

/**
 * Presence of a conversation's members (at most MAX_MEMBERS) and other items read at the same
 * moment (`also`, other modules' items: a sender's account), all in one batch read.
 */
export async function presenceWith<T>(
  userIds: string[],
  also: ItemRead<T>,
): Promise<{ presences: Presence[]; also: T }> {
  const answers = await getTogether({
    also,
    presences: userIds.map((userId) =>
      itemRead<PresenceItem, keyof PresenceItem, PresenceItem | undefined>(
        PresenceEntity,
        { userId },
        PRESENCE_ATTRIBUTES,
        (item) => item,
      ),
    ),
  });
  return { presences: answers.presences.filter((p) => p !== undefined).map(presence), also: answers.also };
}

function presence(item: PresenceItem): Presence {
  const joined = new Map<string, Set<string>>();
  for (const p of item.joined ?? []) {
    const at = p.indexOf(" ");
    const connectionId = p.slice(0, at);
    let set = joined.get(connectionId);
    if (!set) joined.set(connectionId, (set = new Set()));
    set.add(p.slice(at + 1));
  }
  return { userId: item.userId, connections: [...(item.connections ?? [])], joined };
}

/** A deleted account's presence (its sockets are closed by the realtime step). */
export async function purgePresence(userId: string): Promise<void> {
  await PresenceEntity.delete({ userId }).go();
}
