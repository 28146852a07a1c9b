#!/usr/bin/env node
/**
 * `npm test`: every tier in order, stopping at the first that fails (with its exit code), then a
 * table of how long each tier took, also after a failure, so a slow tier shows where it is.
 *
 *   node scripts/test.mjs                      every tier (`npm test`, what `.ci/run` runs)
 *   node scripts/test.mjs typecheck lint unit  only these, in the order below (`npm run test:quick`)
 */
import { spawn } from "node:child_process";
import { constants, tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
/** Where the deployable bundles are built for the browser tier (outside the repository, as deployed: no node_modules above). */
const bundles = path.join(tmpdir(), `graph-test-bundles-${process.getuid?.() ?? "user"}`);

/** The tiers, cheapest first: a type error is found in seconds, not after the browser tests. */
const TIERS = [
  { name: "install", command: ["npm", "run", "setup", "--", "--browser", "--sst"] },
  { name: "typecheck", command: ["npm", "run", "typecheck"] },
  { name: "lint", command: ["npm", "run", "lint"] },
  { name: "unit", command: ["vitest", "run", "--project", "unit"] },
  // Every integration project (shared runtimes, runtimes of their own, production's costs) in one run.
  // Its bundles test builds every function's bundle where the browser tier runs them from; the
  // bundles tier reuses that build while the sources are unchanged.
  {
    name: "integration",
    command: ["vitest", "run", "--project", "integration*"],
    env: { GRAPH_TEST_BUNDLES_DIR: bundles },
  },
  // The web app, and every function's deployable bundle (as SST builds it), which the browser tier's runtimes run.
  { name: "build", command: ["npm", "run", "build", "-w", "web"] },
  { name: "bundles", command: ["tsx", "scripts/bundles/build.ts", bundles] },
  {
    name: "browser",
    command: ["vitest", "run", "--config", "tests/e2e/vitest.config.ts"],
    env: { GRAPH_BUNDLES: bundles },
  },
];

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !TIERS.some((tier) => tier.name === name));
if (unknown.length > 0) {
  console.error(`Unknown tier ${unknown.join(", ")}; the tiers are ${TIERS.map((tier) => tier.name).join(", ")}.`);
  process.exit(2);
}
const tiers = asked.length === 0 ? TIERS : TIERS.filter((tier) => asked.includes(tier.name));

// Run directly (not through npm), the tiers still find the packages' commands (vitest).
const env = { ...process.env, PATH: `${path.join(root, "node_modules", ".bin")}${path.delimiter}${process.env.PATH}` };

let current;
// Ctrl-C reaches the running tier too: let it stop, then report. A plain kill is passed on to it.
process.on("SIGINT", () => {});
process.on("SIGTERM", () => current?.kill("SIGTERM"));

/** Runs one tier; resolves with its exit code (128 + the signal's number when a signal ended it). */
function run([command, ...args], extra = {}) {
  return new Promise((resolve) => {
    current = spawn(command, args, { cwd: root, env: { ...env, ...extra }, stdio: "inherit" });
    current.on("error", (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      resolve(127);
    });
    current.on("exit", (code, signal) => resolve(code ?? 128 + (constants.signals[signal] ?? 0)));
  });
}

function duration(ms) {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, "0")} s`;
}

const results = [];
let exitCode = 0;
for (const tier of tiers) {
  if (exitCode !== 0) {
    results.push({ name: tier.name, time: "", outcome: "not run" });
    continue;
  }
  console.log(`\n=== ${tier.name}: ${tier.command.join(" ")}\n`);
  const started = performance.now();
  exitCode = await run(tier.command, tier.env);
  const ms = performance.now() - started;
  results.push({
    name: tier.name,
    ms,
    time: duration(ms),
    outcome: exitCode === 0 ? "passed" : `failed (exit ${exitCode})`,
  });
}

const total = results.reduce((sum, result) => sum + (result.ms ?? 0), 0);
const rows = [...results, { name: "total", time: duration(total), outcome: exitCode === 0 ? "passed" : "failed" }];
const width = Math.max(...rows.map((row) => row.name.length));
const timeWidth = Math.max(...rows.map((row) => row.time.length));
console.log("\nTier times (wall clock):");
for (const row of rows) console.log(`  ${row.name.padEnd(width)}  ${row.time.padStart(timeWidth)}  ${row.outcome}`);
process.exit(exitCode);
