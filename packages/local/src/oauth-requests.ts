import { createHash, timingSafeEqual } from "node:crypto";

/** What the OAuth stand-ins (Google, Spotify) read from requests, the same way. */

/** The client id and secret of an `Authorization: Basic` header. */
export function basicCredentials(header: string | undefined): [string, string] | undefined {
  const match = /^Basic\s+(.+)$/i.exec(header ?? "");
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, "base64").toString();
  const colon = decoded.indexOf(":");
  return colon < 0 ? undefined : [decoded.slice(0, colon), decoded.slice(colon + 1)];
}

/** The token of an `Authorization: Bearer` header. */
export const bearerToken = (header: string | undefined) => /^Bearer\s+(\S+)$/i.exec(header ?? "")?.[1];

export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A form's text field by name (files and repeated fields are not text). */
export const textField =
  (form: Record<string, unknown>) =>
  (name: string): string | undefined => {
    const value = form[name];
    return typeof value === "string" ? value : undefined;
  };

/** PKCE S256: the challenge a verifier answers to. */
export const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");
