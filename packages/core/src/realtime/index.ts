import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from "@aws-sdk/client-apigatewaymanagementapi";
import { Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent } from "node:https";
import { Resource } from "sst";
import { nowSeconds } from "../db.ts";
import { ConnectionEntity } from "./connection.entity.ts";

/** API Gateway closes a WebSocket after two hours whatever happens; so does the record. */
const CONNECTION_TTL_SECONDS = 2 * 60 * 60;

/**
 * A group's fan-out posts to every socket at once: the SDK's default 50 sockets a client made
 * bursts queue ("socket usage at capacity"), and every post on a fresh socket paid a handshake.
 * Kept-alive sockets, many of them, on AWS (https) as locally (http).
 */
const MAX_SOCKETS = 500;
const agentOptions = { keepAlive: true, maxSockets: MAX_SOCKETS };

let management: ApiGatewayManagementApiClient | undefined;
const client = () =>
  (management ??= new ApiGatewayManagementApiClient({
    endpoint: Resource.Realtime.managementEndpoint,
    requestHandler: { httpAgent: new HttpAgent(agentOptions), httpsAgent: new HttpsAgent(agentOptions) },
  }));

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
  try {
    await client().send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: JSON.stringify(message) }));
    return true;
  } catch (error) {
    if (isGone(error)) {
      await disconnected(connectionId);
      return false;
    }
    throw error;
  }
}

/** Sends a message to every open socket of a person. */
export async function sendToUser(userId: string, message: unknown): Promise<number> {
  const { data } = await ConnectionEntity.query.byUser({ userId }).go({ pages: "all" });
  const results = await Promise.all(data.map((c) => send(c.connectionId, message)));
  return results.filter(Boolean).length;
}

const isGone = (error: unknown) => error instanceof GoneException || (error as Error).name === "GoneException";

export async function close(connectionId: string) {
  await client()
    .send(new DeleteConnectionCommand({ ConnectionId: connectionId }))
    .catch((error: unknown) => {
      if (!isGone(error)) throw error; // closed already: only the record is left to remove
    });
  await disconnected(connectionId);
}

/** Closes every open socket of a person and forgets them (their account is being deleted). */
export async function closeAllOf(userId: string): Promise<void> {
  await Promise.all((await socketsOf(userId)).map((c) => close(c.connectionId)));
}

export { signToken, verifyToken, TOKEN_LIFETIME_SECONDS } from "./token.ts";
