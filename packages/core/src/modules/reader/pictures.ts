import * as Pictures from "../pictures/index.ts";
import type { ImageHook } from "./sanitize.ts";

/**
 * At most this many of a page's images are fetched and kept (each about 0.1 s of resizing, after
 * its fetch): a long gallery stays well inside the API's 29 s, and the rest are dropped.
 */
export const READER_PICTURES_MAX = 12;

/**
 * A reading's images through the feed cards' picture proxy: fetched once through the address
 * guard, checked, kept as WebP and served from graph's own origin, so a reader's browser never
 * asks the publisher (or its trackers) for anything. An image the proxy refuses is dropped.
 */
export function proxiedImages(options: { allowPrivate: boolean; referer: string }): ImageHook {
  let left = READER_PICTURES_MAX;
  return async (src) => {
    if (left <= 0) return undefined;
    left -= 1;
    const picture = await Pictures.proxiedPicture(src, options);
    return picture && { src: picture.src, width: picture.width, height: picture.height };
  };
}
