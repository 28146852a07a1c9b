import * as Slack from "../../adapters/slack/index.ts";
import type { ChannelKind, ChannelService } from "./rules.ts";

export type { ChannelKind, ChannelService, PicksMessage, PostResult } from "./rules.ts";

/**
 * The services the bot posts through, by kind. A kind without a service here (Discord, until its
 * adapter is wired) has no "add" button and refuses its connect.
 */
const SERVICES: Partial<Record<ChannelKind, ChannelService>> = {
  slack: Slack.slackService,
};

export const serviceOf = (kind: ChannelKind): ChannelService | undefined => SERVICES[kind];

/** The kinds whose service exists and is configured here. */
export const configuredKinds = (): ChannelKind[] =>
  (Object.values(SERVICES) as ChannelService[]).filter((s) => s.isConfigured()).map((s) => s.kind);
