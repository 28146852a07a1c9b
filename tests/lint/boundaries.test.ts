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

/** Writes probe files (path → source), then cruises the first. */
async function cruiseAll(files: Record<string, string>) {
  for (const [relativePath, source] of Object.entries(files)) {
    const file = join(ROOT, relativePath);
    probes.push(file);
    await writeFile(file, source);
  }
  const relativePath = Object.keys(files)[0]!;
  const depcruise = join(ROOT, "node_modules/.bin/depcruise");
  return run(depcruise, ["--config", ".dependency-cruiser.cjs", relativePath], { cwd: ROOT }).then(
    ({ stdout }) => ({ failed: false, output: stdout }),
    (error: { stdout?: string }) => ({ failed: true, output: error.stdout ?? "" }),
  );
}

const cruise = (relativePath: string, source: string) => cruiseAll({ [relativePath]: source });

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

  it("fails on an import circle, however short", async () => {
    const result = await cruiseAll({
      "packages/core/src/feed/circle-probe-a.ts":
        'import { b } from "./circle-probe-b.ts";\nexport const a = () => b;\n',
      "packages/core/src/feed/circle-probe-b.ts":
        'import { a } from "./circle-probe-a.ts";\nexport const b = () => a;\n',
    });
    expect(result.failed).toBe(true);
    expect(result.output).toContain("no-circular");
  });

  it("fails when a module's file imports its own index.ts", async () => {
    const result = await cruise(
      "packages/core/src/sources/layer-probe.ts",
      'import * as Sources from "./index.ts";\nexport const probe = Sources;\n',
    );
    expect(result.failed).toBe(true);
    expect(result.output).toContain("no-own-index");
  });

  it("fails when a pure helper imports the domain", async () => {
    const result = await cruise(
      "packages/core/src/syndication/layer-probe.ts",
      'import * as Sources from "../sources/index.ts";\nexport const probe = Sources;\n',
    );
    expect(result.failed).toBe(true);
    expect(result.output).toContain("pure-helpers-are-leaves");
  });

  it("fails when an adapter imports a domain module, and allows it the pure rules", async () => {
    const domain = await cruise(
      "packages/core/src/queues/layer-probe.ts",
      'import * as Topics from "../topics/index.ts";\nexport const probe = Topics;\n',
    );
    expect(domain.failed).toBe(true);
    expect(domain.output).toContain("adapters-know-no-domain");
    const rules = await cruise(
      "packages/core/src/queues/layer-probe.ts",
      'import { FOLLOWING_FEED } from "../follows/rules.ts";\nexport const probe = FOLLOWING_FEED;\n',
    );
    expect(rules.failed).toBe(false);
  });

  it("fails when a module calls a workflow above it", async () => {
    const result = await cruise(
      "packages/core/src/sources/layer-probe.ts",
      'import { trustSource } from "../ingestion/index.ts";\nexport const probe = trustSource;\n',
    );
    expect(result.failed).toBe(true);
    expect(result.output).toContain("workflows-on-top");
  });

  it("fails when an AWS SDK client is used outside its one adapter", async () => {
    for (const [file, sdk] of [
      ["packages/core/src/feed/sdk-probe.ts", "@aws-sdk/client-sqs"],
      ["packages/core/src/search/sdk-probe.ts", "@aws-sdk/client-s3"],
      ["packages/functions/src/jobs/sdk-probe.ts", "@aws-sdk/client-dynamodb"],
    ] as const) {
      const result = await cruise(file, `import * as Sdk from "${sdk}";\nexport const probe = Sdk;\n`);
      expect(result.failed, sdk).toBe(true);
      expect(result.output, sdk).toContain("one-adapter-per-service");
    }
  });
}, 120_000);
