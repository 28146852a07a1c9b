import { Hono, type Context } from "hono";
import * as Channels from "@graph/core/modules/channels";
import { safeRedirect, sitePath, withParam } from "@graph/core/modules/connections";
import { requireFeature } from "@graph/core/lib/plans";
import { safeEqual } from "@graph/core/lib/util";
import { callbackQuery, LoginQuery, parseConnectState, stateCookie } from "./connect.ts";
import type { ApiEnv } from "./env.ts";
import { input } from "./validate.ts";

const HOME = Channels.CHANNELS_SETTINGS_PATH;
const result = (redirect: string, outcome: Channels.ConnectOutcome | "error") =>
  withParam(redirect, Channels.CHANNEL_RESULT_PARAM, outcome === "failed" ? "error" : outcome);
/** The one way out of a connect: a path of this site, else the feed tab. */
const back = (c: Context, location: string) => c.redirect(sitePath(location) ?? result(HOME, "error"), 302);

/**
 * Adding graph to a channel of `kind`, the same for every service: `/api/login`, a navigation to
 * the service's consent page (403 `plan_required` on a plan without the bot, fetch or
 * navigation alike), and `/api/callback`, back from it to the feed tab with `channels=` saying
 * how it went. The state is kept in an httpOnly cookie scoped to these two paths.
 */
export function channelConnectRoutes(kind: Channels.ChannelKind) {
  const STATE = stateCookie(`graph_${kind}_state`, `/api/${kind}/api`);
  return new Hono<ApiEnv>()
    .get("/api/login", input("query", LoginQuery), async (c) => {
      const session = c.get("session");
      if (!session) return c.redirect("/login", 302);
      requireFeature(session.plan, "bot");
      const raw = c.req.valid("query").state;
      const state = raw === undefined ? { userId: session.userId, redirect: undefined } : parseConnectState(raw);
      const redirect = safeRedirect(state?.redirect, HOME);
      if (!state || state.userId !== session.userId) return back(c, result(redirect, "error"));
      const started = await Channels.startConnect(kind, session.userId, session.plan, redirect);
      STATE.set(c, started.state, started.maxAge);
      return c.redirect(started.url, 302);
    })
    .get("/api/callback", async (c) => {
      const browserState = STATE.take(c);
      const session = c.get("session");
      if (!session) return c.redirect("/login", 302);
      const { code, state, error } = callbackQuery(c);
      // Cancelled on the service's page (or sent back malformed): nothing to finish.
      if (error !== undefined || !code || !state) {
        const redirect =
          state && browserState && safeEqual(state, browserState)
            ? await Channels.cancelConnect(kind, state, HOME)
            : HOME;
        return back(c, result(redirect, "error"));
      }
      const finished = await Channels.finishConnect(kind, { code, state, browserState, userId: session.userId }, HOME);
      return back(c, result(finished.redirect, finished.outcome));
    });
}
