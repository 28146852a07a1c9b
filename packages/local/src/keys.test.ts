import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { KEYS_FILE, localKeys } from "./keys.ts";

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "graph-keys-unit-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the local runtime's keys", () => {
  it("are fresh and random on every start without a data directory", () => {
    const [a, b] = [localKeys(undefined, {}), localKeys(undefined, {})];
    for (const name of Object.keys(a) as (keyof typeof a)[]) {
      expect(a[name]).not.toBe(b[name]);
      expect(a[name].length).toBeGreaterThanOrEqual(40);
    }
    expect(a.stripeSecretKey).toMatch(/^sk_test_/);
    expect(a.stripeWebhookSecret).toMatch(/^whsec_/);
  });

  it("are made once under the data directory, owner-only, and read back after", () => {
    const dir = dataDir();
    const first = localKeys(dir, {});
    const file = join(dir, KEYS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(first);
    expect(localKeys(dir, {})).toEqual(first);
  });

  it("take a setting from the environment over the kept key, without keeping it", () => {
    const dir = dataDir();
    const kept = localKeys(dir, {});
    const env = {
      DIGEST_SIGNING_KEY: "digest from env",
      REALTIME_TOKEN_KEY: "realtime from env",
      STRIPE_WEBHOOK_SECRET: "",
    };
    expect(localKeys(dir, env)).toEqual({
      ...kept,
      digestSigningKey: "digest from env",
      realtimeTokenKey: "realtime from env",
    });
    expect(JSON.parse(readFileSync(join(dir, KEYS_FILE), "utf8"))).toEqual(kept);
  });

  it("add a key the file lacks, tighten loose permissions and refuse a file that is not theirs", () => {
    const dir = dataDir();
    const file = join(dir, KEYS_FILE);
    writeFileSync(file, JSON.stringify({ digestSigningKey: "kept before" }), { mode: 0o644 });
    chmodSync(file, 0o644);
    const keys = localKeys(dir, {});
    expect(keys.digestSigningKey).toBe("kept before");
    expect(keys.realtimeTokenKey.length).toBeGreaterThanOrEqual(40);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(keys);

    writeFileSync(file, "{ not json");
    expect(() => localKeys(dir, {})).toThrow(/keys\.json is not valid JSON/);
  });
});
