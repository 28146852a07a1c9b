import { existsSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./handlers.ts";

/** Reads `.env` at the repository root, if there is one; the real environment wins. */
export function loadEnvFile() {
  const file = join(ROOT, ".env");
  if (existsSync(file)) process.loadEnvFile(file);
}
