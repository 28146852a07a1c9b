import { resolve } from "node:path";
import { loadEnvFile } from "./env-file.ts";
import { catalogueSetting, startRuntime } from "./runtime.ts";

loadEnvFile();

/** `npm start`: graph on one port, data under DATA_DIR, no network or accounts needed. */
const port = Number(process.env.PORT ?? 3000);
const dataDir = resolve(process.env.DATA_DIR ?? ".data");

const runtime = await startRuntime({
  port,
  host: process.env.HOST ?? "127.0.0.1",
  dataDir,
  siteUrl: process.env.SITE_URL || undefined,
  teamEmail: process.env.TEAM_EMAIL || undefined,
  mailFrom: process.env.MAIL_FROM || undefined,
  schedules: true,
  demoFeeds: process.env.DEMO_FEEDS !== "0",
  catalogue: catalogueSetting(process.env.CATALOGUE),
  allowPrivateFeeds: process.env.ALLOW_PRIVATE_FEEDS === "1",
  logFile: process.env.GRAPH_LOG_FILE || undefined,
  // The deployable bundles (scripts/bundles) instead of the sources, as the browser tests run.
  bundles: process.env.GRAPH_BUNDLES || undefined,
});

console.log(`graph is running at ${process.env.SITE_URL || runtime.url}`);
console.log(`  data:   ${dataDir}`);
console.log(`  outbox: ${runtime.url}/dev/outbox`);
console.log(`  ops:    ${runtime.url}/dev/ops`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void runtime.stop().finally(() => process.exit(0));
  });
}
