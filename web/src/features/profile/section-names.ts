import type { ProfileSection } from "@graph/core/modules/profile/rules";

/** How each profile section is named on the pages. */
export const SECTION_NAMES: Record<ProfileSection, string> = {
  aboutMe: "about me",
  articles: "articles",
  books: "books",
  topics: "topics",
  movies: "movies",
  youtubeChannels: "youtube channels",
  youtubeVideos: "youtube videos",
  thoughts: "thoughts",
  tracks: "tracks",
  artists: "artists",
  websites: "websites",
};
