/** The profile's photos, shown on the profile tab of settings. */
export { ProfilePhotos } from "./ProfilePhotos.tsx";
