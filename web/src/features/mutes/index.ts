/** Muted words, shown on the feed tab of settings. */
export { MuteWords } from "./MuteWords.tsx";
