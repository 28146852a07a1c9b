/**
 * The feed's public face: what other features may use. The feed is cached (in the query cache
 * and on the device), so a change elsewhere that alters it (topics, mutes, silenced sources,
 * onboarding, an added article) goes through these.
 */
export { FEED_KEY, feedQuery, storeFeed } from "./api.ts";
export { withAddedState } from "./feed.ts";
export { useForgetFeed } from "./forget-feed.ts";
export { AddToggle, AlsoCoveredBy, SilenceButton } from "./ArticleCard.tsx";
export { keywordChip, type FeedArticle, type FeedResponse } from "./feed.ts";
export { readingSettingsQuery, saveReadingSettings } from "./reading.ts";
export { CardLayout } from "./CardLayout.tsx";
export { isTypingTarget } from "./use-feed-keys-map.ts";
