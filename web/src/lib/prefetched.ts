/**
 * The app asks for the first page's data as it starts, before the page's chunk arrives (each
 * feature's pages.ts); the page mounting a moment later keeps that answer instead of asking again.
 */
const JUST_ANSWERED_MS = 5_000;

/** `refetchOnMount` for a query whose answers are otherwise stale at once: not when it has just answered. */
export const unlessJustAnswered = (query: { state: { dataUpdatedAt: number } }): boolean =>
  Date.now() - query.state.dataUpdatedAt >= JUST_ANSWERED_MS;

/**
 * Asks for a page's opening picture before the page renders it (its largest paint), with the
 * same address, source set and sizes as its `<img>` so the browser fetches it once.
 */
export function preloadPicture(picture: {
  src: string;
  srcset?: string | undefined;
  sizes?: string | undefined;
}): void {
  const link = document.createElement("link");
  link.rel = "preload";
  link.as = "image";
  link.href = picture.src;
  if (picture.srcset) link.imageSrcset = picture.srcset;
  if (picture.sizes) link.imageSizes = picture.sizes;
  link.fetchPriority = "high";
  document.head.appendChild(link);
}
