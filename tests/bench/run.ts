import { startRuntime } from "@graph/local/runtime";

/**
 * `npm run bench`: every benchmark in one run, each printing both sides and their ratio,
 * because absolute timings on shared machines mean little. Names given as arguments run only
 * those benchmarks (`npx tsx tests/bench/run.ts feed`).
 */
const only = new Set(process.argv.slice(2));
const wanted = (name: string) => only.size === 0 || only.has(name);
const runtime = await startRuntime({
  siteUrl: "http://bench.local",
  dynamoProcess: process.env.DYNAMO_PROCESS === "own" ? "own" : "shared",
});
try {
  // Imported once the runtime has set up the links the domain modules read.
  const [{ authBench }, { matchingBench }, { feedBench }, { searchBench }, { suggestionsBench }] = await Promise.all([
    import("./auth.bench.ts"),
    import("./matching.bench.ts"),
    import("./feed.bench.ts"),
    import("./search.bench.ts"),
    import("./suggestions.bench.ts"),
  ]);
  const { digestBench } = await import("./digest.bench.ts");
  const { profileBench } = await import("./profile.bench.ts");
  const { overlapBench } = await import("./overlap.bench.ts");
  const { followingFeedBench } = await import("./following-feed.bench.ts");
  const { chatBench } = await import("./chat.bench.ts");
  const { ingestBench } = await import("./ingest.bench.ts");
  const { mediaBench } = await import("./media.bench.ts");
  const { watchHistoryBench } = await import("./watch-history.bench.ts");
  const { relatedBench } = await import("./related.bench.ts");
  const { agentBench } = await import("./agent.bench.ts");
  const { coldStartBench } = await import("./cold-start.bench.ts");
  const { readerBench } = await import("./reader.bench.ts");
  const { picturesBench } = await import("./pictures.bench.ts");
  const { sdkBench } = await import("./sdk.bench.ts");
  console.log(`# graph benchmarks — node ${process.version}, ${new Date().toISOString()}`);
  if (wanted("auth")) await authBench(runtime);
  if (wanted("matching")) await matchingBench();
  if (wanted("matching") || wanted("related")) await relatedBench();
  if (wanted("feed")) await feedBench(runtime);
  if (wanted("search")) await searchBench();
  if (wanted("suggestions")) await suggestionsBench();
  if (wanted("digest")) await digestBench();
  if (wanted("profile")) await profileBench();
  if (wanted("overlap")) await overlapBench();
  if (wanted("following")) await followingFeedBench();
  if (wanted("chat")) await chatBench(runtime);
  if (wanted("ingest")) await ingestBench(runtime);
  if (wanted("media")) await mediaBench();
  if (wanted("watch-history")) await watchHistoryBench(runtime);
  if (wanted("agent")) await agentBench();
  if (wanted("reader")) await readerBench();
  if (wanted("pictures")) await picturesBench();
  if (wanted("sdk")) await sdkBench();
  // Only when asked for: it builds every bundle and starts each in fresh processes (minutes).
  if (only.has("cold-start")) await coldStartBench(runtime);
} finally {
  await runtime.stop();
}
