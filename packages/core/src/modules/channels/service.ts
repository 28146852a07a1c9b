import * as Discord from "../../adapters/discord/index.ts";
import * as Slack from "../../adapters/slack/index.ts";
import type { ChannelKind, ChannelService } from "./rules.ts";

/**
 * The services the bot posts through, by kind (each implements `ChannelService`, declared in
 * rules.ts so the adapters may import it). A kind without a service here has no "add" button
 * and refuses its connect.
 */
const SERVICES: Partial<Record<ChannelKind, ChannelService>> = {
  slack: Slack.slackService,
  discord: Discord.discordService,
};

export const serviceOf = (kind: ChannelKind): ChannelService | undefined => SERVICES[kind];

/** The kinds whose service exists and is configured here. */
export const configuredKinds = (): ChannelKind[] =>
  Object.values(SERVICES)
    .filter((s): s is ChannelService => s?.isConfigured() === true)
    .map((s) => s.kind);
