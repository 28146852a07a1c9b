/**
 * Discord: graph's channel service there (OAuth2 with a webhook in the channel the person
 * picks, picks posted as embeds, a command's late answer edited into its deferred response) and
 * its interactions endpoint (`/graph …`, Ed25519-signed).
 */
import type { ChannelService } from "../../modules/channels/rules.ts";
import { authorizeUrl, exchange, revoke } from "./connect.ts";
import { isConfigured } from "./provider.ts";
import { answerInteraction, postToWebhook } from "./webhook.ts";

export const discordService: ChannelService = {
  kind: "discord",
  isConfigured,
  authorizeUrl,
  exchange,
  post: postToWebhook,
  answer: answerInteraction,
  revoke,
};

export {
  handleInteraction,
  type DiscordCommand,
  type InteractionOptions,
  type InteractionAnswer,
} from "./interactions.ts";
export { followUpUrl } from "./webhook.ts";
export { GRAPH_COMMAND, registerCommands } from "./commands.ts";
export type { DiscordAnswer } from "./message.ts";
