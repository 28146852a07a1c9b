export { randomToken, sha256, sixDigitCode, safeEqual } from "./crypto.ts";
export { escapeHtml } from "./html.ts";
export { mapLimited } from "./concurrency.ts";
