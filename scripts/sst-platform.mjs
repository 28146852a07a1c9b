#!/usr/bin/env node
/**
 * Prepares `.sst/platform`: SST's component sources and the `$config` / `sst.aws.*` / `$app`
 * declarations that `sst.config.ts` and `infra/` are type-checked against
 * (`npx tsc -p infra/tsconfig.json`), with the packages they import installed.
 *
 * The SST CLI in node_modules writes the platform sources and `config.d.ts`; the platform's
 * npm packages are then installed with `npm ci --ignore-scripts` from `infra/platform-lock.json`,
 * so every clone gets the same versions. Needs the npm registry, no AWS account.
 *
 *   node scripts/sst-platform.mjs                 prepare when missing or stale; instant when current
 *   node scripts/sst-platform.mjs --force         prepare again from scratch
 *   node scripts/sst-platform.mjs --update-lock   resolve the platform's packages afresh and rewrite
 *                                                 infra/platform-lock.json (after upgrading `sst`)
 *   node scripts/sst-platform.mjs --check         exit 1 unless the platform is prepared and current
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** Give up on a stalled download after a minute and retry it, instead of npm's five. */
const NETWORK_FLAGS = ["--fetch-timeout=60000", "--fetch-retries=4", "--fetch-retry-maxtimeout=30000"];

const root = path.resolve(import.meta.dirname, "..");
const sstDir = path.join(root, ".sst");
const platformDir = path.join(sstDir, "platform");
const lockFile = path.join(root, "infra", "platform-lock.json");
const stampFile = path.join(platformDir, ".prepared.json");

const args = new Set(process.argv.slice(2));
const force = args.has("--force") || args.has("--update-lock");
const updateLock = args.has("--update-lock");
const checkOnly = args.has("--check");
for (const arg of args) {
  if (!["--force", "--update-lock", "--check"].includes(arg)) fail(`unknown option ${arg}`);
}

const started = Date.now();
const sst = locateSst();
const wanted = { sst: sst.version, lock: fileHash(lockFile) };

if (!force && isCurrent()) {
  if (!checkOnly) log(`.sst/platform is current (sst ${sst.version})`);
  process.exit(0);
}
if (checkOnly) fail(`.sst/platform is missing or stale: run node scripts/sst-platform.mjs`);

writePlatform();
installPackages();
fs.writeFileSync(stampFile, JSON.stringify(wanted, null, 2) + "\n");
log(`.sst/platform ready (sst ${sst.version}) in ${((Date.now() - started) / 1000).toFixed(1)}s`);

/** The `sst` package installed at the root and its CLI entry point. */
function locateSst() {
  const require = createRequire(path.join(root, "package.json"));
  let entry;
  try {
    entry = require.resolve("sst");
  } catch {
    fail("the sst package is not installed: run npm install at the repository root first");
  }
  let dir = path.dirname(entry);
  while (!fs.existsSync(path.join(dir, "package.json"))) dir = path.dirname(dir);
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
  return { version: pkg.version, bin: path.join(dir, "bin", "sst.mjs") };
}

function isCurrent() {
  const stamp = readJson(stampFile);
  return (
    stamp?.sst === wanted.sst &&
    stamp?.lock === wanted.lock &&
    readText(path.join(platformDir, "version"))?.trim() === sst.version &&
    fs.existsSync(path.join(platformDir, "config.d.ts")) &&
    fs.existsSync(path.join(platformDir, "node_modules", ".package-lock.json")) &&
    fs.existsSync(path.join(sstDir, "provider-lock.json"))
  );
}

/**
 * Lets the SST CLI write the platform sources, the provider lock and `config.d.ts`. Its own
 * package install step is replaced by a no-op (SST_BUN_PATH) because the packages are installed
 * from the committed lock file below; its tool downloads and telemetry are turned off.
 */
