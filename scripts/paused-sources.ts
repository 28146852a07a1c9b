/**
 * Lists the sources paused after failing for 30 days (tried again weekly; one success resumes
 * one), each with its last error. On AWS, with the stage's resources linked:
 *
 *   npx sst shell --stage production -- npm run paused-sources
 *
 * Locally the same is `GET /api/dev/sources/paused`.
 */
import { paused } from "@graph/core/modules/sources";

const at = (t: number | undefined) => (t === undefined ? "never" : new Date(t).toISOString());
const sources = await paused();
if (sources.length === 0) console.log("no paused sources");
for (const s of sources) {
  console.log(
    `${s.sourceId}\t${s.name}\t${s.feedUrl}\n  paused ${at(s.pausedAt)}, last success ${at(s.lastSuccessAt)}, ` +
      `${s.consecutiveFailures} failures, next try ${at(s.nextFetchAt)}\n  last error: ${s.lastError ?? "none recorded"}`,
  );
}
