import { deleteConnection, postToConnection } from "../../adapters/websockets/index.ts";
import { nowSeconds } from "../../adapters/dynamo/index.ts";
import { ConnectionEntity } from "./connection.entity.ts";

/** API Gateway closes a WebSocket after two hours whatever happens; so does the record. */
const CONNECTION_TTL_SECONDS = 2 * 60 * 60;

/** Whose a socket is: the person, and the key of the session that opened it. */
export interface SocketOwner {
  userId: string;
  sessionHash?: string | undefined;
}

export async function connected(connectionId: string, owner: SocketOwner) {
  const now = nowSeconds();
  await ConnectionEntity.put({
    connectionId,
    userId: owner.userId,
    ...(owner.sessionHash ? { sessionHash: owner.sessionHash } : {}),
    connectedAt: now,
    expiresAt: now + CONNECTION_TTL_SECONDS,
  }).go();
}

export async function disconnected(connectionId: string) {
  await ConnectionEntity.delete({ connectionId }).go();
}

export async function owner(connectionId: string): Promise<SocketOwner | undefined> {
  const { data } = await ConnectionEntity.get({ connectionId }).go();
  return data && data.expiresAt > nowSeconds() ? { userId: data.userId, sessionHash: data.sessionHash } : undefined;
}

/** A person's open sockets, each with the session that opened it. */
export async function socketsOf(userId: string): Promise<Array<SocketOwner & { connectionId: string }>> {
  const { data } = await ConnectionEntity.query.byUser({ userId }).go({ pages: "all" });
  return data.map((c) => ({ connectionId: c.connectionId, userId, sessionHash: c.sessionHash }));
}

/** Sends a message to one socket; a socket that is gone is forgotten. Answers whether it was delivered. */
export async function send(connectionId: string, message: unknown): Promise<boolean> {
  if (await postToConnection(connectionId, message)) return true;
  await disconnected(connectionId);
  return false;
}

/** Sends a message to every open socket of a person. */
export async function sendToUser(userId: string, message: unknown): Promise<number> {
  const { data } = await ConnectionEntity.query.byUser({ userId }).go({ pages: "all" });
  const results = await Promise.all(data.map((c) => send(c.connectionId, message)));
  return results.filter(Boolean).length;
}

export async function close(connectionId: string) {
  await deleteConnection(connectionId); // a socket closed already leaves only the record to remove
  await disconnected(connectionId);
}

/** Closes every open socket of a person and forgets them (their account is being deleted). */
export async function closeAllOf(userId: string): Promise<void> {
  await Promise.all((await socketsOf(userId)).map((c) => close(c.connectionId)));
}
