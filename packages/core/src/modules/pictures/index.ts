/**
 * Pictures on graph's own origin: an outside picture fetched once through the address guard,
 * checked by its bytes and sizes, kept as WebP at two widths in the Images bucket and served at
 * `/media/` (see docs/feed.md, "Cards that show the article"). Articles keep their picture when
 * they are ingested; every other outside picture an answer names goes through the signed
 * proxy route (`pictureAddress`, docs/architecture.md "Pictures").
 */
export type { ProxyOptions } from "./proxied.ts";
export { pictureAddress, signedPicture } from "./signed.ts";
export { pictureView, type PictureRef, type ProxiedPicture } from "./rules.ts";

/**
 * The proxy itself (proxied.ts: the address guard, the fetch, sharp, the bucket) is imported by
 * its first use, so a module that only signs addresses (`pictureAddress`) does not load it.
 */
type Proxy = typeof import("./proxied.ts");
const proxy = () => import("./proxied.ts");

export async function proxiedPicture(...args: Parameters<Proxy["proxiedPicture"]>) {
  return (await proxy()).proxiedPicture(...args);
}

export async function storedPicture(...args: Parameters<Proxy["storedPicture"]>) {
  return (await proxy()).storedPicture(...args);
}
