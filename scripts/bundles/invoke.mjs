#!/usr/bin/env node
/**
 * Loads one bundle and invokes its handler once, in this fresh process, as Lambda does: the
 * environment is only what the caller gives (what SST would give the function). Prints one line
 * of JSON: how long loading and the invocation took, and the result or the error.
 *
 *   node scripts/bundles/invoke.mjs <bundle file .mjs> <export> <event JSON file>
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [file, exportName, eventFile] = process.argv.slice(2);
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
process.stdout.write(`${JSON.stringify(report)}\n`);
// Lambda freezes the process after the answer: open sockets (kept-alive clients) must not keep it here.
process.exit(0);
