import { startRuntime } from "@graph/local/runtime";

/**
 * `npm run bench`: every benchmark in one run, each printing both sides and their ratio,
 * because absolute timings on shared machines mean little.
 */
const runtime = await startRuntime({ siteUrl: "http://bench.local" });
try {
  // Imported once the runtime has set up the links the domain modules read.
  const [{ authBench }, { matchingBench }, { feedBench }, { searchBench }] = await Promise.all([
    import("./auth.bench.ts"),
    import("./matching.bench.ts"),
    import("./feed.bench.ts"),
    import("./search.bench.ts"),
  ]);
  console.log(`# graph benchmarks — node ${process.version}, ${new Date().toISOString()}`);
  await authBench(runtime);
  await matchingBench();
  await feedBench();
  await searchBench();
} finally {
  await runtime.stop();
}
