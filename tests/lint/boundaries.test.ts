import { execFile } from "node:child_process";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The module boundaries `npm run lint` enforces, checked against probe files that break them:
 * if a rule stopped catching its case, the build would no longer fail on it. Every probe is
 * written at once and the linter runs once over all of them; each test reads its own probe's
 * violations.
 */
const ROOT = resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

/** Probe files (path → source). Paths are unique, so each probe's violations are its own. */
const PROBES: Record<string, string> = {
  // core's units reach each other through index.ts / rules.ts only
  "packages/core/src/modules/feed/boundary-probe-entity.ts":
    'import { ArticleEntity } from "../articles/article.entity.ts";\nexport const probe = ArticleEntity;\n',
  "packages/core/src/modules/feed/boundary-probe-face.ts":
    'import * as Articles from "../articles/index.ts";\nexport const probe = Articles;\n',
  "packages/core/src/modules/feed/boundary-probe-hono.ts": 'import { Hono } from "hono";\nexport const probe = Hono;\n',
  "web/src/boundary-probe-server.ts":
    'import * as Users from "@graph/core/modules/users";\nexport const probe = Users;\n',
  "web/src/boundary-probe-relative.ts":
    'import { TOPIC_LIMITS } from "../../packages/core/src/modules/topics/rules.ts";\nexport const probe = TOPIC_LIMITS;\n',
  "packages/core/src/modules/feed/circle-probe-a.ts":
    'import { b } from "./circle-probe-b.ts";\nexport const a = () => b;\n',
  "packages/core/src/modules/feed/circle-probe-b.ts":
    'import { a } from "./circle-probe-a.ts";\nexport const b = () => a;\n',
  "packages/core/src/modules/sources/layer-probe-own-index.ts":
    'import * as Sources from "./index.ts";\nexport const probe = Sources;\n',
  // the layers, named by their folders
  "packages/core/src/lib/syndication/layer-probe-domain.ts":
    'import * as Sources from "../../modules/sources/index.ts";\nexport const probe = Sources;\n',
  "packages/core/src/lib/syndication/layer-probe-adapter.ts":
    'import * as Db from "../../adapters/dynamo/index.ts";\nexport const probe = Db;\n',
  "packages/core/src/lib/syndication/layer-probe-io.ts":
    'import { lookup } from "node:dns/promises";\nexport const probe = lookup;\n',
  "packages/core/src/adapters/queues/layer-probe-domain.ts":
    'import * as Topics from "../../modules/topics/index.ts";\nexport const probe = Topics;\n',
  "packages/core/src/adapters/queues/layer-probe-rules.ts":
    'import { FOLLOWING_FEED } from "../../modules/follows/rules.ts";\nexport const probe = FOLLOWING_FEED;\n',
  "packages/core/src/modules/sources/layer-probe-workflow.ts":
    'import { trustSource } from "../../workflows/source-trust/index.ts";\nexport const probe = trustSource;\n',
  "packages/core/src/modules/topics/rules-probe.ts": "export const probe = 1;\n",
  "packages/core/src/layer-probe-outside.ts": 'import { z } from "zod";\nexport const probe = z;\n',
  "packages/core/src/layer-probe-orphan.ts": "export const probe = 1;\n",
  "packages/core/src/modules/layer-probe-loose.ts": 'import { z } from "zod";\nexport const probe = z;\n',
  // each SDK in its one adapter
  "packages/core/src/modules/feed/sdk-probe-sqs.ts":
    'import * as Sdk from "@aws-sdk/client-sqs";\nexport const probe = Sdk;\n',
  "packages/core/src/modules/search/sdk-probe-s3.ts":
    'import * as Sdk from "@aws-sdk/client-s3";\nexport const probe = Sdk;\n',
  "packages/functions/src/jobs/sdk-probe-dynamodb.ts":
    'import * as Sdk from "@aws-sdk/client-dynamodb";\nexport const probe = Sdk;\n',
  "packages/core/src/modules/billing/sdk-probe-stripe.ts":
    'import Stripe from "stripe";\nexport const probe = Stripe;\n',
  // the web app: a shell, features reached through their index.ts, shared code below both
  "web/src/features/feed/web-probe-internals.ts":
    'import { profilePath } from "../find/find.ts";\nexport const probe = profilePath;\n',
  "web/src/features/feed/web-probe-face.ts":
    'import { profilePath } from "../find/index.ts";\nexport const probe = profilePath;\n',
  "web/src/lib/web-probe-feature.ts":
    'import { profilePath } from "../features/find/index.ts";\nexport const probe = profilePath;\n',
  "web/src/components/web-probe-shell.ts":
    'import { ComingSoonPage } from "../app/ComingSoon.tsx";\nexport const probe = ComingSoonPage;\n',
  "web/src/features/find/web-probe-shell.ts":
    'import { ComingSoonPage } from "../../app/ComingSoon.tsx";\nexport const probe = ComingSoonPage;\n',
  "web/src/app/web-probe-internals.ts":
    'import { ChatRealtime } from "../features/chat/realtime/ChatRealtime.tsx";\nexport const probe = ChatRealtime;\n',
  "web/src/app/web-probe-pages.ts": 'import * as chat from "../features/chat/pages.ts";\nexport const probe = chat;\n',
  "web/src/web-probe-loose.ts": "export const probe = 1;\n",
  // two features that use each other through their faces: no module circle, a circle of features
  "web/src/features/web-probe-a/index.ts": "export const a = 1;\n",
  "web/src/features/web-probe-a/uses-b.ts": 'import { b } from "../web-probe-b/index.ts";\nexport const probe = b;\n',
  "web/src/features/web-probe-b/index.ts": "export const b = 2;\n",
  "web/src/features/web-probe-b/uses-a.ts": 'import { a } from "../web-probe-a/index.ts";\nexport const probe = a;\n',
};
/** Folders the probes live in that exist for them alone (removed with them). */
const PROBE_FOLDERS = ["web/src/features/web-probe-a", "web/src/features/web-probe-b"];

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}
let violations: Violation[] = [];
/** Errors the linter counted: `npm run lint` exits with this count, so any makes it fail. */
let errors = 0;

