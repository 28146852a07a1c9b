import { Hono } from "hono";
import * as Slack from "@graph/core/adapters/slack";
import { ChannelQueue, enqueue } from "@graph/core/adapters/queues";
import * as Channels from "@graph/core/modules/channels";
import { VisibleError } from "@graph/core/lib/errors";
import { channelConnectRoutes } from "./channel-connect.ts";
import type { ApiEnv } from "./env.ts";

/** A forged, stale or replayed request: refused, and nothing is done. */
const refused = () => new VisibleError(401, "invalid_signature", "The request's signature is not Slack's.");

/** Slack's command payload (a form), read leniently: unknown fields are Slack's own. */
function commandOf(form: URLSearchParams) {
  const field = (name: string, max: number) => (form.get(name) ?? "").slice(0, max);
  return {
    teamId: field("team_id", 100),
    channelId: field("channel_id", 100),
    userName: field("user_name", 100),
    text: field("text", Channels.COMMAND_TEXT_MAX),
    responseUrl: field("response_url", 2000),
  };
}

/**
 * `/slack/*`: "Add to Slack" (a navigation to Slack's consent page and back; 403 `plan_required`
 * on a plan without the bot) and the `/graph` slash command.
 */
export const slack = new Hono<ApiEnv>().route("/", channelConnectRoutes("slack")).post("/commands", async (c) => {
  // The signature covers the exact bytes sent: read them before anything parses the body.
  const body = await c.req.text();
  const signature = c.req.header("x-slack-signature");
  const valid = Slack.verifySlackSignature(Slack.signingSecret(), {
    timestamp: c.req.header("x-slack-request-timestamp"),
    signature,
    body,
  });
  if (!valid || !signature || !(await Channels.firstUse(signature))) throw refused();
  const command = commandOf(new URLSearchParams(body));
  if (!command.teamId) throw new VisibleError(400, "invalid_input", "team_id is missing.");
  // Within Slack's three seconds: what needs no data is answered now, the rest later at response_url.
  const linked = await Channels.isLinked("slack", command.teamId);
  if (!linked || Channels.isQuickCommand(command.text) || !Slack.isSlackHook(command.responseUrl)) {
    const answer = await Channels.answerCommand({
      kind: "slack",
      workspaceId: command.teamId,
      channelId: command.channelId,
      text: linked ? "help" : command.text,
    });
    return c.json({ response_type: "ephemeral", ...("text" in answer ? answer : Slack.picksBody(answer)) });
  }
  await enqueue(ChannelQueue, [
    {
      kind: "reply",
      service: "slack",
      workspaceId: command.teamId,
      ...(command.channelId ? { channelId: command.channelId } : {}),
      ...(command.userName ? { userName: command.userName } : {}),
      text: command.text,
      responseUrl: command.responseUrl,
    },
  ]);
  return c.json({ response_type: "ephemeral", text: Channels.CHANNEL_MESSAGES.working });
});
