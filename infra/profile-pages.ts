import { PROFILE_ROUTE } from "../packages/functions/src/web/profile-route";
import { functionArgs } from "./functions";
import { router } from "./web";

/**
 * The profile page function: index.html with a person's title, Open Graph and Twitter card tags,
 * so a shared `/{username}` link previews with their name and picture. The router's CloudFront
 * function (web.ts) rewrites profile paths to `/_profile/{name}`, this function's route; every
 * other path stays with the static site. It reads index.html through the site's own address
 * (packages/functions/src/web/site-index.ts), so it always names the live build's scripts.
 *
 * Kept beside web.ts rather than in it: it links Config, and config.ts reads the router's URL
 * from web.ts. Its handler, links, timeout and memory are the ProfilePages entry of
 * packages/functions/src/functions.ts.
 */
export const profilePages = new sst.aws.Function("ProfilePages", {
  ...functionArgs("ProfilePages"),
  url: { router: { instance: router, path: PROFILE_ROUTE } },
});
