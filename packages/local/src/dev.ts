import { resolve } from "node:path";
import { ROOT } from "./handlers.ts";
import { loadEnvFile } from "./env-file.ts";
import { catalogueSetting, startRuntime } from "./runtime.ts";

loadEnvFile();

/**
 * `npm run dev`: the local runtime on PORT plus Vite's dev server (hot reload) on DEV_PORT,
 * which proxies /api, /ws and /dev to it.
 */
const port = Number(process.env.DEV_PORT ?? 5173);
const apiPort = Number(process.env.PORT ?? 3000);
const siteUrl = `http://localhost:${port}`;
const runtime = await startRuntime({
  port: apiPort,
  dataDir: resolve(process.env.DATA_DIR ?? ".data"),
  siteUrl,
  teamEmail: process.env.TEAM_EMAIL || undefined,
  mailFrom: process.env.MAIL_FROM || undefined,
  schedules: true,
  demoFeeds: process.env.DEMO_FEEDS !== "0",
  catalogue: catalogueSetting(process.env.CATALOGUE),
  allowPrivateFeeds: process.env.ALLOW_PRIVATE_FEEDS === "1",
});
process.env.GRAPH_API_TARGET = runtime.url;

const { createServer } = await import("vite");
const vite = await createServer({
  root: resolve(ROOT, "web"),
  configFile: resolve(ROOT, "web/vite.config.ts"),
  server: { port, strictPort: true },
});
await vite.listen();
console.log(`graph (dev) is running at ${siteUrl}  (API ${runtime.url}, outbox ${siteUrl}/dev/outbox)`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void Promise.all([vite.close(), runtime.stop()]).finally(() => process.exit(0));
  });
}
