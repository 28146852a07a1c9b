#!/usr/bin/env node
/**
 * `npm run typecheck`: `tsc -b` over tsconfig.json (with the core and functions projects it
 * references), web/ and infra/. core and functions are checked once and write their declarations
 * to .tsbuild/; everything else is checked against those. Build info is kept in .tsbuild/ too, so
 * a second run checks again only what changed.
 *
 * tsc -b decides what changed from each project's own files and tsconfigs. It does not look at the
 * packages installed in node_modules, SST's platform types or the workspaces' package.json
 * (exports), so after `npm install` or an exports change it would repeat the last answer. The build
 * info is therefore tied to those: when any of them differs from the last run, every project is
 * checked afresh (--force). Arguments are passed on to tsc (`npm run typecheck -- --verbose`).
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const PROJECTS = ["tsconfig.json", "web", "infra"];
const STAMP = path.join(root, ".tsbuild", "installed.sha256");

/** What the type check reads besides the projects' own files: the installed packages and the workspaces' manifests. */
function installedState() {
  const workspaces = fs.readdirSync(path.join(root, "packages")).map((name) => path.join("packages", name));
  const files = [
    "package.json",
    "node_modules/.package-lock.json",
    ".sst/platform/.prepared.json",
    ...[...workspaces, "web"].map((dir) => path.join(dir, "package.json")),
  ];
  const hash = createHash("sha256");
  for (const file of files) {
    const full = path.join(root, file);
    hash.update(`${file}\0${fs.existsSync(full) ? fs.readFileSync(full) : "absent"}\0`);
  }
  return hash.digest("hex");
}

const state = installedState();
const previous = fs.existsSync(STAMP) ? fs.readFileSync(STAMP, "utf8") : "";
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const args = ["-b", ...PROJECTS, ...(state === previous ? [] : ["--force"]), ...process.argv.slice(2)];
const run = spawnSync(process.execPath, [tsc, ...args], { cwd: root, stdio: "inherit" });

// tsc -b keeps the projects' errors in their build info, so a run that found errors is still a
// finished one; a run that was killed is not, and the next one starts afresh.
if (run.status !== null && run.status <= 2) {
  fs.mkdirSync(path.dirname(STAMP), { recursive: true });
  fs.writeFileSync(STAMP, state);
}
process.exit(run.status ?? 1);
