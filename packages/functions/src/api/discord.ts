import { Hono, type Context } from "hono";
import * as Discord from "@graph/core/adapters/discord";
import { ChannelQueue, enqueue } from "@graph/core/adapters/queues";
import * as Channels from "@graph/core/modules/channels";
import { safeRedirect, sitePath, withParam } from "@graph/core/modules/connections";
import { safeEqual } from "@graph/core/lib/util";
import { requireFeature } from "@graph/core/lib/plans";
import { callbackQuery, LoginQuery, parseConnectState, stateCookie } from "./connect.ts";
import type { ApiEnv } from "./env.ts";
import { input } from "./validate.ts";

const STATE = stateCookie("graph_discord_state", "/api/discord/api");
const HOME = Channels.CHANNELS_SETTINGS_PATH;
const result = (redirect: string, outcome: Channels.ConnectOutcome | "error") =>
  withParam(redirect, Channels.CHANNEL_RESULT_PARAM, outcome === "failed" ? "error" : outcome);
/** The one way out of a connect: a path of this site, else the feed tab. */
const back = (c: Context, location: string) => c.redirect(sitePath(location) ?? result(HOME, "error"), 302);

/** Called by Discord's servers, authorised by its signature: exempt from the Origin and JSON-only checks. */
export const DISCORD_WEBHOOK_PATHS = ["/api/discord/interactions"] as const;

/**
 * Answers `/graph …` within Discord's three seconds: what needs no data (help, and a server
 * nobody linked, told how to link it) at once; the rest is deferred and its answer edited into
 * place by a `ChannelQueue` job, so nothing runs on after this response.
 */
async function answer(
  command: Discord.DiscordCommand,
  followUp: string | undefined,
): Promise<Discord.InteractionAnswer> {
  const linked = await Channels.isLinked("discord", command.workspaceId);
  if (!linked || Channels.isQuickCommand(command.text) || !followUp)
    return Channels.answerCommand({
      kind: "discord",
      workspaceId: command.workspaceId,
      channelId: command.channelId,
      userExternalId: command.userExternalId,
      text: linked ? "help" : command.text,
    });
  await enqueue(ChannelQueue, [
    {
      kind: "reply",
      service: "discord",
      workspaceId: command.workspaceId,
      channelId: command.channelId,
      text: command.text,
      responseUrl: followUp,
    },
  ]);
  return { deferred: true };
}

/**
 * `/discord/*`: adding graph to a Discord server (a navigation to Discord's consent page and
 * back; 403 `plan_required` on a plan without the bot) and Discord's interactions endpoint
 * (`/graph …`, signed by Discord).
 */
export const discord = new Hono<ApiEnv>()
  .get("/api/login", input("query", LoginQuery), async (c) => {
    const session = c.get("session");
    if (!session) return c.redirect("/login", 302);
    // A fetch and a navigation alike are refused with the plan's note (the feed tab shows the upgrade link).
    requireFeature(session.plan, "bot");
    const raw = c.req.valid("query").state;
    const state = raw === undefined ? { userId: session.userId, redirect: undefined } : parseConnectState(raw);
    const redirect = safeRedirect(state?.redirect, HOME);
    if (!state || state.userId !== session.userId) return back(c, result(redirect, "error"));
    const started = await Channels.startConnect("discord", session.userId, session.plan, redirect);
    STATE.set(c, started.state, started.maxAge);
    return c.redirect(started.url, 302);
  })
  .get("/api/callback", async (c) => {
    const browserState = STATE.take(c);
    const session = c.get("session");
    if (!session) return c.redirect("/login", 302);
    const { code, state, error } = callbackQuery(c);
    // Cancelled on Discord's page (or sent back malformed): nothing to finish.
    if (error !== undefined || !code || !state) {
      const redirect =
        state && browserState && safeEqual(state, browserState)
          ? await Channels.cancelConnect("discord", state, HOME)
          : HOME;
      return back(c, result(redirect, "error"));
    }
    const finished = await Channels.finishConnect(
      "discord",
      { code, state, browserState, userId: session.userId },
      HOME,
    );
    return back(c, result(finished.redirect, finished.outcome));
  })
  .post("/interactions", async (c) => {
    // The signature covers the exact bytes sent: read them before anything parses the body.
    const answered = await Discord.handleInteraction(await c.req.text(), c.req.raw.headers, answer, {
      firstUse: Channels.firstUse,
    });
    return c.json(answered.body as object, answered.status);
  });
