import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The keys the local runtime signs and checks with. None has a built-in value: with
 * `HOST=0.0.0.0` anyone on the network could otherwise mint a socket token for any person,
 * unsubscribe anyone from the digest or post a Stripe event that passes as signed.
 */
export interface LocalKeys {
  /** Signs digest unsubscribe links (on AWS: the `DigestSigningKey` secret). */
  digestSigningKey: string;
  /** Signs chat socket tokens (on AWS: the `RealtimeTokenKey` secret). */
  realtimeTokenKey: string;
  /** The key the Stripe SDK presents to the Stripe stand-in. */
  stripeSecretKey: string;
  /** What the Stripe stand-in signs its webhook events with. */
  stripeWebhookSecret: string;
  /** Encrypts the Spotify and YouTube tokens kept at rest (on AWS: the `OAuthTokenKey` secret). */
  oauthTokenKey: string;
  /** The secret of the AWS stand-ins' credentials (presigned photo uploads are checked with it). */
  awsSecretAccessKey: string;
}

const random = () => randomBytes(32).toString("base64url");

/** How each key is made (Stripe's keys keep Stripe's prefixes, as the SDK and people expect them). */
const MAKE: Record<keyof LocalKeys, () => string> = {
  digestSigningKey: random,
  realtimeTokenKey: random,
  oauthTokenKey: random,
  stripeSecretKey: () => `sk_test_${random()}`,
  stripeWebhookSecret: () => `whsec_${random()}`,
  awsSecretAccessKey: random,
};

/** The settings that, given in `.env` or the environment, are used instead of the kept key. */
const SETTINGS: Partial<Record<keyof LocalKeys, string>> = {
  digestSigningKey: "DIGEST_SIGNING_KEY",
  realtimeTokenKey: "REALTIME_TOKEN_KEY",
  oauthTokenKey: "OAUTH_TOKEN_KEY",
  stripeWebhookSecret: "STRIPE_WEBHOOK_SECRET",
};

/** The file under DATA_DIR that keeps the keys across restarts (readable by its owner only). */
export const KEYS_FILE = "keys.json";
const OWNER_ONLY = 0o600;

/**
 * The runtime's keys: made at random (crypto) on first start and kept in `DATA_DIR/keys.json`
 * (mode 0600), so a restart keeps sent unsubscribe links working; fresh ones on every start
 * without a data directory (the tests' in-memory runtime). A key missing from the file is made
 * and added; a setting in the environment wins over the kept key.
 */
export function localKeys(dataDir: string | undefined, env: NodeJS.ProcessEnv = process.env): LocalKeys {
  const kept = dataDir ? readKept(join(dataDir, KEYS_FILE)) : {};
  const keys = Object.fromEntries(
    (Object.keys(MAKE) as (keyof LocalKeys)[]).map((name) => [name, kept[name] || MAKE[name]()]),
  ) as unknown as LocalKeys;
  if (dataDir && (Object.keys(MAKE) as (keyof LocalKeys)[]).some((name) => kept[name] !== keys[name])) {
    writeKept(dataDir, keys);
  }
  for (const [name, setting] of Object.entries(SETTINGS) as [keyof LocalKeys, string][]) {
    if (env[setting]) keys[name] = env[setting];
  }
  return keys;
}

function readKept(file: string): Partial<Record<keyof LocalKeys, string>> {
  if (!existsSync(file)) return {};
  // Kept by an older run with looser permissions (or copied): tightened before it is read.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, OWNER_ONLY);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    throw new Error(`${file} is not valid JSON: repair it, or delete it to have new keys made`);
  }
  if (typeof parsed !== "object" || parsed === null) throw new Error(`${file} does not hold the runtime's keys`);
  return Object.fromEntries(
    Object.entries(parsed).filter(([name, value]) => name in MAKE && typeof value === "string" && value !== ""),
  );
}

/** Writes the keys whole (a temporary file renamed over the old one), owner-only from the start. */
function writeKept(dataDir: string, keys: LocalKeys) {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, KEYS_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(keys, null, 2)}\n`, { mode: OWNER_ONLY });
  chmodSync(temporary, OWNER_ONLY);
  renameSync(temporary, file);
}
