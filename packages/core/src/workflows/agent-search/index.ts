import { HackerNewsUnavailable, searchStories, type HackerNewsStory } from "../../adapters/hacker-news/index.ts";
import { canonicalUrl } from "../../lib/syndication/index.ts";
import { PLAN_LIMITS, type Plan } from "../../lib/plans/rules.ts";
import * as Agent from "../../modules/agent/index.ts";
import { AGENT_LIMITS, REASONS, type AgentStep, type NewSource } from "../../modules/agent/index.ts";
import * as Search from "../../modules/search/index.ts";
import * as Sources from "../../modules/sources/index.ts";
import * as Users from "../../modules/users/index.ts";
import { expand } from "./expand.ts";
import { resultFilter } from "./filters.ts";
import { discover, OutsideRequests } from "./outside.ts";
import { rankResults, type Found } from "./rank.ts";
import { names, queryWords } from "./relevance.ts";
import { tokenize } from "../../lib/matching/index.ts";
import { log } from "../../lib/observability/index.ts";

/** graph's hits read per term searched (the best of its first page). */
const HITS_PER_TERM = 10;
/** Hacker News stories read per search. */
const STORIES = 20;
/** Fewer stories than this with every word of a query of several: the search asks again for any of them. */
const FEW_STORIES = 3;

export interface AgentRunReport {
  status: "done" | "failed" | "skipped";
  /** Outside requests the search made. */
  outsideRequests: number;
}

/**
 * Runs one agentic search in steps, each recorded on the search as it starts and ends, so the
 * page shows them as they happen:
 *
 * 1. expand the query with what graph has learned (related terms, the dictionary's neighbours,
 *    catalogue subjects);
 * 2. search graph's own index for the query and each expansion, within the plan's coverage;
 * 3. look outside: Hacker News's search;
 * 4. find the feeds of the best outside results' sites that graph does not read (autodiscovery),
 *    and what of theirs names the query;
 * 5. rank and de-duplicate, each result with the steps that found it, the person's filters applied.
 *
 * Every outside request goes through the address guard within its host's politeness and counts
 * against the search's cap. An outside service that fails makes its step say so, and the search
 * still finishes with what it found; only a failure of the search itself settles it as failed.
 * A message delivered again for a search that is settled does nothing.
 */
