#!/usr/bin/env node
/**
 * `npm run typecheck`: `tsc -b` over the server side (tsconfig.json: core, functions, the local
 * runtime, tests and scripts), the web app, which is checked against the declarations the server
 * side writes to .tsbuild/, and infra/, which needs neither and is checked at the same time on
 * the second core. Build info is kept in .tsbuild/ too, so a second run checks only what changed.
 *
 * tsc -b decides what changed from each project's own files and tsconfigs. It does not look at the
 * packages installed in node_modules, SST's platform types or the workspaces' package.json
 * (exports), so after `npm install` or an exports change it would repeat the last answer. The build
 * info is therefore tied to those: when any of them differs from the last run, every project is
 * checked afresh (--force). Arguments are passed on to tsc (`npm run typecheck -- --verbose`).
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
/** Builds that share nothing, run side by side. */
const BUILDS = [["tsconfig.json", "web"], ["infra"]];
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

const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const state = installedState();
const fresh = fs.existsSync(STAMP) && fs.readFileSync(STAMP, "utf8") === state;
// Output is collected and printed build by build, so the two builds' errors do not interleave.
const flags = [...(fresh ? [] : ["--force"]), ...(process.stdout.isTTY ? ["--pretty"] : []), ...process.argv.slice(2)];

/** Runs one `tsc -b`; resolves with its exit status (null when a signal ended it) and its output. */
function build(projects) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, "-b", ...projects, ...flags], { cwd: root });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (status) => resolve({ status, output: Buffer.concat(output) }));
  });
}

const results = await Promise.all(BUILDS.map(build));
for (const { output } of results) process.stdout.write(output);

// tsc -b keeps the projects' errors in their build info, so a run that found errors is still a
// finished one (status 1 or 2); a run that was killed is not, and the next one starts afresh.
if (results.every(({ status }) => status !== null && status <= 2)) {
  fs.mkdirSync(path.dirname(STAMP), { recursive: true });
  fs.writeFileSync(STAMP, state);
}
const failed = results.find(({ status }) => status !== 0);
process.exit(failed ? (failed.status ?? 1) : 0);
