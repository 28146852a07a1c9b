/** The music and video account links, as the media tab shows them (and refreshes the YouTube link's counts). */
export { youtubeStatusQuery } from "./api.ts";
export { MediaLinks } from "./MediaLinks.tsx";
