import { ApiGatewayManagementApiClient } from "@aws-sdk/client-apigatewaymanagementapi";
import { Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent } from "node:https";
import { Resource } from "sst";
import { withoutSdkLogging } from "../aws/index.ts";

/**
 * The management API's client, imported by websockets/index.ts at the first post or close: a
 * socket's `$connect` or a request that posts nothing does not compile it.
 *
 * A group's fan-out posts to every socket at once: the SDK's default 50 sockets a client made
 * bursts queue ("socket usage at capacity"), and every post on a fresh socket paid a handshake.
 * Kept-alive sockets, many of them, on AWS (https) as locally (http).
 */
export {
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from "@aws-sdk/client-apigatewaymanagementapi";

const MAX_SOCKETS = 500;
const agentOptions = { keepAlive: true, maxSockets: MAX_SOCKETS };

export const client = withoutSdkLogging(
  new ApiGatewayManagementApiClient({
    endpoint: Resource.Realtime.managementEndpoint,
    requestHandler: { httpAgent: new HttpAgent(agentOptions), httpsAgent: new HttpsAgent(agentOptions) },
    // A message is one post per socket: the SDK resolves its middleware once per command, not on
    // every post (nothing here changes the client's middleware after the first request).
    cacheMiddleware: true,
  }),
);
