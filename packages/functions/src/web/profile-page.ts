import { Hono } from "hono";
import { handle } from "hono/aws-lambda";
import { profileIndexHtml } from "@graph/core/modules/profile";
import { PROFILE_ROUTE, PROFILE_ROUTE_RULES, profileRoute } from "./profile-route.ts";
import { siteIndexHtml } from "./site-index.ts";

/** index.html may change with any deploy, and a profile with any edit: caches revalidate. */
const REVALIDATE = "no-cache";

export interface ProfilePagesOptions {
  /** The site's public address, for the previews' absolute links. */
  siteUrl: string;
  /** The web app's index.html as the site serves it now. */
  indexHtml: () => Promise<string>;
}

/**
 * The profile page function: `/_profile/{name}` answers with the web app's index.html carrying
 * the person's title and preview tags, or with index.html as built for a name that is no
 * profile (the app then shows its not-found page, as it would for any unknown path). The same
 * app runs in the Lambda function behind the router and in the local runtime.
 */
export function profilePages({ siteUrl, indexHtml }: ProfilePagesOptions) {
  const app = new Hono();
  app.get(`${PROFILE_ROUTE}/:name`, async (c) => {
    const name = c.req.param("name");
    const html = await indexHtml();
    // Reached directly, the route may carry what the edge would never send it: no lookup for that.
    const valid = profileRoute(`/${name}`, PROFILE_ROUTE_RULES) === `${PROFILE_ROUTE}/${name}`;
    const page = valid ? await profileIndexHtml(name, html, siteUrl) : undefined;
    return c.html(page ?? html, 200, { "Cache-Control": REVALIDATE });
  });
  return app;
}

/**
 * What the router does for a path, in one call: the page the profile page function answers when
 * the edge would send `path` to it, or undefined when the path stays with the static site.
 */
export async function profilePageAt(app: ReturnType<typeof profilePages>, path: string): Promise<string | undefined> {
  const route = profileRoute(path, PROFILE_ROUTE_RULES);
  if (!route) return undefined;
  return (await app.request(route)).text();
}

/**
 * The Lambda handler (for function URL events): the profile pages over index.html as the
 * deployed site at `siteUrl` serves it.
 */
export function profilePageHandler(siteUrl: string, fetchFrom: typeof fetch = fetch) {
  return handle(profilePages({ siteUrl, indexHtml: siteIndexHtml(siteUrl, fetchFrom) }));
}
