import { functionArgs } from "./functions";
import { router } from "./web";

/**
 * The WebSocket API. The browser connects to `/ws` on the site's own domain, so the session
 * cookie rides the upgrade request that `$connect` checks; the router forwards it to the API's
 * stage. Messages are pushed back through the management endpoint (`Resource.Realtime`).
 */
export const realtime = new sst.aws.ApiGatewayWebSocket("Realtime");

// One handler for every route: the Realtime entry of packages/functions/src/functions.ts.
const handler = functionArgs("Realtime", { Realtime: realtime });

realtime.route("$connect", handler);
realtime.route("$disconnect", handler);
realtime.route("$default", handler);

// Only the host of a route's URL is used; the path is rewritten to the API's stage.
router.route(
  "/ws",
  realtime.managementEndpoint.apply((endpoint) => `https://${new URL(endpoint).host}`),
  { rewrite: { regex: "^/ws/?$", to: "/$$default" } },
);
