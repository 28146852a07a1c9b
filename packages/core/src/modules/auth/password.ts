import { scrypt as scryptCallback, randomBytes, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { testSettings } from "../../adapters/test-settings/index.ts";

/**
 * scrypt with OWASP's recommended minimum (N=2^17, r=8, p=1). The parameters are stored
 * with each hash so they can be raised later without invalidating existing passwords.
 */
export const SCRYPT = { N: 2 ** 17, r: 8, p: 1, keyLength: 64, saltLength: 16 } as const;

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password.normalize("NFKC"), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

const memoryFor = (N: number, r: number) => 128 * N * r * 2;

/** N for new hashes: SCRYPT's, unless a test runtime lowered it (refused anywhere else). */
const costOfNewHashes = () => testSettings().passwordHashCost ?? SCRYPT.N;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SCRYPT.saltLength);
  const { r, p, keyLength } = SCRYPT;
  const N = costOfNewHashes();
  const key = await scrypt(password, salt, keyLength, { N, r, p, maxmem: memoryFor(N, r) });
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export function parseHash(stored: string) {
  const [scheme, N, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !N || !r || !p || !salt || !key) return undefined;
  return {
    N: Number(N),
    r: Number(r),
    p: Number(p),
    salt: Buffer.from(salt, "base64url"),
    key: Buffer.from(key, "base64url"),
  };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const { N, r, p, salt, key } = parsed;
  const candidate = await scrypt(password, salt, key.length, { N, r, p, maxmem: memoryFor(N, r) });
  return timingSafeEqual(candidate, key);
}

/**
 * A hash of a random password, verified against when no account matches, so that a
 * log-in for an unknown name costs the same time as one for a known name.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString("hex"));
  return decoy;
}
