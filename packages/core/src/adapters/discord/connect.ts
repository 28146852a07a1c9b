import * as z from "zod";
import type { ExchangedChannel } from "../../modules/channels/rules.ts";
import {
  authorizationUrl,
  exchangeCodeAnswer,
  GrantRefusedError,
  ProviderUnavailableError,
  revokeToken,
} from "../oauth/index.ts";
import { discordClient, DISCORD_SCOPES, revocationEndpoint } from "./provider.ts";
import { deleteWebhook, webhookUrl } from "./webhook.ts";
import { log } from "../../lib/observability/index.ts";

/** The consent page: the person picks a server and a channel there (the `webhook.incoming` scope). */
export const authorizeUrl = (state: string, codeVerifier: string | null) =>
  new URL(authorizationUrl(discordClient(), state, codeVerifier));

/**
 * The `webhook` Discord's token answer carries for the `webhook.incoming` scope, untrusted.
 * Its address is made from its id and token on the linked API (`webhookUrl`), not taken as given.
 */
const TokenAnswer = z.object({
  webhook: z.object({
    id: z.string(),
    token: z.string(),
    channel_id: z.string().regex(/^\d{15,21}$/),
    guild_id: z.string().regex(/^\d{15,21}$/),
    name: z.string().max(200).nullish(),
  }),
});

/**
 * Exchanges the code for the grant and the webhook Discord made in the channel the person chose.
 * Discord names neither the channel nor the server with this scope (only their ids), so graph
 * names them by id. A grant without the webhook (the person took it out of the consent) is
 * refused as `GrantRefusedError("invalid_scope")`.
 */
export async function exchange(code: string, codeVerifier: string | null): Promise<ExchangedChannel> {
  const { tokens, answer } = await exchangeCodeAnswer(discordClient(), code, codeVerifier);
  const granted = tokens.scopes;
  if (granted && !DISCORD_SCOPES.every((scope) => granted.includes(scope)))
    throw new GrantRefusedError("invalid_scope");
  const parsed = TokenAnswer.safeParse(answer);
  if (!parsed.success) throw new ProviderUnavailableError("Discord answered no webhook with the token");
  const { webhook } = parsed.data;
  return {
    webhookUrl: webhookUrl(webhook.id, webhook.token),
    channelName: `channel ${webhook.channel_id}`,
    workspaceId: webhook.guild_id,
    workspaceName: `server ${webhook.guild_id}`,
    accessToken: tokens.accessToken,
    // Commands name the channel they were typed in by this id: its owner answers them.
    serviceChannelId: webhook.channel_id,
  };
}

/**
 * Unlinks at Discord, best effort: revokes the grant (which ends the `/graph` command's tie to
 * the person) and deletes the webhook (so nothing is left in the channel). A failure is logged
 * by kind only, never thrown: graph forgets both either way.
 */
export async function revoke(accessToken: string | undefined, url: string): Promise<void> {
  const attempts = [
    accessToken ? revokeToken(discordClient(), revocationEndpoint(), accessToken) : Promise.resolve(),
    deleteWebhook(url),
  ];
  for (const outcome of await Promise.allSettled(attempts))
    if (outcome.status === "rejected")
      log.warn("discord: a revoke failed", { reason: (outcome.reason as Error | undefined)?.name ?? "unknown" });
}
