/**
 * A person's feed: the refresh policy and its sessions (sessions.ts), the engine that scores and
 * chooses articles (scoring.ts, pure), the wire shape it answers (view.ts), the digest's picks,
 * and the person's marks on articles (likes, seen, silenced sources).
 */
export { read, readIfChanged, MESSAGES, type FeedAnswer } from "./sessions.ts";
export { digestPicks, type DigestPick } from "./digest-picks.ts";
export { recentPicks, type RecentPick } from "./recent.ts";
export { diversePicks } from "./scoring.ts";
export type { EarlierSession, Feed, FeedArticle } from "./view.ts";
export type { FeedPick, FeedSession } from "./picks.ts";
export * as Likes from "./likes.ts";
export * as Seen from "./seen.ts";
export * as Silenced from "./silenced.ts";
export * as FeedState from "./state.ts";
export { purgeAccount } from "./purge.ts";
export { sourcesThatFed } from "./fed-sources.ts";
export { personData } from "./person-data.ts";
