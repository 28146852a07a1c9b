/** The reader view's part in other pages: its setting on the feed tab of the settings page. */
export { ReadingSettings } from "./ReadingSettings.tsx";
