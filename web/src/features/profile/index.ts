/** The profile tab of settings (the public profile is a page: pages.ts). */
export { ProfileTab } from "./edit/ProfileTab.tsx";
