import { Hono, type Context } from "hono";
import { handleInteraction, type DiscordAnswer, type DiscordCommand } from "@graph/core/adapters/discord";
import { withParam } from "@graph/core/modules/connections/rules";
import { callbackQuery, stateCookie } from "./connect.ts";
import type { ApiEnv } from "./env.ts";

/**
 * `/discord/*`: adding graph to a Discord server (a full-page navigation to Discord's consent
 * page and back) and Discord's interactions endpoint (`/graph …`, signed by Discord). Built on
 * the channels module, which the routes reach through `DiscordChannels` (`Channels` itself).
 */

/** What these routes need of the channels module. */
export interface DiscordChannels {
  /** Throws 403 `plan_required` on free, as every connect navigation does. */
  startConnect(kind: "discord", userId: string): Promise<{ url: string; state: string; maxAge: number }>;
  finishConnect(
    kind: "discord",
    input: { code: string; state: string; browserState: string | undefined; userId: string },
  ): Promise<{ outcome: "connected" | "failed" }>;
  answerCommand(command: DiscordCommand): Promise<DiscordAnswer>;
}

/** Called by Discord's servers, authorised by its signature: exempt from the same-origin check. */
export const DISCORD_SERVER_PATHS = ["/api/discord/interactions"] as const;

/** Where a connect comes back to: the settings' feed tab, with how it went. */
const FEED_TAB = "/home/tune?tab=feed";
const back = (outcome: "connected" | "error") => withParam(FEED_TAB, "discord", outcome);

const STATE = stateCookie("graph_discord_state", "/api/discord/api");

export function discordRoutes(channels: DiscordChannels) {
  const signedIn = (c: Context<ApiEnv>) => c.get("session")?.userId;
  return new Hono<ApiEnv>()
    .get("/api/login", async (c) => {
      const userId = signedIn(c);
      if (!userId) return c.redirect("/login", 302);
      const started = await channels.startConnect("discord", userId);
      STATE.set(c, started.state, started.maxAge);
      return c.redirect(started.url, 302);
    })
    .get("/api/callback", async (c) => {
      const browserState = STATE.take(c);
      const userId = signedIn(c);
      if (!userId) return c.redirect("/login", 302);
      const { code, state, error } = callbackQuery(c);
      // Cancelled on Discord's page (or sent back malformed): nothing to finish.
      if (error !== undefined || !code || !state) return c.redirect(back("error"), 302);
      const finished = await channels.finishConnect("discord", { code, state, browserState, userId });
      return c.redirect(back(finished.outcome === "connected" ? "connected" : "error"), 302);
    })
    .post("/interactions", async (c) => {
      const answered = await handleInteraction(await c.req.text(), c.req.raw.headers, (command) =>
        channels.answerCommand(command),
      );
      return c.json(answered.body as object, answered.status);
    });
}
