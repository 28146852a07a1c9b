import { getMany } from "../db.ts";
import * as Realtime from "../realtime/index.ts";
import { PresenceEntity } from "./presence.entity.ts";

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
const owners = new Map<string, string>();
const MAX_OWNERS = 50_000;

export async function connected(connectionId: string, userId: string): Promise<void> {
  await Realtime.connected(connectionId, userId);
  await PresenceEntity.update({ userId })
    .add({ connections: [connectionId] })
    .go();
  remember(connectionId, userId);
}

function remember(connectionId: string, userId: string) {
  if (owners.size >= MAX_OWNERS) owners.clear();
  owners.set(connectionId, userId);
}

export async function ownerOf(connectionId: string): Promise<string | undefined> {
  const known = owners.get(connectionId);
  if (known) return known;
  const userId = await Realtime.owner(connectionId);
  if (userId) remember(connectionId, userId);
  return userId;
}

/** Forgets a socket: its record, and its place in its owner's presence (with what it joined). */
export async function disconnected(connectionId: string, userId?: string): Promise<void> {
  const owner = userId ?? (await ownerOf(connectionId));
  owners.delete(connectionId);
  if (owner) await forget(owner, [connectionId]);
  await Realtime.disconnected(connectionId);
}

/** Removes sockets from a person's presence (closed, or answered 410 Gone). */
async function forget(userId: string, connectionIds: string[]): Promise<void> {
  const { data } = await PresenceEntity.get({ userId }).go({ consistent: true });
  const gone = new Set(connectionIds);
  const joined = [...(data?.joined ?? [])].filter((p) => gone.has(p.slice(0, p.indexOf(" "))));
  const update = PresenceEntity.update({ userId }).delete({ connections: connectionIds });
  await (joined.length > 0 ? update.delete({ joined }) : update).go();
}

/** A socket that answered 410 Gone: its presence and its record go. */
export async function gone(userId: string, connectionId: string): Promise<void> {
  owners.delete(connectionId);
  await forget(userId, [connectionId]);
  await Realtime.disconnected(connectionId);
}

export async function join(userId: string, connectionId: string, conversationId: string): Promise<void> {
  await PresenceEntity.update({ userId })
    .add({ joined: [pair(connectionId, conversationId)] })
    .go();
}

export async function leave(userId: string, connectionId: string, conversationId: string): Promise<void> {
  await PresenceEntity.update({ userId })
    .delete({ joined: [pair(connectionId, conversationId)] })
    .go();
}

/** Presence of several people in one batch read per 100 (people with no socket are left out). */
export async function presenceOf(userIds: string[]): Promise<Presence[]> {
  if (userIds.length === 0) return [];
  const items = await getMany<{ userId: string; connections?: Set<string>; joined?: Set<string> }>(
    PresenceEntity,
    userIds.map((userId) => ({ userId })),
    ["userId", "connections", "joined"],
  );
  return items.map((item) => {
    const joined = new Map<string, Set<string>>();
    for (const p of item.joined ?? []) {
      const at = p.indexOf(" ");
      const connectionId = p.slice(0, at);
      let set = joined.get(connectionId);
      if (!set) joined.set(connectionId, (set = new Set()));
      set.add(p.slice(at + 1));
    }
    return { userId: item.userId, connections: [...(item.connections ?? [])], joined };
  });
}

/** A deleted account's presence (its sockets are closed by the realtime step). */
export async function purgePresence(userId: string): Promise<void> {
  await PresenceEntity.delete({ userId }).go();
}
