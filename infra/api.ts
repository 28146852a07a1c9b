import { functionArgs } from "./functions";
import { queueLinkables } from "./jobs";
import { realtime } from "./realtime";
import { imagesBucket } from "./storage";
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
  // Handler, links, timeout, memory and sharp's install: the Api entry of packages/functions/src/functions.ts.
  ...functionArgs("Api", { Realtime: realtime, ...queueLinkables }),
  // Photo moderation (packages/core/src/adapters/rekognition).
  permissions: [{ actions: ["rekognition:DetectModerationLabels"], resources: ["*"] }],
});

// Only the checked variants under public/ are reachable: /media/<key> → public/<key>.
router.routeBucket("/media", imagesBucket, { rewrite: { regex: "^/media/(.*)$", to: "/public/$1" } });

router.route("/api", api.url);

/**
 * Stripe's webhook endpoint, to register in Stripe's dashboard (see docs/billing.md). It is a route
 * of the same function: Stripe calls it without a session, and it checks Stripe's signature.
 */
export const stripeWebhookUrl = $interpolate`${router.url}/api/stripe/webhook`;

/** Slack's slash command address, to set as the `/graph` command's Request URL (see docs/channels.md). */
export const slackCommandsUrl = $interpolate`${router.url}/api/slack/commands`;

/** Discord's interactions endpoint, to set as the application's Interactions Endpoint URL (see docs/channels.md). */
export const discordInteractionsUrl = $interpolate`${router.url}/api/discord/interactions`;
