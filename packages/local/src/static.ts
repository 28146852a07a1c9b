import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { Hono } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";

/** Serves the built web app, answering index.html for client-side routes. */
export function webApp(distDir: string) {
  const app = new Hono();
  const index = join(distDir, "index.html");
  let files: ReturnType<typeof serveStatic> | undefined;
  // Checked per request, so a runtime started before the first build serves it once built.
  app.use("/*", (c, next) => {
    if (!existsSync(index)) return next();
    files ??= serveStatic({ root: relative(process.cwd(), distDir) || "." });
    return files(c, next);
  });
  app.get("/*", async (c) => {
    if (!existsSync(index)) {
      return c.text("The web app is not built yet: run `npm run build -w web` (npm start does this for you).", 503);
    }
    return c.html(await readFile(index, "utf8"));
  });
  return app;
}
