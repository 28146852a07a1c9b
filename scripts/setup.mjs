#!/usr/bin/env node
// Installs what a bare machine lacks before graph runs or is tested: npm dependencies
// (when missing or older than the lockfile), SST's platform types, and, with --browser,
// Debian's Chromium for the browser tests. Fast when everything is already there.
import { execSync, spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const wantBrowser = process.argv.includes("--browser");
const run = (command, options = {}) => {
  console.log(`> ${command}`);
  execSync(command, { stdio: "inherit", cwd: root, ...options });
};

const lock = join(root, "package-lock.json");
const marker = join(root, "node_modules", ".package-lock.json");
if (!existsSync(marker) || statSync(marker).mtimeMs < statSync(lock).mtimeMs) {
  // Stalled downloads time out after a minute and are retried.
  run("npm ci --no-audit --no-fund --fetch-timeout=60000 --fetch-retries=4 --fetch-retry-maxtimeout=30000");
}

if (process.argv.includes("--sst")) {
  run(`node ${JSON.stringify(join(root, "scripts", "sst-platform.mjs"))}`);
}

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (wantBrowser && !existsSync(chromium)) {
  const sudo = process.getuid?.() === 0 ? "" : "sudo ";
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (!hasApt) {
    console.error(
      `Chromium is missing at ${chromium} and apt-get is not available: install Chromium and set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  run(`${sudo}apt-get update`);
  run(`${sudo}apt-get install -y --no-install-recommends chromium`, {
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}
