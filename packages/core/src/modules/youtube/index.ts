/**
 * YouTube: the account link (Google OAuth with PKCE through `connections`), the sync of the
 * account's subscriptions into channels, Takeout `subscriptions.csv` imports, the profile's and
 * mutual interests' reads, unlink (revoking the grant at Google) and purge. Watch history is
 * the `watch-history` module's.
 */
export {
  cancelConnect,
  finishConnect,
  importTakeoutChannels,
  purgeAccount,
  resyncAll,
  removeChannel,
  startConnect,
  sync,
  unlink,
} from "./link.ts";
export { channelShelf, heldChannels, listChannels, type ChannelView } from "./channels.ts";
export { status, type YouTubeStatus } from "./reads.ts";
export { isConfigured } from "../../adapters/youtube/index.ts";
export * from "./rules.ts";
export { personData } from "./person-data.ts";