function writePlatform() {
  // Forces the CLI to copy the platform afresh instead of trusting an older copy.
  fs.rmSync(platformDir, { recursive: true, force: true });
  fs.rmSync(path.join(sstDir, "provider-lock.json"), { force: true });
  const noop = ["/usr/bin/true", "/bin/true"].find((file) => fs.existsSync(file));
  const env = {
    ...process.env,
    SST_TELEMETRY_DISABLED: "1",
    SST_SKIP_DEPENDENCY_CHECK: "1",
  };
  if (noop) {
    env.SST_BUN_PATH = noop;
    delete env.SST_NO_BUN;
  } else {
    // Without a no-op program the CLI installs the packages itself with npm; the locked
    // install below then replaces them.
    env.SST_NO_BUN = "1";
    env.npm_config_ignore_scripts = "true";
  }
  const stage = process.env.SST_STAGE || "dev";
  run(process.execPath, [sst.bin, "install", "--stage", stage], { cwd: root, env }, "sst install");
  if (!fs.existsSync(path.join(platformDir, "config.d.ts"))) {
    fail("the SST CLI did not write .sst/platform/config.d.ts (see .sst/log/sst.log)");
  }
}

/**
 * Installs the platform's packages exactly as locked (or resolves them afresh with --update-lock).
 * Of the platform's devDependencies only the type packages are kept: they are needed to
 * type-check its sources, the rest (SST's own test tooling) is not.
 */
function installPackages() {
  const manifestFile = path.join(platformDir, "package.json");
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8"));
  manifest.devDependencies = Object.fromEntries(
    Object.entries(manifest.devDependencies ?? {}).filter(([name]) => name.startsWith("@types/")),
  );
  fs.writeFileSync(manifestFile, JSON.stringify(manifest, null, 2) + "\n");

  const env = npmEnv();
  const flags = ["--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"];
  const platformLock = path.join(platformDir, "package-lock.json");
  if (updateLock || !fs.existsSync(lockFile)) {
    fs.rmSync(platformLock, { force: true });
    run("npm", ["install", ...flags], { cwd: platformDir, env }, "npm install (.sst/platform)");
    fs.copyFileSync(platformLock, lockFile);
    wanted.lock = fileHash(lockFile);
    log("wrote infra/platform-lock.json");
    return;
  }
  fs.copyFileSync(lockFile, platformLock);
  // A registry download can stall without failing; bound each attempt and try again (what
  // finished is in npm's cache, so a retry is quick).
  let result;
  for (let attempt = 1; attempt <= 3; attempt++) {
    result = spawnSync(npmCommand(), ["ci", ...flags, ...NETWORK_FLAGS], {
      cwd: platformDir,
      env,
      stdio: "inherit",
      shell: isWindows(),
      timeout: 10 * 60 * 1000,
      killSignal: "SIGKILL",
    });
    if (result.status === 0) break;
    log(`npm ci in .sst/platform did not finish (attempt ${attempt} of 3)${result.error ? `: ${result.error.message}` : ""}`);
  }
  if (result.status !== 0) {
    fail(
      "npm ci in .sst/platform failed. If `sst` was upgraded, infra/platform-lock.json no longer matches " +
        "the platform's package.json: run node scripts/sst-platform.mjs --update-lock and commit the lock file.",
    );
  }
}

/** npm settings inherited from an enclosing `npm run` must not point this install at the workspace. */
function npmEnv() {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    const lower = key.toLowerCase();
    if (
      lower.startsWith("npm_config_workspace") ||
      lower === "npm_config_include_workspace_root" ||
      lower === "npm_config_global" ||
      lower === "npm_config_prefix" ||
      lower === "npm_config_dry_run"
    ) {
      delete env[key];
    }
  }
  return env;
}

function run(command, commandArgs, options, label) {
  const result = spawnSync(command === "npm" ? npmCommand() : command, commandArgs, {
    ...options,
    stdio: "inherit",
    shell: command === "npm" && isWindows(),
  });
  if (result.error) fail(`${label}: ${result.error.message}`);
  if (result.status !== 0) fail(`${label} failed (exit ${result.status})`);
}

function npmCommand() {
  return isWindows() ? "npm.cmd" : "npm";
}

function isWindows() {
  return process.platform === "win32";
}

function fileHash(file) {
  const text = readText(file);
  return text === undefined ? null : createHash("sha256").update(text).digest("hex").slice(0, 16);
}

function readText(file) {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

function readJson(file) {
  const text = readText(file);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function log(message) {
  console.log(`sst-platform: ${message}`);
}

function fail(message) {
  console.error(`sst-platform: ${message}`);
  process.exit(1);
}
