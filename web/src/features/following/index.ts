/** Following people, as other features use it: the profile's follow actions, and the feed's following tab. */
export { type FriendPick, type FriendSession, followListsQuery, followingFeedQuery, withPickAdded } from "./api.ts";
export { ProfileActions } from "./ProfileActions.tsx";
