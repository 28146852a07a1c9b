import { execFile } from "node:child_process";
import { rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";

/**
 * The module boundaries `npm run lint` enforces, checked against probe files that break them:
 * if a rule stopped catching its case, the build would no longer fail on it.
 */
const ROOT = resolve(import.meta.dirname, "../..");
const run = promisify(execFile);
const probes: string[] = [];
afterEach(async () => {
  await Promise.all(probes.splice(0).map((file) => rm(file, { force: true })));
});

async function cruise(relativePath: string, source: string) {
  const file = join(ROOT, relativePath);
  probes.push(file);
  await writeFile(file, source);
  const depcruise = join(ROOT, "node_modules/.bin/depcruise");
  return run(depcruise, ["--config", ".dependency-cruiser.cjs", relativePath], { cwd: ROOT }).then(
    ({ stdout }) => ({ failed: false, output: stdout }),
    (error: { stdout?: string }) => ({ failed: true, output: error.stdout ?? "" }),
  );
}

describe("module boundaries", () => {
  it("fails when a core module imports another module's entity", async () => {
    const result = await cruise(
      "packages/core/src/feed/boundary-probe.ts",
      'import { ArticleEntity } from "../articles/article.entity.ts";\nexport const probe = ArticleEntity;\n',
    );
    expect(result.failed).toBe(true);
    expect(result.output).toContain("core-module-public-face");
  });

  it("allows a core module to use another module's public face", async () => {
    const result = await cruise(
      "packages/core/src/feed/boundary-probe.ts",
      'import * as Articles from "../articles/index.ts";\nexport const probe = Articles;\n',
    );
    expect(result.failed).toBe(false);
  });

  it("fails when a workspace imports a package its package.json does not declare", async () => {
    const result = await cruise(
      "packages/core/src/feed/boundary-probe.ts",
      'import { Hono } from "hono";\nexport const probe = Hono;\n',
    );
    expect(result.failed).toBe(true);
    expect(result.output).toContain("declared-dependencies");
    expect(result.output).toContain("core-knows-no-runtime");
  });

  it("fails when the web app imports server code or reaches into core by a relative path", async () => {
    const server = await cruise(
      "web/src/boundary-probe.ts",
      'import * as Users from "@graph/core/users";\nexport const probe = Users;\n',
    );
    expect(server.failed).toBe(true);
    expect(server.output).toContain("web-imports-no-server-code");
    const relative = await cruise(
      "web/src/boundary-probe.ts",
      'import { TOPIC_LIMITS } from "../../packages/core/src/topics/rules.ts";\nexport const probe = TOPIC_LIMITS;\n',
    );
    expect(relative.failed).toBe(true);
    expect(relative.output).toContain("no-relative-reach-into-core");
  });
}, 60_000);
