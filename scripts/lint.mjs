#!/usr/bin/env node
/**
 * `npm run lint`: dependency-cruiser (module boundaries and layers, `npm run lint:boundaries`),
 * ESLint (with type information on the code that ships; see eslint.config.js) and knip (unused
 * files, exports and dependencies, `npm run lint:unused`).
 *
 * ESLint is most of the time, and most of that is TypeScript building and checking a program for
 * the type-aware rules. The web app's program and the server side's share nothing ESLint can
 * reuse, so two ESLint processes run side by side, one on each core: one over the web app, the
 * other over everything else once dependency-cruiser and knip are done. (ESLint's own
 * `--concurrency` builds both programs in every thread: slower here.) Each check's output is
 * printed whole when it ends; the exit status is the first failing check's, in the order below.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

const eslintBin = path.join(
  root,
  "node_modules/eslint",
  JSON.parse(fs.readFileSync(path.join(root, "node_modules/eslint/package.json"), "utf8")).bin.eslint,
);
/** A type-aware ESLint holds a whole TypeScript program: more heap than Node's default. */
const eslint = (...args) => [process.execPath, "--max-old-space-size=8192", eslintBin, ...args];

const CHECKS = {
  boundaries: ["npm", "run", "--silent", "lint:boundaries"],
  "eslint (web/)": eslint("web"),
  "eslint (all but web/)": eslint(".", "--ignore-pattern", "web/"),
  unused: ["npm", "run", "--silent", "lint:unused"],
};

/** Each lane runs its checks one after another; the lanes run side by side. */
const LANES = [["eslint (web/)"], ["boundaries", "unused", "eslint (all but web/)"]];

/** Runs one check; resolves with its exit status (1 when a signal ended it). */
function check(name) {
  const [command, ...args] = CHECKS[name];
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("error", (error) => output.push(Buffer.from(`Could not start ${command}: ${error.message}\n`)));
    child.on("close", (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`── ${name}: ${status === 0 ? "clean" : "failed"} (${seconds} s)\n`);
      process.stdout.write(Buffer.concat(output));
      resolve({ name, status: status ?? 1 });
    });
  });
}

async function lane(names) {
  const results = [];
  for (const name of names) results.push(await check(name));
  return results;
}

const results = (await Promise.all(LANES.map(lane))).flat();
const order = Object.keys(CHECKS);
const failed = results
  .filter(({ status }) => status !== 0)
  .sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
process.exit(failed.length > 0 ? failed[0].status : 0);
