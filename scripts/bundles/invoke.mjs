#!/usr/bin/env node
/**
 * Loads one bundle and invokes its handler once, in this fresh process, as Lambda does: the
 * environment is only what the caller gives (what SST would give the function). Prints one line
 * of JSON: how long loading and the invocation took, and the result or the error.
 *
 *   node scripts/bundles/invoke.mjs <bundle file .mjs> <export> <event JSON file> [--modules]
 *
 * `--modules` also reports every file the process loaded (`loaded`: the bundle's entry and the
 * chunks its imports reached, and installed packages), through a module hook (loaded-hook.mjs).
 */
import { readFileSync } from "node:fs";
import { register } from "node:module";
import { pathToFileURL } from "node:url";
import { MessageChannel, receiveMessageOnPort } from "node:worker_threads";

const [file, exportName, eventFile, ...flags] = process.argv.slice(2);
let loadedPort;
if (flags.includes("--modules")) {
  const { port1, port2 } = new MessageChannel();
  register("./loaded-hook.mjs", import.meta.url, { data: { port: port2 }, transferList: [port2] });
  loadedPort = port1;
}
const event = JSON.parse(readFileSync(eventFile, "utf8"));
const context = {
  functionName: process.env.AWS_LAMBDA_FUNCTION_NAME ?? "function",
  awsRequestId: crypto.randomUUID(),
  getRemainingTimeInMillis: () => 30_000,
  callbackWaitsForEmptyEventLoop: false,
};
const report = { loadMs: 0, invokeMs: 0 };
try {
  let started = performance.now();
  const module = await import(pathToFileURL(file).href);
  report.loadMs = performance.now() - started;
  const handler = module[exportName];
  if (typeof handler !== "function") throw new Error(`${file} does not export a function named ${exportName}`);
  started = performance.now();
  report.result = (await handler(event, context)) ?? null;
  report.invokeMs = performance.now() - started;
} catch (error) {
  report.error = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
if (loadedPort) {
  // The hook posts each file before Node evaluates it: everything loaded so far is queued here.
  report.loaded = [];
  for (let message = receiveMessageOnPort(loadedPort); message; message = receiveMessageOnPort(loadedPort)) {
    report.loaded.push(message.message);
  }
}
process.stdout.write(`${JSON.stringify(report)}\n`);
// Lambda freezes the process after the answer: open sockets (kept-alive clients) must not keep it here.
process.exit(0);