export async function runAgentSearch(
  job: { userId: string; searchId: string },
  options: { allowPrivateFeeds: boolean },
  now = Date.now(),
): Promise<AgentRunReport> {
  const search = await Agent.toRun(job.userId, job.searchId);
  if (!search) return { status: "skipped", outsideRequests: 0 };
  const steps: AgentStep[] = [];
  const requests = new OutsideRequests(AGENT_LIMITS.maxOutsideRequests, options.allowPrivateFeeds);
  const record = () => Agent.recordSteps(job.userId, job.searchId, steps);
  const begin = async (kind: AgentStep["kind"], summary: string) => {
    const step: AgentStep = { kind, status: "running", summary };
    steps.push(step);
    await record();
    return step;
  };
  const end = async (step: AgentStep, status: AgentStep["status"], summary: string, extra: Partial<AgentStep> = {}) => {
    Object.assign(step, { status, summary, ...extra });
    await record();
  };

  try {
    const plan: Plan = (await Users.byId(job.userId))?.plan ?? "free";
    const coverageMs = PLAN_LIMITS[plan].coverageMs;
    const words = queryWords(search.query);
    const found: Found[] = [];

    // 1. Expand.
    const expanding = await begin("expand", "looking at what graph has learned about this");
    const expansions = await expand(search.query, AGENT_LIMITS.maxExpansions, now);
    const expansionWords = expansions.map((e) => tokenize(e.term));
    await end(
      expanding,
      "done",
      expansions.length > 0
        ? `widened with ${expansions.map((e) => `'${e.term}'`).join(", ")}`
        : "graph knows nothing around this yet: searching it as it is",
      { terms: expansions },
    );

    // 2. graph's own index, within the plan's coverage.
    const searching = await begin("graph", "searching graph's articles");
    const since = Number.isFinite(coverageMs) ? now - coverageMs : -Infinity;
    const inGraphIds = new Map<string, string>();
    for (const term of [search.query, ...expansions.map((e) => e.term)]) {
      if (term.trim().length < Search.MIN_QUERY_LENGTH) continue;
      const { results } = await Search.searchArticles(term, 1);
      for (const hit of results.slice(0, HITS_PER_TERM)) {
        const at = Date.parse(hit.publication_date);
        if (!(at >= since)) continue;
        inGraphIds.set(hit.link, hit.id);
        found.push({
          title: hit.title,
          link: hit.link,
          source: hit.source,
          publishedAt: hit.publication_date,
          inGraph: true,
          reasons: [REASONS.inGraph(term)],
          at,
        });
      }
    }
    const inGraphCount = new Set(found.map((f) => f.link)).size;
    await end(
      searching,
      "done",
      `${inGraphCount} article${inGraphCount === 1 ? "" : "s"} in graph${coverageNote(plan)}`,
    );

    // 3. Hacker News.
    const looking = await begin("outside", "searching Hacker News");
    let stories: HackerNewsStory[] = [];
    if (!requests.spend()) await end(looking, "skipped", "no outside requests left for this search");
    else {
      try {
        stories = await searchStories(search.query, STORIES);
        let asked = 1;
        // Few stories have every word: the search decides to look further, for stories with any of them.
        if (stories.length < FEW_STORIES && words.length > 1 && requests.spend()) {
          asked++;
          const seen = new Set(stories.map((story) => story.id));
          stories.push(
            ...(await searchStories(search.query, STORIES, { anyWord: true })).filter((s) => !seen.has(s.id)),
          );
        }
        stories.forEach((story, index) =>
          found.push({
            title: story.title,
            link: story.url,
            source: hostName(story.url),
            publishedAt: story.createdAt ? new Date(story.createdAt).toISOString() : null,
            inGraph: false,
            reasons: [REASONS.hackerNews],
            ...(story.createdAt ? { at: story.createdAt } : {}),
            standing: 2 * STORIES - index,
          }),
        );
        const some = `${stories.length} stor${stories.length === 1 ? "y" : "ies"} on Hacker News`;
        await end(looking, "done", asked > 1 ? `${some} (then with any of its words)` : some, { requests: asked });
      } catch (error) {
        if (!(error instanceof HackerNewsUnavailable)) throw error;
        await end(looking, "failed", error.message, { requests: requests.made });
      }
    }

    // 4. New sources: the feeds of the best outside results' sites that graph does not read.
    const discovering = await begin("discover", "looking for the feeds of the sites these stories are on");
    const newSources = await discoverNew(stories, words, expansionWords, requests, found);
    const tried = requests.made - (looking.requests ?? 0);
    await end(
      discovering,
      "done",
      newSources.length > 0
        ? `found ${newSources.length} new source${newSources.length === 1 ? "" : "s"}: ${newSources.map((s) => s.name).join(", ")}`
        : stories.length > 0
          ? "no new source with a feed among these sites"
          : "no outside sites to look at",
      { requests: Math.max(0, tried) },
    );

    // 5. Rank, de-duplicate and filter.
    const ranking = await begin("rank", "ranking what was found");
    const filter = await resultFilter(job.userId, plan);
    const hidden = await filter.hiddenInGraph([...new Set(inGraphIds.values())]);
    const kept = found.filter((f) => (f.inGraph ? !hidden.has(inGraphIds.get(f.link) ?? "") : filter.keepsOutside(f)));
    const results = rankResults(kept, words, AGENT_LIMITS.maxResults);
    const left = found.length - kept.length;
    await end(
      ranking,
      "done",
      `${results.length} result${results.length === 1 ? "" : "s"}${left > 0 ? `, ${left} left out by your filters` : ""}`,
    );
    await Agent.finish(job.userId, job.searchId, { steps, results, newSources });
    return { status: "done", outsideRequests: requests.made };
  } catch (error) {
    log.error("agent: a search failed", { searchId: job.searchId, error });
    const running = steps.find((s) => s.status === "running");
    if (running) Object.assign(running, { status: "failed", summary: `${running.summary}: something went wrong` });
    await Agent.fail(job.userId, job.searchId, steps);
    return { status: "failed", outsideRequests: requests.made };
  }
}

