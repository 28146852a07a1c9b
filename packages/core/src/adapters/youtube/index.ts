/** YouTube's Data API: the OAuth provider (Google's) and the reads graph makes (subscriptions, the channel's name). */
export { youtubeProvider, apiUrl, revocationEndpoint, isConfigured } from "./provider.ts";
export { subscriptions, accountName, type SubscribedChannel } from "./data-api.ts";
