import { readdir, readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Lowered production costs (@graph/core/adapters/test-settings) reach core only as the `TestSettings` link
 * of a runtime started with `testSettings`, under the stage core accepts them under. Nothing that
 * serves people may set either: infra, `npm start` (main.ts) and `npm run dev` (dev.ts).
 */
const ROOT = resolve(import.meta.dirname, "../..");
const source = (path: string) => readFile(resolve(ROOT, path), "utf8");

describe("test settings", () => {
  it("are linked by no deployment: infra defines no TestSettings and refuses the test stage", async () => {
    const infra = [
      "sst.config.ts",
      ...(await readdir(resolve(ROOT, "infra"))).filter((f) => f.endsWith(".ts")).map((f) => `infra/${f}`),
    ];
    expect(infra).toContain("infra/config.ts");
    for (const path of infra) expect(await source(path), path).not.toMatch(/TestSettings|testSettings/);
    expect(await source("infra/settings.ts")).toMatch(/if \(\$app\.stage === TEST_STAGE\)\s*fail\(/);
  });

  it("are never set by `npm start` or `npm run dev`", async () => {
    for (const path of ["packages/local/src/main.ts", "packages/local/src/dev.ts"]) {
      expect(await source(path), path).not.toMatch(/testSettings|TestSettings|TEST_STAGE/);
    }
  });
});
