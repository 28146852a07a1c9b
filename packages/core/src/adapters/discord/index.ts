/**
 * Discord: graph's channel service there (OAuth2 with a webhook in the channel the person
 * picks, picks posted as embeds) and its interactions endpoint (`/graph …`, Ed25519-signed).
 * Its shapes match the channels module's `ChannelService`, `PicksMessage` and `PostResult`.
 */
import { authorizeUrl, exchange, revoke } from "./connect.ts";
import { isConfigured } from "./provider.ts";
import { postToWebhook } from "./webhook.ts";

export const discordChannel = {
  kind: "discord" as const,
  isConfigured,
  authorizeUrl,
  exchange,
  post: postToWebhook,
  revoke,
};

export { handleInteraction, type DiscordCommand, type InteractionOptions } from "./interactions.ts";
export type { DiscordAnswer } from "./message.ts";
