/**
 * The SST program itself (sst.config.ts and infra/) run under Pulumi's mocks, offline: built as
 * the SST CLI builds it for a deploy — esbuild bundles sst.config.ts behind the platform's
 * `run()` (.sst/platform/src/auto/run.ts) inside a Pulumi stack, with the platform's shim
 * injected for `$config`, `$transform`, `$interpolate`, `$util`…, `$app` and `$dev` defined, and
 * `sst` and `aws` as globals — then run in a fresh Node process (run.mjs) with mocks.mjs's mocks.
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";

const ROOT = join(import.meta.dirname, "../../..");
const PLATFORM = join(ROOT, ".sst", "platform");
const STAGE = "mocks";

/** A resource's inputs or outputs as Pulumi hands them over: JSON, read field by field by the checks. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the fields differ by resource type; shape.ts reads the ones it checks
export type Fields = Record<string, any>;

export interface MockResource {
  type: string;
  name: string;
  inputs: Fields;
  outputs: Fields;
}

export interface Program {
  /** Every resource registered, components and AWS resources alike. */
  resources: MockResource[];
  /** What SST's components asked the CLI for over RPC: `Runtime.Build` once per function. */
  calls: Array<{ method: string; args: Fields }>;
  /** What `run()` returned. */
  outputs: Record<string, unknown>;
  /** Errors thrown inside outputs' callbacks (a deploy would fail on each). */
  errors: string[];
  /** Milliseconds from loading the program to the last resource registered. */
  ms: number;
}

export const APP = { name: "graph", stage: STAGE };

export async function runSstProgram(): Promise<Program> {
  // Inside the platform, so the program finds @pulumi/* and SST's other packages where SST installs them.
  const bundle = join(PLATFORM, `sst.config.mocks-${randomUUID()}.mjs`);
  const scratch = await mkdtemp(join(tmpdir(), "graph-sst-program-"));
  const out = join(scratch, "program.json");
  try {
    await build({
      stdin: {
        contents: [
          `import { installMocks, resources } from ${JSON.stringify(join(import.meta.dirname, "mocks.mjs"))};`,
          `import * as aws from "@pulumi/aws";`,
          `import * as pulumi from "@pulumi/pulumi";`,
          `import * as sst from ${JSON.stringify(join(PLATFORM, "src/components/index.ts"))};`,
          `import { run } from ${JSON.stringify(join(PLATFORM, "src/auto/run.ts"))};`,
          `import config from ${JSON.stringify(join(ROOT, "sst.config.ts"))};`,
          `installMocks(pulumi);`,
          `const { runtime } = pulumi;`,
          `globalThis.aws = aws;`,
          `globalThis.sst = sst;`,
          `export default await runtime.runInPulumiStack(() => run(config.run));`,
          `export { resources, runtime };`,
        ].join("\n"),
        resolveDir: ROOT,
        loader: "ts",
      },
      bundle: true,
      format: "esm",
      platform: "node",
      target: "esnext",
      outfile: bundle,
      // As the SST CLI: the platform's packages stay external (vite: an import of a Cloudflare component graph never uses).
      external: ["@pulumi/*", "@pulumiverse/*", "@sst-provider/*", "@aws-sdk/*", "esbuild", "archiver", "glob", "vite"],
      inject: [join(PLATFORM, "src/shim/run.js")],
      define: {
        $app: JSON.stringify({ ...APP, removal: "remove", protect: false, home: "aws", providers: { aws: {} } }),
        // Set by run.mjs: it names the program's root, made there.
        $cli: "globalThis.__sstCli",
        $dev: "false",
      },
      banner: {
        js: [
          `import { createRequire as topLevelCreateRequire } from "module";`,
          `const require = topLevelCreateRequire(import.meta.url);`,
          `import { fileURLToPath as topLevelFileUrlToPath, URL as topLevelURL } from "url";`,
          `const __filename = topLevelFileUrlToPath(import.meta.url);`,
          `const __dirname = topLevelFileUrlToPath(new topLevelURL(".", import.meta.url));`,
        ].join("\n"),
      },
      logLevel: "error",
    });
    await promisify(execFile)(process.execPath, [join(import.meta.dirname, "run.mjs"), bundle, out], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      maxBuffer: 16 * 1024 * 1024,
    });
    return JSON.parse(await readFile(out, "utf8")) as Program;
  } finally {
    await Promise.all([rm(bundle, { force: true }), rm(scratch, { recursive: true, force: true })]);
  }
}
