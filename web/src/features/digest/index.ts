/** The e-mail digest's settings, shown on the feed tab of settings (unsubscribing is a page: pages.ts). */
export { EmailDigest } from "./EmailDigest.tsx";
