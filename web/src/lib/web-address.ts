/** Addresses people and feeds give: which may be linked to, and how they read. */

/** An address as a link may point at it: http(s) only, else null (shown as text). */
export function httpHref(address: string): string | null {
  try {
    const url = new URL(address);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** An address to read: without its scheme, and without a lone trailing slash. */
export function displayAddress(address: string): string {
  return address.replace(/^https?:\/\//i, "").replace(/^([^/?#]+)\/$/, "$1");
}
