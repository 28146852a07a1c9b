import { createHash, generateKeyPairSync, randomUUID, sign, type JsonWebKey, type KeyObject } from "node:crypto";

/** The stand-in's RS256 signing key, made when the runtime starts (ID tokens live minutes, so none outlive it). */
export class SigningKey {
  readonly kid = randomUUID();
  private readonly privateKey: KeyObject;
  readonly publicJwk: JsonWebKey & { kid: string; alg: "RS256"; use: "sig" };

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    this.privateKey = privateKey;
    this.publicJwk = { ...publicKey.export({ format: "jwk" }), kid: this.kid, alg: "RS256", use: "sig" };
  }

  /** A compact JWS (RS256) of `claims`, as Google's ID tokens are. */
  sign(claims: Record<string, unknown>): string {
    const header = base64url(JSON.stringify({ alg: "RS256", kid: this.kid, typ: "JWT" }));
    const payload = base64url(JSON.stringify(claims));
    const signature = sign("sha256", Buffer.from(`${header}.${payload}`), this.privateKey).toString("base64url");
    return `${header}.${payload}.${signature}`;
  }
}

const base64url = (text: string) => Buffer.from(text).toString("base64url");

/**
 * A Google account's subject for a test identity: digits (as Google's are), the same for the same
 * e-mail every time, so signing in again with a typed e-mail is the same Google account.
 */
export const subjectOf = (email: string) =>
  `1${BigInt(`0x${createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 16)}`)
    .toString()
    .padStart(20, "0")}`;
