import { FRAME_OPTIONS, HSTS, REFERRER_POLICY, contentSecurityPolicy } from "../packages/core/src/lib/csp/rules";
import { profileEdgeInjection } from "../packages/functions/src/web/profile-route";
import { domain } from "./settings";
import { imagesBucket, importsBucket } from "./storage";

/**
 * The security headers of every answer — site, API and WebSocket alike — with the same
 * Content-Security-Policy as the local runtime (packages/core/src/lib/csp/rules.ts) plus
 * HSTS. Without a custom domain the CloudFront address is only known after the distribution
 * exists, so the policy names no WebSocket origin and relies on `'self'`, which covers
 * same-origin `wss:` in current browsers.
 */
const securityHeaders = new aws.cloudfront.ResponseHeadersPolicy("WebSecurityHeaders", {
  comment: "graph security headers",
  securityHeadersConfig: {
    contentSecurityPolicy: {
      // Browsers upload photos and Takeout files straight to the Images and Imports buckets (presigned POST).
      contentSecurityPolicy: $util
        .all([
          imagesBucket.domain,
          imagesBucket.nodes.bucket.bucketRegionalDomainName,
          importsBucket.domain,
          importsBucket.nodes.bucket.bucketRegionalDomainName,
        ])
        .apply((names) =>
          contentSecurityPolicy({
            siteUrl: domain ? `https://${domain}` : undefined,
            uploadOrigins: [...new Set(names)].map((name) => `https://${name}`),
          }),
        ),
      override: true,
    },
    strictTransportSecurity: {
      accessControlMaxAgeSec: HSTS.maxAgeSeconds,
      includeSubdomains: HSTS.includeSubDomains,
      preload: HSTS.preload,
      override: true,
    },
    contentTypeOptions: { override: true },
    frameOptions: { frameOption: FRAME_OPTIONS, override: true },
    referrerPolicy: { referrerPolicy: REFERRER_POLICY, override: true },
  },
});

/**
 * The one public address of the app: a CloudFront router in front of the static site
 * (`/*`), the HTTP API (`/api*`, added in api.ts) and the WebSocket API (`/ws`, added in
 * realtime.ts). One origin keeps the session cookie first-party for all three. Profile paths
 * (`/{username}`) are rewritten at the edge to the profile page function's route (`/_profile`,
 * added in profile-pages.ts), so their links preview with the person's name.
 */
export const router = new sst.aws.Router("Web", {
  domain: domain ? { name: domain } : undefined,
  // Runs before the router picks an origin by path prefix (generated from profileRoute).
  edge: { viewerRequest: { injection: profileEdgeInjection() } },
  transform: {
    // Routes added with router.route() share the default behaviour (a CloudFront function picks
    // the origin), so the policy goes there; any ordered behaviour gets it too.
    cdn: (args) => {
      args.defaultCacheBehavior = $util
        .all([args.defaultCacheBehavior, securityHeaders.id])
        .apply(([behavior, responseHeadersPolicyId]) => ({ ...behavior, responseHeadersPolicyId }));
      if (args.orderedCacheBehaviors) {
        args.orderedCacheBehaviors = $util
          .all([args.orderedCacheBehaviors, securityHeaders.id])
          .apply(([behaviors, responseHeadersPolicyId]) => behaviors.map((b) => ({ ...b, responseHeadersPolicyId })));
      }
    },
  },
});

/** The React app built from web/, served for every path no other route claims. */
export const site = new sst.aws.StaticSite("Site", {
  path: ".",
  build: { command: "npm run build -w web", output: "web/dist" },
  // No errorPage: paths that are not files (client-side routes such as /login) are then
  // answered with index.html and status 200, not a 404 error page.
  router: { instance: router },
  assets: {
    // Later entries win. Hashed files under assets/ never change; everything else
    // (index.html, robots.txt, theme.js) revalidates. The build's .br/.gz copies are for the
    // local runtime: CloudFront compresses by itself.
    fileOptions: [
      { files: "**", ignore: ["**/*.br", "**/*.gz"], cacheControl: "no-cache" },
      {
        files: "assets/**",
        ignore: ["**/*.br", "**/*.gz"],
        cacheControl: "public, max-age=31536000, immutable",
      },
    ],
  },
  // `sst dev` deploys the built site too, so the browser reaches the live API through this
  // same origin (the local runtime, `npm run dev`, is the way to work on the web app itself).
  dev: false,
});
