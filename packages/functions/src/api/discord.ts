import { Hono } from "hono";
import * as Discord from "@graph/core/adapters/discord";
import { ChannelQueue, enqueue } from "@graph/core/adapters/queues";
import * as Channels from "@graph/core/modules/channels";
import { channelConnectRoutes } from "./channel-connect.ts";
import type { ApiEnv } from "./env.ts";

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
      ...(command.userName ? { userName: command.userName } : {}),
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
  .route("/", channelConnectRoutes("discord"))
  .post("/interactions", async (c) => {
    // The signature covers the exact bytes sent: read them before anything parses the body.
    const answered = await Discord.handleInteraction(await c.req.text(), c.req.raw.headers, answer, {
      firstUse: Channels.firstUse,
    });
    return c.json(answered.body as object, answered.status);
  });