const coverageNote = (plan: Plan) => {
  const ms = PLAN_LIMITS[plan].coverageMs;
  if (!Number.isFinite(ms)) return "";
  return ms <= 24 * 3_600_000 ? " from the last 24 hours" : " from the last year";
};

const hostName = (url: string) => {
  try {
    return new URL(url).host.replace(/^www\./, "");
  } catch {
    return url;
  }
};

/**
 * Looks for the feeds of the sites the best stories are on, skipping stories on sites graph reads
 * already (or on a site found here already), until `maxSitesDiscovered` sites were tried or the
 * search's requests are spent. Each new feed is a new source: its items that name the query join
 * the results, and the stories on its site (under its address) say they came from it.
 */
async function discoverNew(
  stories: HackerNewsStory[],
  words: string[],
  expansionWords: string[][],
  requests: OutsideRequests,
  found: Found[],
): Promise<NewSource[]> {
  if (stories.length === 0) return [];
  const sources = await Sources.all();
  const readSites = sources.map((s) => siteKey(s.siteUrl)).filter((s): s is string => s !== undefined);
  const readFeeds = new Set(sources.map((s) => canonicalOrNothing(s.feedUrl)));
  const made: NewSource[] = [];
  const onSite = (url: string, sites: readonly string[]) => sites.some((site) => url.startsWith(site));
  let tried = 0;
  for (const story of stories) {
    if (tried >= AGENT_LIMITS.maxSitesDiscovered || requests.left < 2) break;
    const madeSites = made.map((s) => siteKey(s.siteUrl)).filter((s): s is string => s !== undefined);
    if (onSite(story.url, readSites) || onSite(story.url, madeSites)) continue;
    tried++;
    const discovered = await discover(story.url, requests);
    if ("error" in discovered) continue;
    if (readFeeds.has(canonicalOrNothing(discovered.feedUrl))) continue;
    const source: NewSource = { name: discovered.name, siteUrl: discovered.siteUrl, feedUrl: discovered.feedUrl };
    made.push(source);
    const site = siteKey(source.siteUrl);
    const itemLinks = new Set(discovered.feed.items.map((item) => canonicalOrNothing(item.link)));
    const reason = REASONS.newSource(source.name);
    for (const f of found) {
      if (f.inGraph || !((site && f.link.startsWith(site)) || itemLinks.has(canonicalOrNothing(f.link)))) continue;
      f.reasons.push(reason);
      f.newSource = source;
      f.source = source.name;
    }
    for (const item of discovered.feed.items) {
      if (!names(words, expansionWords, `${item.title} ${item.summary}`)) continue;
      found.push({
        title: item.title,
        link: item.link,
        source: source.name,
        publishedAt: item.publishedAt ? new Date(item.publishedAt).toISOString() : null,
        inGraph: false,
        reasons: [reason],
        newSource: source,
        ...(item.publishedAt ? { at: item.publishedAt } : {}),
      });
    }
  }
  return made;
}

/**
 * A site's address as the addresses on it start: scheme, host and the site's whole path as a
 * folder ("https://example.org/blog" holds "https://example.org/blog/post"), or undefined.
 */
function siteKey(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return undefined;
    return `${parsed.origin}${parsed.pathname.endsWith("/") ? parsed.pathname : `${parsed.pathname}/`}`;
  } catch {
    return undefined;
  }
}

const canonicalOrNothing = (url: string) => {
  try {
    return canonicalUrl(url);
  } catch {
    return "";
  }
};
