import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from "@aws-sdk/client-apigatewaymanagementapi";
import { Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent } from "node:https";
import { Resource } from "sst";
import { withoutSdkLogging } from "../aws/index.ts";

/**
 * API Gateway's WebSocket management API: posting to one open socket and closing it.
 *
 * A group's fan-out posts to every socket at once: the SDK's default 50 sockets a client made
 * bursts queue ("socket usage at capacity"), and every post on a fresh socket paid a handshake.
 * Kept-alive sockets, many of them, on AWS (https) as locally (http).
 */
const MAX_SOCKETS = 500;
const agentOptions = { keepAlive: true, maxSockets: MAX_SOCKETS };

let management: ApiGatewayManagementApiClient | undefined;
const client = () =>
  (management ??= withoutSdkLogging(
    new ApiGatewayManagementApiClient({
      endpoint: Resource.Realtime.managementEndpoint,
      requestHandler: { httpAgent: new HttpAgent(agentOptions), httpsAgent: new HttpsAgent(agentOptions) },
      // A message is one post per socket: the SDK resolves its middleware once per command, not on
      // every post (nothing here changes the client's middleware after the first request).
      cacheMiddleware: true,
    }),
  ));

const isGone = (error: unknown) => error instanceof GoneException || (error as Error).name === "GoneException";

/** Posts a message to one socket. Answers false when the socket is gone (closed by its client or by API Gateway). */
export async function postToConnection(connectionId: string, message: unknown): Promise<boolean> {
  try {
    await client().send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: JSON.stringify(message) }));
    return true;
  } catch (error) {
    if (isGone(error)) return false;
    throw error;
  }
}

/** Closes one socket; one that is closed already is not an error. */
export async function deleteConnection(connectionId: string): Promise<void> {
  await client()
    .send(new DeleteConnectionCommand({ ConnectionId: connectionId }))
    .catch((error: unknown) => {
      if (!isGone(error)) throw error;
    });
}
