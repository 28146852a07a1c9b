import { config } from "./config";
import { ingestQueue, mailQueue } from "./jobs";
import { realtime } from "./realtime";
import { allSecrets } from "./secrets";
import { searchBucket, table } from "./storage";
import { router } from "./web";

/**
 * The HTTP API: one Lambda running the Hono app for every request. It is reached through the
 * router at `/api*` on the site's domain, so the API answers paths that start with `/api`.
 * Mail is only queued here; the mail worker talks to SES.
 */
export const api = new sst.aws.ApiGatewayV2("Api", {
  // Same origin as the site: browsers never make cross-origin calls to it.
  cors: false,
});

api.route("$default", {
  handler: "packages/functions/src/api/lambda.handler",
  link: [table, searchBucket, mailQueue, ingestQueue, config, realtime, ...allSecrets],
  timeout: "29 seconds",
  memory: "1024 MB",
});

router.route("/api", api.url);
