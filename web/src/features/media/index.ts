/** The media tab of settings: account links, YouTube channels and videos, books and films. */
export { MediaTab } from "./MediaTab.tsx";