beforeAll(async () => {
  for (const [path, source] of Object.entries(PROBES)) {
    await mkdir(dirname(join(ROOT, path)), { recursive: true });
    await writeFile(join(ROOT, path), source);
  }
  const depcruise = join(ROOT, "node_modules/.bin/depcruise");
  const args = ["--config", ".dependency-cruiser.cjs", "--output-type", "json", ...Object.keys(PROBES)];
  const { stdout } = await run(depcruise, args, { cwd: ROOT, maxBuffer: 64 << 20 });
  const { summary } = JSON.parse(stdout) as { summary: { violations: Violation[]; error: number } };
  violations = summary.violations;
  errors = summary.error;
}, 120_000);

afterAll(async () => {
  await Promise.all(Object.keys(PROBES).map((path) => rm(join(ROOT, path), { force: true })));
  await Promise.all(PROBE_FOLDERS.map((path) => rm(join(ROOT, path), { recursive: true, force: true })));
});

/**
 * The rules the probe at `path` breaks (a circle counts for the file it starts from; a rule about
 * folders, for the folder it starts from).
 */
const broken = (path: string) => [...new Set(violations.filter((v) => v.from === path).map((v) => v.rule.name))];

describe("module boundaries", () => {
  it("fails the lint when any probe breaks a rule", () => {
    expect(errors).toBeGreaterThan(0);
  });

  it("fails when a core module imports another module's entity, and allows its public face", () => {
    expect(broken("packages/core/src/modules/feed/boundary-probe-entity.ts")).toContain("core-unit-public-face");
    expect(broken("packages/core/src/modules/feed/boundary-probe-face.ts")).toEqual([]);
  });

  it("fails when a workspace imports a package its package.json does not declare", () => {
    const rules = broken("packages/core/src/modules/feed/boundary-probe-hono.ts");
    expect(rules).toContain("declared-dependencies");
    expect(rules).toContain("core-knows-no-runtime");
  });

  it("fails when the web app imports server code or reaches into core by a relative path", () => {
    expect(broken("web/src/boundary-probe-server.ts")).toContain("web-imports-no-server-code");
    expect(broken("web/src/boundary-probe-relative.ts")).toContain("no-relative-reach-into-core");
  });

  it("fails on an import circle, however short", () => {
    expect(broken("packages/core/src/modules/feed/circle-probe-a.ts")).toContain("no-circular");
  });

  it("fails when a unit's file imports its own index.ts", () => {
    expect(broken("packages/core/src/modules/sources/layer-probe-own-index.ts")).toContain("no-own-index");
  });

  it("fails when lib imports the domain, an adapter, or does I/O of its own", () => {
    expect(broken("packages/core/src/lib/syndication/layer-probe-domain.ts")).toContain("lib-is-pure");
    expect(broken("packages/core/src/lib/syndication/layer-probe-adapter.ts")).toContain("lib-is-pure");
    expect(broken("packages/core/src/lib/syndication/layer-probe-io.ts")).toContain("lib-is-pure");
  });

  it("fails when an adapter imports a domain module, and allows it the pure rules", () => {
    expect(broken("packages/core/src/adapters/queues/layer-probe-domain.ts")).toContain("adapters-know-no-domain");
    expect(broken("packages/core/src/adapters/queues/layer-probe-rules.ts")).toEqual([]);
  });

  it("fails when a module calls a workflow above it", () => {
    expect(broken("packages/core/src/modules/sources/layer-probe-workflow.ts")).toContain("workflows-on-top");
  });

  it("fails on a file of core outside its layers' unit folders, with imports or without", () => {
    expect(broken("packages/core/src/layer-probe-outside.ts")).toContain("core-file-in-a-layer");
    expect(broken("packages/core/src/layer-probe-orphan.ts")).toContain("core-file-in-a-layer");
    expect(broken("packages/core/src/modules/layer-probe-loose.ts")).toContain("core-file-in-a-layer");
    expect(broken("packages/core/src/modules/topics/rules-probe.ts")).toEqual([]);
  });

  it("fails when a service's SDK is used outside its one adapter", () => {
    for (const path of [
      "packages/core/src/modules/feed/sdk-probe-sqs.ts",
      "packages/core/src/modules/search/sdk-probe-s3.ts",
      "packages/functions/src/jobs/sdk-probe-dynamodb.ts",
      "packages/core/src/modules/billing/sdk-probe-stripe.ts",
    ]) {
      expect(broken(path), path).toContain("one-adapter-per-service");
    }
  });

  it("fails when a web feature reaches into another feature's files, and allows its index.ts", () => {
    expect(broken("web/src/features/feed/web-probe-internals.ts")).toContain("web-feature-public-face");
    expect(broken("web/src/features/feed/web-probe-face.ts")).toEqual([]);
  });

  it("fails when the web app's shared code imports a feature or the shell", () => {
    expect(broken("web/src/lib/web-probe-feature.ts")).toContain("web-shared-knows-no-feature");
    expect(broken("web/src/components/web-probe-shell.ts")).toContain("web-shared-knows-no-feature");
  });

  it("fails when a web feature imports the shell", () => {
    expect(broken("web/src/features/find/web-probe-shell.ts")).toContain("web-features-below-the-shell");
  });

  it("fails when the shell reaches into a feature's files, and allows its pages.ts", () => {
    expect(broken("web/src/app/web-probe-internals.ts")).toContain("web-shell-uses-public-faces");
    expect(broken("web/src/app/web-probe-pages.ts")).toEqual([]);
  });

  it("fails on a file of the web app outside the shell, a feature and shared code", () => {
    expect(broken("web/src/web-probe-loose.ts")).toContain("web-file-in-its-place");
  });

  it("fails on features that import each other, even through their faces and with no module circle", () => {
    expect(broken("web/src/features/web-probe-a")).toContain("web-no-feature-cycle");
    expect(broken("web/src/features/web-probe-a/uses-b.ts")).toEqual([]);
  });
});
