import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** An opaque URL-safe token with `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** Tokens are stored only as their SHA-256, so a leaked table exposes no live token. */
export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("base64url");
}

export function sixDigitCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, "0");
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Sealed values name their scheme first, so a later key or cipher can be told apart from this one. */
const SEALED_PREFIX = "v1";

function tokenKey(key: string): Buffer {
  const bytes = Buffer.from(key, "base64url");
  if (bytes.length !== 32) throw new Error("a sealing key is 32 bytes, base64url");
  return bytes;
}

/**
 * Encrypts `plaintext` (AES-256-GCM, a fresh 96-bit nonce each time) for storage: the answer
 * holds the nonce, the ciphertext and the tag, so it can be opened only with the same key and
 * any change to it is detected. For secrets kept at rest, such as OAuth tokens.
 */
export function seal(plaintext: string, key: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", tokenKey(key), nonce);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [SEALED_PREFIX, nonce, body, cipher.getAuthTag()]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** Opens what `seal` made with the same key; throws when the key is another or the value was changed. */
export function unseal(sealed: string, key: string): string {
  const [prefix, nonce, body, tag, ...rest] = sealed.split(".");
  if (prefix !== SEALED_PREFIX || nonce === undefined || body === undefined || tag === undefined || rest.length > 0)
    throw new Error("not a sealed value");
  const decipher = createDecipheriv("aes-256-gcm", tokenKey(key), Buffer.from(nonce, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}
