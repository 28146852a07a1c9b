/**
 * The security headers of every answer graph gives, defined once: the local runtime sets them
 * in a middleware and infra/web.ts puts the same values in CloudFront's response headers policy.
 * Pure (no imports), so SST's infra code can import it too.
 */

export interface ContentSecurityPolicyOptions {
  /**
   * The site's public address (e.g. `https://graph.example`). Its ws/wss twin is allowed for
   * connections: `'self'` covers same-origin WebSockets in current browsers, but not in every
   * browser still in use. Unknown (a CloudFront address assigned at deploy) leaves `'self'` alone.
   */
  siteUrl?: string;
  /** Hashes (`sha256-…`, without quotes) of inline `<style>` blocks a page may use. */
  styleHashes?: string[];
  /** Origins the page may send to besides its own: the photo bucket, which browsers upload to directly. */
  uploadOrigins?: string[];
}

/**
 * Scripts, styles, fonts and images come only from graph's own origin (no inline scripts: the
 * theme script is a file in web/public). Every outside picture — article pictures, book covers,
 * film posters, album art, channel thumbnails — goes through graph's picture proxy and is served
 * at /media/ (modules/pictures), so a reader's browser never asks a third party for anything;
 * `data:` stays for the few images the style sheets inline. Photos are uploaded to the bucket
 * (connect-src) but shown from /media/ on the site.
 */
export function contentSecurityPolicy(options: ContentSecurityPolicyOptions = {}): string {
  const connect = ["'self'"];
  const socket = options.siteUrl && webSocketOrigin(options.siteUrl);
  if (socket) connect.push(socket);
  connect.push(...(options.uploadOrigins ?? []));
  const styles = ["'self'", ...(options.styleHashes ?? []).map((hash) => `'${hash}'`)];
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src ${styles.join(" ")}`,
    "img-src 'self' data:",
    "font-src 'self'",
    // The service worker (/sw.js) and the web app manifest, both graph's own files.
    "worker-src 'self'",
    "manifest-src 'self'",
    `connect-src ${connect.join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** `http://host:3000` → `ws://host:3000`, `https://graph.example` → `wss://graph.example`. */
export function webSocketOrigin(siteUrl: string): string | undefined {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(siteUrl.trim());
  if (!match) return undefined;
  return `${match[1]!.toLowerCase() === "https" ? "wss" : "ws"}://${match[2]!.toLowerCase()}`;
}

/** Two years, with subdomains, eligible for browsers' preload lists (AWS only: it needs https). */
export const HSTS = { maxAgeSeconds: 63072000, includeSubDomains: true, preload: true } as const;
export const STRICT_TRANSPORT_SECURITY = `max-age=${HSTS.maxAgeSeconds}; includeSubDomains; preload`;
export const REFERRER_POLICY = "strict-origin-when-cross-origin";
export const FRAME_OPTIONS = "DENY";

/**
 * Every security header for an answer of the site at `siteUrl`. HSTS only over https: a
 * browser that saw it for a plain-http local address would refuse that address afterwards.
 */
export function securityHeaders(options: ContentSecurityPolicyOptions & { https: boolean }): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": REFERRER_POLICY,
    "X-Frame-Options": FRAME_OPTIONS,
    ...(options.https ? { "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY } : {}),
  };
}
