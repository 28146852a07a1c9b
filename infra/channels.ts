/**
 * Discord's OAuth2 endpoints and API (webhooks, interaction follow-ups), read by the code as
 * `Resource.Discord` (the application is the `Discord*` secrets). The local runtime links its
 * offline stand-in instead unless DISCORD_CLIENT_ID is set.
 */
export const discord = new sst.Linkable("Discord", {
  properties: {
    authorizationEndpoint: "https://discord.com/oauth2/authorize",
    tokenEndpoint: "https://discord.com/api/oauth2/token",
    revocationEndpoint: "https://discord.com/api/oauth2/token/revoke",
    apiUrl: "https://discord.com/api/v10",
  },
});
