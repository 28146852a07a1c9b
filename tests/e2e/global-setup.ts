/**
 * One local runtime for the whole browser run, shared by every test file that needs no server of
 * its own: the demo feeds (fetched and indexed once, here) and private feeds allowed (tests serve
 * feeds of their own on this machine). And one Chromium, which each file connects to. Tests
 * read what other files' people do to this server only through their own people.
 *
 * Files start as soon as the runtime answers; those that read the demo feeds wait until they are
 * fetched and indexed (`useBrowserServer({ demoFeeds: true })`), told by a file written then.
 */
import { mkdtemp, readFile, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/audit/chromium.ts";
import { privacyBreaches } from "../support/log-privacy.ts";
import { startServer, waitUntilIdle } from "./server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The shared runtime's address. */
    serverUrl: string;
    /** Where the shared Chromium takes connections. */
    browserEndpoint: string;
    /** A file written once the demo feeds are fetched and indexed: "ready", or why they are not. */
    demoFeedsFlag: string;
  }
}

export default async function setup(project: TestProject) {
  // The runtime writes every log record here too: checked, at the end, for anything private.
  const logFile = (process.env.GRAPH_LOG_FILE = join(await mkdtemp(join(tmpdir(), "graph-e2e-logs-")), "runtime.log"));
  const [server, browser] = await Promise.all([
    startServer({ demoFeeds: true, allowPrivateFeeds: true }),
    chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }),
  ]);
  const demoFeedsFlag = join(await mkdtemp(join(tmpdir(), "graph-e2e-demo-")), "demo-feeds");
  // The runtime fetches the demo feeds at start, then indexes them for search.
  const demoFeeds = (async () => {
    await waitUntilIdle(server);
    const indexed = await fetch(`${server.url}/api/dev/jobs/search-index`, { method: "POST" });
    if (!indexed.ok) throw new Error(`indexing the demo feeds failed: ${indexed.status}`);
  })().then(
    () => settle(demoFeedsFlag, "ready"),
    (error: unknown) => settle(demoFeedsFlag, `the demo feeds were not fetched and indexed: ${String(error)}`),
  );
  project.provide("serverUrl", server.url);
  project.provide("browserEndpoint", browser.wsEndpoint());
  project.provide("demoFeedsFlag", demoFeedsFlag);
  return async () => {
    await demoFeeds;
    await browser.close();
    await server.stop();
    const breaches = privacyBreaches((await readFile(logFile, "utf8")).split("\n"));
    if (breaches.length > 0) throw new Error(`the runtime's logs hold private data:\n${breaches.join("\n")}`);
  };
}

/**
 * Writes the flag whole or not at all (a file written in place is empty for a moment, which a
 * test file polling it would read as a failure): written beside it, then renamed over it.
 */
async function settle(flag: string, state: string) {
  await writeFile(`${flag}.part`, state);
  await rename(`${flag}.part`, flag);
}
