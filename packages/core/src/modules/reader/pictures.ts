import * as Pictures from "../pictures/index.ts";
import type { ImageHook } from "./sanitize.ts";

/**
 * At most this many of a page's images are fetched and kept (each about 0.1 s of resizing, after
 * its fetch): a long gallery stays well inside the API's 29 s, and the rest are dropped.
 */
export const READER_PICTURES_MAX = 12;
/** All of a page's pictures get this long, from the first: a slow or silent host cannot hold the reading. */
export const READER_PICTURES_BUDGET_MS = 6_000;

/**
 * A reading's images through the feed cards' picture proxy: fetched once through the address
 * guard, checked, kept as WebP and served from graph's own origin, so a reader's browser never
 * asks the publisher (or its trackers) for anything. An image the proxy refuses is dropped.
 */
export function proxiedImages(options: { allowPrivate: boolean; referer: string }): ImageHook {
  let left = READER_PICTURES_MAX;
  let deadline: number | undefined;
  return async (src) => {
    deadline ??= Date.now() + READER_PICTURES_BUDGET_MS;
    const remaining = deadline - Date.now();
    if (left <= 0 || remaining <= 0) return undefined;
    left -= 1;
    let resolveLate!: (value: undefined) => void;
    // A picture still in work when the budget ends is dropped from this reading (it is kept for the next).
    const late = new Promise<undefined>((resolve) => (resolveLate = resolve));
    const timer = setTimeout(() => resolveLate(undefined), remaining);
    const picture = await Promise.race([Pictures.proxiedPicture(src, options), late]);
    clearTimeout(timer);
    return picture && { src: picture.src, width: picture.width, height: picture.height };
  };
}
