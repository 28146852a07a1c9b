import { execFile } from "node:child_process";
import { rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The module boundaries `npm run lint` enforces, checked against probe files that break them:
 * if a rule stopped catching its case, the build would no longer fail on it.
 *
 * Every probe is written at once, each under a name of its own, and dependency-cruiser runs
 * once over all of them (a run costs seconds, most of it reading the tree). A probe's result
 * is the violations from its own files, plus any from the rest of the tree, as a run over
 * that probe alone would have reported them.
 */
const ROOT = resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

/** Each probe: its files (path → source); the first is the one the case is about. */
const PROBES = {
  entity: {
    "packages/core/src/feed/boundary-probe-entity.ts":
      'import { ArticleEntity } from "../articles/article.entity.ts";\nexport const probe = ArticleEntity;\n',
  },
  publicFace: {
    "packages/core/src/feed/boundary-probe-face.ts":
      'import * as Articles from "../articles/index.ts";\nexport const probe = Articles;\n',
  },
  undeclared: {
    "packages/core/src/feed/boundary-probe-undeclared.ts": 'import { Hono } from "hono";\nexport const probe = Hono;\n',
  },
  webServer: {
    "web/src/boundary-probe-server.ts": 'import * as Users from "@graph/core/users";\nexport const probe = Users;\n',
  },
  webRelative: {
    "web/src/boundary-probe-relative.ts":
      'import { TOPIC_LIMITS } from "../../packages/core/src/topics/rules.ts";\nexport const probe = TOPIC_LIMITS;\n',
  },
  circle: {
    "packages/core/src/feed/circle-probe-a.ts": 'import { b } from "./circle-probe-b.ts";\nexport const a = () => b;\n',
    "packages/core/src/feed/circle-probe-b.ts": 'import { a } from "./circle-probe-a.ts";\nexport const b = () => a;\n',
  },
  ownIndex: {
    "packages/core/src/sources/layer-probe-own-index.ts":
      'import * as Sources from "./index.ts";\nexport const probe = Sources;\n',
  },
  pureHelper: {
    "packages/core/src/syndication/layer-probe.ts":
      'import * as Sources from "../sources/index.ts";\nexport const probe = Sources;\n',
  },
  adapterDomain: {
    "packages/core/src/queues/layer-probe-domain.ts":
      'import * as Topics from "../topics/index.ts";\nexport const probe = Topics;\n',
  },
  adapterRules: {
    "packages/core/src/queues/layer-probe-rules.ts":
      'import { FOLLOWING_FEED } from "../follows/rules.ts";\nexport const probe = FOLLOWING_FEED;\n',
  },
  workflow: {
    "packages/core/src/sources/layer-probe-workflow.ts":
      'import { trustSource } from "../ingestion/index.ts";\nexport const probe = trustSource;\n',
  },
  sqs: {
    "packages/core/src/feed/sdk-probe.ts": 'import * as Sdk from "@aws-sdk/client-sqs";\nexport const probe = Sdk;\n',
  },
  s3: {
    "packages/core/src/search/sdk-probe.ts": 'import * as Sdk from "@aws-sdk/client-s3";\nexport const probe = Sdk;\n',
  },
  dynamodb: {
    "packages/functions/src/jobs/sdk-probe.ts":
      'import * as Sdk from "@aws-sdk/client-dynamodb";\nexport const probe = Sdk;\n',
  },
} satisfies Record<string, Record<string, string>>;
type Probe = keyof typeof PROBES;

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

const files = Object.values(PROBES).flatMap((probe) => Object.keys(probe));
const results = new Map<Probe, { failed: boolean; output: string }>();

beforeAll(async () => {
  for (const probe of Object.values(PROBES)) {
    for (const [path, source] of Object.entries(probe)) await writeFile(join(ROOT, path), source);
  }
  const depcruise = join(ROOT, "node_modules/.bin/depcruise");
  const args = ["--config", ".dependency-cruiser.cjs", "--output-type", "json", ...files];
  // It exits non-zero when it finds violations, as every probe but two means it to.
  const { stdout } = await run(depcruise, args, { cwd: ROOT, maxBuffer: 256 * 1024 * 1024 }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }),
  );
  const violations = (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
  const ofTree = violations.filter((v) => !files.includes(v.from));
  for (const [name, probe] of Object.entries(PROBES) as Array<[Probe, Record<string, string>]>) {
    const own = violations.filter((v) => v.from in probe);
    const found = [...own, ...ofTree];
    results.set(name, {
      failed: found.length > 0,
      output: found.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).join("\n"),
    });
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(files.map((path) => rm(join(ROOT, path), { force: true })));
});

/** What a run of dependency-cruiser says of a probe. */
const cruise = (probe: Probe) => {
  const result = results.get(probe);
  if (!result) throw new Error(`no result for the probe ${probe}`);
  return result;
};

describe("module boundaries", () => {
  it("fails when a core module imports another module's entity", () => {
    const result = cruise("entity");
    expect(result.failed).toBe(true);
    expect(result.output).toContain("core-module-public-face");
  });

  it("allows a core module to use another module's public face", () => {
    const result = cruise("publicFace");
    expect(result.failed).toBe(false);
  });

  it("fails when a workspace imports a package its package.json does not declare", () => {
    const result = cruise("undeclared");
    expect(result.failed).toBe(true);
    expect(result.output).toContain("declared-dependencies");
    expect(result.output).toContain("core-knows-no-runtime");
  });

  it("fails when the web app imports server code or reaches into core by a relative path", () => {
    const server = cruise("webServer");
    expect(server.failed).toBe(true);
    expect(server.output).toContain("web-imports-no-server-code");
    const relative = cruise("webRelative");
    expect(relative.failed).toBe(true);
    expect(relative.output).toContain("no-relative-reach-into-core");
  });

  it("fails on an import circle, however short", () => {
    const result = cruise("circle");
    expect(result.failed).toBe(true);
    expect(result.output).toContain("no-circular");
  });

  it("fails when a module's file imports its own index.ts", () => {
    const result = cruise("ownIndex");
    expect(result.failed).toBe(true);
    expect(result.output).toContain("no-own-index");
  });

  it("fails when a pure helper imports the domain", () => {
    const result = cruise("pureHelper");
    expect(result.failed).toBe(true);
    expect(result.output).toContain("pure-helpers-are-leaves");
  });

  it("fails when an adapter imports a domain module, and allows it the pure rules", () => {
    const domain = cruise("adapterDomain");
    expect(domain.failed).toBe(true);
    expect(domain.output).toContain("adapters-know-no-domain");
    const rules = cruise("adapterRules");
    expect(rules.failed).toBe(false);
  });

  it("fails when a module calls a workflow above it", () => {
    const result = cruise("workflow");
    expect(result.failed).toBe(true);
    expect(result.output).toContain("workflows-on-top");
  });

  it("fails when an AWS SDK client is used outside its one adapter", () => {
    for (const [probe, sdk] of [
      ["sqs", "@aws-sdk/client-sqs"],
      ["s3", "@aws-sdk/client-s3"],
      ["dynamodb", "@aws-sdk/client-dynamodb"],
    ] as const) {
      const result = cruise(probe);
      expect(result.failed, sdk).toBe(true);
      expect(result.output, sdk).toContain("one-adapter-per-service");
    }
  });
}, 120_000);
