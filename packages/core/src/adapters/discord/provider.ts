import { Resource } from "sst";
import type { OAuthClient } from "../oauth/index.ts";

/**
 * Discord as graph's OAuth client sees it. The endpoints and the API's address are the linked
 * `Discord` resource (Discord's own on AWS, the local stand-in's without keys); the application
 * is the `DiscordClientId`/`DiscordClientSecret` secrets, its interactions are checked with
 * `DiscordPublicKey`, and `DiscordApplicationId` names it in interaction follow-ups.
 */

/** A webhook in the channel the person picks on Discord's page, and the `/graph` command. */
export const DISCORD_SCOPES = ["webhook.incoming", "applications.commands"];

export function discordClient(): OAuthClient {
  return {
    clientId: Resource.DiscordClientId.value,
    clientSecret: Resource.DiscordClientSecret.value,
    authorizationEndpoint: Resource.Discord.authorizationEndpoint,
    tokenEndpoint: Resource.Discord.tokenEndpoint,
    redirectUri: `${Resource.Config.siteUrl.replace(/\/$/, "")}/api/discord/api/callback`,
    scopes: DISCORD_SCOPES,
  };
}

export const apiUrl = (path: string) => `${Resource.Discord.apiUrl.replace(/\/$/, "")}${path}`;
export const revocationEndpoint = () => Resource.Discord.revocationEndpoint;
export const publicKey = () => Resource.DiscordPublicKey.value;
export const applicationId = () => Resource.DiscordApplicationId.value || Resource.DiscordClientId.value;

export const isConfigured = () => Resource.DiscordClientId.value !== "" && Resource.DiscordClientSecret.value !== "";
