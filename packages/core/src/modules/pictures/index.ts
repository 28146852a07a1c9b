/**
 * Pictures of articles on graph's own origin: an outside picture fetched once through the
 * address guard, checked by its bytes and sizes, kept as WebP at two widths in the Images bucket
 * and served at `/media/` (see docs/feed.md, "Cards that show the article").
 */
export { proxiedPicture, storedPicture, type ProxyOptions } from "./proxied.ts";
export { pictureView, type PictureRef, type ProxiedPicture } from "./rules.ts";
