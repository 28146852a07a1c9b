import { readFileSync } from "node:fs";
import { Resource } from "sst";
import * as Agent from "@graph/core/modules/agent";

interface HeldOut {
  queries: Array<{ query: string; follow: string[] }>;
}

/**
 * Agentic search over a held-out set of queries (fixtures/agent-queries.json), against the
 * runtime's Hacker News stand-in and its sites: for each query, the results found outside graph
 * that a person would follow (an outside result whose title has one of the query's judged
 * words), and the outside requests the search cost (the search, then each site's page and
 * feed). Counts, not timings: the same in every run.
 */
export async function agentBench(): Promise<void> {
  const { queries } = JSON.parse(
    readFileSync(new URL("./fixtures/agent-queries.json", import.meta.url), "utf8"),
  ) as HeldOut;
  // The stand-in's sites are on this machine, as the browser tests' runtime allows.
  const config = Resource.Config as { allowPrivateFeeds: boolean };
  const allowed = config.allowPrivateFeeds;
  config.allowPrivateFeeds = true;
  console.log("\n## agentic search (held-out queries, Hacker News stand-in)");
  console.log("| query | outside results | a person would follow | new sources | outside requests |");
  console.log("|---|---:|---:|---:|---:|");
  let followable = 0;
  let outside = 0;
  let requests = 0;
  let sources = 0;
  try {
    for (const [i, { query, follow }] of queries.entries()) {
      const userId = `bench-agent-${Date.now()}-${i}`;
      const { id } = await Agent.start(userId, "team", query);
      let search = await Agent.get(userId, id);
      while (search.status === "running") {
        await new Promise((resolve) => setTimeout(resolve, 50));
        search = await Agent.get(userId, id);
      }
      const out = search.results.filter((r) => !r.inGraph);
      const good = out.filter((r) => follow.some((word) => r.title.toLowerCase().includes(word)));
      const cost = search.steps.reduce((sum, s) => sum + (s.requests ?? 0), 0);
      followable += good.length;
      outside += out.length;
      requests += cost;
      sources += search.newSources.length;
      console.log(`| ${query} | ${out.length} | ${good.length} | ${search.newSources.length} | ${cost} |`);
    }
  } finally {
    config.allowPrivateFeeds = allowed;
  }
  console.log(
    `| **all ${queries.length}** | ${outside} | ${followable} (${outside ? Math.round((100 * followable) / outside) : 0}%) | ${sources} | ${requests} (${(requests / queries.length).toFixed(1)} a search; ${requests ? (followable / requests).toFixed(2) : "0"} followable results a request) |`,
  );
}
