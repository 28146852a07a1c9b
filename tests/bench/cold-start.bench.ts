import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ARCHITECTURE, type FunctionDefinition, functions } from "@graph/functions/functions";
import type { Runtime } from "@graph/local/runtime";
import { buildBundles, heaviestModules, megabytes, sizeReport, type Bundle } from "../../scripts/bundles/build.ts";
import { smokeEvent, succeeded } from "../../scripts/bundles/events.ts";
import { functionEnvironment, invoke, startSite } from "../../scripts/bundles/smoke.ts";
import { summary } from "./stats.ts";

/** A minimal Hono + DynamoDB handler, bundled and invoked the same way: what a cold start costs any such function. */
const BASELINE: FunctionDefinition = {
  name: "Baseline",
  handler: "tests/bench/cold-start-baseline.handler",
  link: ["Table"],
  timeout: "29 seconds",
  splitting: true,
  architecture: ARCHITECTURE,
  trigger: { kind: "http" },
};

/** Fresh processes per function (`COLD_START_RUNS` to change): the median of these is reported. */
const RUNS = 3;
/** The goals (README): the API within 1.5× the baseline's cold start, no function over 2×. */
const API_GOAL = 1.5;
const ANY_GOAL = 2;

/**
 * `npm run bench -- cold-start`: every function's deployable bundle, loaded in a fresh Node
 * process (load to ready: importing the bundle) and invoked once with a real-shaped event
 * (first invocation), side by side with the baseline; then the bundles' sizes and heaviest modules.
 *
 * `COLD_START_BEFORE=<dir>` (bundles built earlier by `npm run bundles -- <dir>`, e.g. from
 * another commit) measures those too, each beside the current one in the same run, so a change
 * is compared under the same load of a shared machine.
 */
export async function coldStartBench(runtime: Runtime) {
  const outDir = join(await mkdtemp(join(tmpdir(), "graph-cold-start-")), "bundles");
  const bundles = await buildBundles({ outDir, functions: [BASELINE, ...functions], hostPackages: true });
  // The deployed static site, which the profile page function reads index.html from.
  const site = await startSite();
  const session = (await (
    await fetch(`${runtime.url}/api/dev/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    })
  ).json()) as { userId: string; cookie: { name: string; value: string } };
  const cookie = `${session.cookie.name}=${session.cookie.value}`;
  const { token } = (await (await fetch(`${runtime.url}/api/messages/get_jwt`, { headers: { cookie } })).json()) as {
    token: string;
  };
  const person = { userId: session.userId, cookie, token };

  type Measured = Pick<Bundle, "definition" | "dir" | "file" | "exportName">;
  const once = async (bundle: Measured) => {
    const invocation = await invoke(
      bundle,
      await smokeEvent(bundle.definition, person),
      functionEnvironment(bundle.definition, process.env, site.url),
    );
    const failure = succeeded(bundle.definition, invocation)
      ? undefined
      : (invocation.error ?? JSON.stringify(invocation.result).slice(0, 200));
    return { load: invocation.loadMs, first: invocation.invokeMs, failure };
  };
  const median = (samples: { load: number; first: number; failure?: string }[]) => ({
    load: summary(samples.map((sample) => sample.load)).p50,
    first: summary(samples.map((sample) => sample.first)).p50,
    total: summary(samples.map((sample) => sample.load + sample.first)).p50,
    failure: samples.find((sample) => sample.failure)?.failure,
  });

  const before = process.env.COLD_START_BEFORE ? await earlierBundles(process.env.COLD_START_BEFORE) : undefined;
  const runs = Number(process.env.COLD_START_RUNS) || RUNS;

  console.log(
    `\n## cold start: each bundle in a fresh process, median of ${runs} (ms), each run right after one of the baseline's`,
  );
  const width = Math.max(...bundles.map((bundle) => bundle.definition.name.length));
  console.log(
    `  ${"function".padEnd(width)}  ${"load".padStart(7)}  ${"1st call".padStart(8)}  ${"total".padStart(7)}  ${"baseline".padStart(8)}  vs baseline`,
  );
  const row = (name: string, m: ReturnType<typeof median>, base: number, note = "") =>
    console.log(
      `  ${name.padEnd(width)}  ${m.load.toFixed(0).padStart(7)}  ${m.first.toFixed(0).padStart(8)}  ${m.total.toFixed(0).padStart(7)}  ${base.toFixed(0).padStart(8)}  ${(m.total / base).toFixed(2)}×${note}`,
    );
  const missed: string[] = [];
  for (const bundle of bundles.slice(1)) {
    // The baseline beside every function, run for run: a shared machine's load changes by the minute.
    const base: Awaited<ReturnType<typeof once>>[] = [];
    const current: typeof base = [];
    const earlierRuns: typeof base = [];
    const earlier = before?.get(bundle.definition.name);
    for (let run = 0; run < runs; run++) {
      base.push(await once(bundles[0]!));
      current.push(await once(bundle));
      if (earlier) earlierRuns.push(await once({ ...earlier, definition: bundle.definition }));
    }
    const baseTotal = median(base).total;
    const m = median(current);
    const ratio = m.total / baseTotal;
    const goal = bundle.definition.name === "Api" ? API_GOAL : ANY_GOAL;
    const note = (ratio > goal ? `  over the ${goal}× goal` : "") + (m.failure ? `  FAILED: ${m.failure}` : "");
    if (ratio > goal) missed.push(bundle.definition.name);
    row(bundle.definition.name, m, baseTotal, note);
    if (earlier) {
      const b = median(earlierRuns);
      row(`  before`, b, baseTotal, b.failure ? `  FAILED: ${b.failure}` : "");
    }
  }
  console.log(missed.length === 0 ? "  every function within its goal" : `  over their goal: ${missed.join(", ")}`);
  console.log(`\n${sizeReport(bundles)}`);
  console.log("\n  heaviest modules (bytes in the bundle):");
  for (const bundle of bundles) {
    console.log(
      `  ${bundle.definition.name.padEnd(width)}  ${heaviestModules(bundle)
        .map((m) => `${m.module} ${megabytes(m.bytes)}`)
        .join(", ")}`,
    );
  }
  await site.close();
}

/** Bundles built earlier into `dir` (its manifest.json), by function name. */
async function earlierBundles(dir: string) {
  const manifest = JSON.parse(await readFile(join(dir, "manifest.json"), "utf8")) as {
    name: string;
    file: string;
    export: string;
  }[];
  return new Map(
    manifest.map((entry) => {
      const [name, file] = entry.file.split("/") as [string, string];
      return [entry.name, { dir: join(dir, name), file, exportName: entry.export }] as const;
    }),
  );
}
