import { table } from "./storage";
import { router } from "./web";

/**
 * The WebSocket API. The browser connects to `/ws` on the site's own domain, so the session
 * cookie rides the upgrade request that `$connect` checks; the router forwards it to the API's
 * stage. Messages are pushed back through the management endpoint (`Resource.Realtime`).
 */
export const realtime = new sst.aws.ApiGatewayWebSocket("Realtime");

const handler: sst.aws.FunctionArgs = {
  handler: "packages/functions/src/realtime/handler.handler",
  link: [table, realtime],
  timeout: "10 seconds",
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
