import { config } from "./config";
import { secrets } from "./secrets";
import { searchBucket, table } from "./storage";
import { router } from "./web";

/**
 * The WebSocket API. The browser connects to `/ws` on the site's own domain, so the session
 * cookie rides the upgrade request that `$connect` checks; the router forwards it to the API's
 * stage. Messages are pushed back through the management endpoint (`Resource.Realtime`).
 */
export const realtime = new sst.aws.ApiGatewayWebSocket("Realtime");

const handler: sst.aws.FunctionArgs = {
  handler: "packages/functions/src/realtime/handler.handler",
  // The token key checks `?token=` on $connect; the bot answers from the search index and config.
  link: [table, realtime, secrets.RealtimeTokenKey, searchBucket, config],
  // A send stores, fans out and (in a bot conversation) waits for the bot's answer.
  timeout: "29 seconds",
};

realtime.route("$connect", handler);
realtime.route("$disconnect", handler);
realtime.route("$default", handler);

// Only the host of a route's URL is used; the path is rewritten to the API's stage.
router.route(
  "/ws",
  realtime.managementEndpoint.apply((endpoint) => `https://${new URL(endpoint).host}`),
  { rewrite: { regex: "^/ws/?$", to: "/$$default" } },
);
