export { randomToken, seal, sha256, sixDigitCode, safeEqual, unseal } from "./crypto.ts";
export { escapeHtml } from "./html.ts";
export { mapLimited } from "./concurrency.ts";
export { SHARP_FORMAT, sniffPictureType } from "./picture-type.ts";
