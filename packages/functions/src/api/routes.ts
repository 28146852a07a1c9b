import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { BlankSchema } from "hono/types";
import type { ApiEnv } from "./env.ts";
import { errorAnswer, notFoundAnswer } from "./errors.ts";

/**
 * The API's route groups, each imported when a request first reaches it. A cold start then
 * compiles and runs only the groups (and the domain modules behind them) its request needs,
 * not all of them: with the function split into chunks (`splitting` in functions.ts) each group
 * is its own chunk.
 *
 * The groups are listed in the order they were mounted eagerly, each at its path; a group at
 * the root says which first segments its paths start with (tests/integration/api-routes.test.ts
 * checks them against its routes). route-types.ts mounts the same groups eagerly, for the
 * client's types only.
 */
interface RouteGroup {
  at: string;
  /** For a group mounted at the root: the first segments of its paths. */
  segments?: readonly string[];
  load: () => Promise<Group>;
}

/** A group as mounted here: its routes' types matter only to the client (route-types.ts). */
type Group = Hono<ApiEnv>;
const group = (app: object) => app as Group;
type RootApp = Hono<ApiEnv, BlankSchema, "/api">;

export const ROUTE_GROUPS: readonly RouteGroup[] = [
  {
    at: "/",
    segments: ["check_auth", "config", "login", "logout", "signup", "verify-email-resend", "verify_account"],
    load: async () => group((await import("./auth.ts")).auth),
  },
  { at: "/", segments: ["login"], load: async () => group((await import("./google.ts")).google) },
  { at: "/", segments: ["rss", "users"], load: async () => group((await import("./search.ts")).search) },
  { at: "/password", load: async () => group((await import("./password.ts")).password) },
  { at: "/users", load: async () => group((await import("./users.ts")).users) },
  { at: "/users", load: async () => group((await import("./account.ts")).account) },
  { at: "/users", load: async () => group((await import("./follows.ts")).follows) },
  { at: "/overlap", load: async () => group((await import("./overlap.ts")).overlap) },
  { at: "/feed", load: async () => group((await import("./following-feed.ts")).followingFeed) },
  { at: "/gpt", load: async () => group((await import("./topics.ts")).topics) },
  { at: "/aims", load: async () => group((await import("./topics.ts")).aims) },
  { at: "/rss", load: async () => group((await import("./feed.ts")).rss) },
  { at: "/mutes", load: async () => group((await import("./mutes.ts")).mutes) },
  { at: "/tumble", load: async () => group((await import("./tumble.ts")).tumble) },
  { at: "/filters", load: async () => group((await import("./filters.ts")).filters) },
  { at: "/opml", load: async () => group((await import("./opml.ts")).opml) },
  { at: "/articles", load: async () => group((await import("./feed.ts")).articles) },
  { at: "/reader", load: async () => group((await import("./reader.ts")).reader) },
  { at: "/digest", load: async () => group((await import("./digest.ts")).digest) },
  { at: "/users", load: async () => group((await import("./profile.ts")).profileUsers) },
  { at: "/contacts", load: async () => group((await import("./profile.ts")).contacts) },
  { at: "/thoughts", load: async () => group((await import("./profile.ts")).thoughts) },
  { at: "/websites", load: async () => group((await import("./profile.ts")).websites) },
  { at: "/images", load: async () => group((await import("./images.ts")).images) },
  { at: "/pictures", load: async () => group((await import("./pictures.ts")).pictures) },
  { at: "/books", load: async () => group((await import("./media.ts")).books) },
  { at: "/movies", load: async () => group((await import("./media.ts")).movies) },
  { at: "/spotify", load: async () => group((await import("./spotify.ts")).spotify) },
  { at: "/youtube", load: async () => group((await import("./youtube.ts")).youtube) },
  { at: "/slack", load: async () => group((await import("./slack.ts")).slack) },
  { at: "/discord", load: async () => group((await import("./discord.ts")).discord) },
  { at: "/channels", load: async () => group((await import("./channels.ts")).channels) },
  { at: "/youtube", load: async () => group((await import("./watch-history.ts")).watchHistory) },
  { at: "/messages", load: async () => group((await import("./messages.ts")).messages) },
  { at: "/stripe", load: async () => group((await import("./stripe.ts")).stripe) },
  { at: "/plans", load: async () => group((await import("./stripe.ts")).plans) },
  { at: "/atom", load: async () => group((await import("./atom-feed.ts")).atomFeed) },
  { at: "/agent", load: async () => group((await import("./agent.ts")).agent) },
];

/** The first segments a group's paths start with. */
export function segmentsOf(routeGroup: RouteGroup): readonly string[] {
  return routeGroup.segments ?? [routeGroup.at.slice(1)];
}

/** What the app's middleware set for a request, handed to the group that answers it. */
const outerContexts = new WeakMap<Request, Context<ApiEnv>>();

/**
 * Mounts every group on `app` (whose middleware has run by then): each first segment's groups,
 * in their order, are one app imported on its first request. The request goes on to it with
 * what the middleware set (the caller's address, the session) and the body it has read already.
 */
export function mountRouteGroups(app: RootApp) {
  const bySegment = new Map<string, RouteGroup[]>();
  for (const routeGroup of ROUTE_GROUPS) {
    for (const segment of segmentsOf(routeGroup))
      bySegment.set(segment, [...(bySegment.get(segment) ?? []), routeGroup]);
  }
  for (const [segment, groups] of bySegment) {
    const answer = lazyGroups(groups);
    app.all(`/${segment}`, answer).all(`/${segment}/*`, answer);
  }
}

function lazyGroups(groups: RouteGroup[]): MiddlewareHandler<ApiEnv> {
  let loading: Promise<RootApp> | undefined;
  return async (c) => {
    loading ??= mounted(groups).catch((error: unknown) => {
      // A failed import is tried again by the next request, not remembered.
      loading = undefined;
      throw error;
    });
    const inner = await loading;
    outerContexts.set(c.req.raw, c);
    return inner.fetch(c.req.raw, c.env);
  };
}

/** The groups mounted eagerly on one app, as the API mounted them all before. */
export async function mounted(groups: readonly RouteGroup[]): Promise<RootApp> {
  const apps = await Promise.all(groups.map((routeGroup) => routeGroup.load()));
  const inner = new Hono<ApiEnv>().basePath("/api").use(async (c, next) => {
    const outer = outerContexts.get(c.req.raw);
    if (outer) {
      c.set("clientAddress", outer.var.clientAddress);
      if (outer.var.session) c.set("session", outer.var.session);
      // The body the middleware read (jsonOnly) is the one the routes read.
      Object.assign(c.req.bodyCache, outer.req.bodyCache);
    }
    await next();
  });
  groups.forEach((routeGroup, index) => inner.route(routeGroup.at, apps[index]!));
  inner.notFound(notFoundAnswer);
  inner.onError(errorAnswer);
  return inner;
}
