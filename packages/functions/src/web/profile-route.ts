import { RESERVED_PATHS, USERNAME_MAX, USERNAME_MIN } from "@graph/core/modules/users/rules";

/**
 * Which requests for the site are profile pages, decided before any origin is chosen: on AWS by
 * the router's CloudFront function (its code is generated from `profileRoute` below), locally by
 * the runtime in front of the built web app. Everything this leaves alone stays static.
 */

/** Where the profile page function answers: `/_profile/{name}`. */
export const PROFILE_ROUTE = "/_profile";

/** The facts the decision needs, passed in: the code runs at the edge, where no module is imported. */
export interface ProfileRouteRules {
  /** Reserved first segments, lower case, as an object's keys (no Set needed at the edge). */
  reserved: Record<string, true>;
  min: number;
  max: number;
  route: string;
}

export const PROFILE_ROUTE_RULES: ProfileRouteRules = {
  reserved: Object.fromEntries(RESERVED_PATHS.map((path) => [path.toLowerCase(), true])),
  min: USERNAME_MIN,
  max: USERNAME_MAX,
  route: PROFILE_ROUTE,
};

/**
 * The profile route a path is rewritten to (`/alice`, `/alice/` and `/profile/alice` →
 * `/_profile/alice`), or null when the path is no profile: more than one segment, a file (a dot
 * is never in a name), a name of the wrong length or characters, or a reserved word.
 *
 * Its own source text runs in CloudFront's JavaScript runtime, so it stays self-contained: no
 * reference outside its body, no nested functions, nothing CloudFront's runtime 2.0 lacks.
 */
export function profileRoute(uri: string, rules: ProfileRouteRules): string | null {
  const match = /^\/(?:profile\/)?([A-Za-z0-9_-]+)\/?$/.exec(uri);
  if (!match) return null;
  const name = match[1]!;
  if (name.length < rules.min || name.length > rules.max) return null;
  if (rules.reserved[name.toLowerCase()] === true) return null;
  return rules.route + "/" + name;
}

/**
 * The Router's viewer-request injection (run first in its CloudFront function, before it picks
 * an origin by path prefix): a GET or HEAD of a profile path is rewritten to the profile route,
 * which points at the profile page function. The query string is kept as it is.
 */
export function profileEdgeInjection(rules: ProfileRouteRules = PROFILE_ROUTE_RULES): string {
  return [
    `if (event.request.method === "GET" || event.request.method === "HEAD") {`,
    `  var profileRouteTo = (${profileRoute.toString()})(event.request.uri, ${JSON.stringify(rules)});`,
    `  if (profileRouteTo) event.request.uri = profileRouteTo;`,
    `}`,
  ].join("\n");
}
