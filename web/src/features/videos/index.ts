/** The person's YouTube channels and videos, as the media tab shows them (and the YouTube link refreshes). */
export { channelsQuery } from "./api.ts";
export { ChannelsSection } from "./ChannelsSection.tsx";
export { VideosSection } from "./VideosSection.tsx";
