import { domain } from "./settings";

/**
 * The one public address of the app: a CloudFront router in front of the static site
 * (`/*`), the HTTP API (`/api*`, added in api.ts) and the WebSocket API (`/ws`, added in
 * realtime.ts). One origin keeps the session cookie first-party for all three.
 */
export const router = new sst.aws.Router("Web", {
  domain: domain ? { name: domain } : undefined,
});

/** The React app built from web/, served for every path no other route claims. */
export const site = new sst.aws.StaticSite("Site", {
  path: ".",
  build: { command: "npm run build -w web", output: "web/dist" },
  // No errorPage: paths that are not files (client-side routes such as /login) are then
  // answered with index.html and status 200, not a 404 error page.
  router: { instance: router },
  // `sst dev` deploys the built site too, so the browser reaches the live API through this
  // same origin (the local runtime, `npm run dev`, is the way to work on the web app itself).
  dev: false,
});
