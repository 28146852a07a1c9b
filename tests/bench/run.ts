import { startRuntime } from "@graph/local/runtime";
import { authBench } from "./auth.bench.ts";

/**
 * `npm run bench`: every benchmark in one run, each printing both sides and their ratio,
 * because absolute timings on shared machines mean little.
 */
const runtime = await startRuntime({ siteUrl: "http://bench.local" });
try {
  console.log(`# graph benchmarks — node ${process.version}, ${new Date().toISOString()}`);
  await authBench(runtime);
} finally {
  await runtime.stop();
}
