import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Integration files that need a runtime of their own, each in a fresh process. Some start
 * runtimes with other options or as child processes. The others assert what is true of the
 * whole runtime — what a job did to every source, article or account, what search or the
 * stand-ins hold, what the dictionary and vocabulary hold, a feed picked from every article —
 * which other files' data would change, and the assertion would prove less if it were scoped.
 */
const OWN_RUNTIME = [
  // Runtimes of their own.
  "web-delivery",
  "local-startup",
  "local-crash-recovery",
  // Jobs over every source (the ingest tick, pausing, the catalogue, subjects' topics).
  "ingest-scale",
  "ingest-crash",
  "source-pause",
  "source-trust",
  "catalogue",
  "subjects",
  "subject-topics-first-need",
  // Search's index and segments, which every article is in.
  "search",
  "search-corrupt-segment",
  "search-previous-format",
  "chatbot",
  // Agentic search reads search's index too, and points Hacker News's client elsewhere for a test.
  "agent-search",
  // Feeds, digests and matching over every article and everyone's phrases and vocabulary.
  "feed",
  "following-feed",
  "digest",
  "digest-advanced",
  "feed-states",
  "feed-refreshes",
  "mute-words",
  "feed-filters",
  "languages",
  "dedup-original",
  "related-terms",
  // The process's dictionary sync, whose state every earlier file's topics and clock moves touch.
  "dictionary-sync",
  "topic-suggestions",
  // Every account (purging sign-ups), the stand-ins' every grant.
  "jobs",
  "spotify-link",
  "spotify-youtube-stand-ins",
  // Hot paths' DynamoDB costs, which other files' data and what they leave in the process's caches
  // (the dictionary, phrase rarities, search's listing) would change.
  "cost-budgets",
  // Every function's bundle runs its jobs' ticks (the ingest tick, the vocabulary…) over everything.
  "bundles",
].map((name) => `tests/integration/${name}.test.ts`);
/**
 * Files of OWN_RUNTIME that also need a process of their own: after another file in the same
 * worker, spotify-link's daily resync saw no revoked grant (the cause is not found yet).
 */
const OWN_PROCESS = ["tests/integration/spotify-link.test.ts"];
/** Files that check what production's costs give (the one place a password is hashed at them). */
const PRODUCTION_COSTS = ["tests/integration/production-costs.test.ts"];

/**
 * Files that take minutes, started first in their project: on a clean clone vitest knows no
 * file's duration and starts the largest files first, and one of these started late ran alone
 * at the end while the other worker stood idle (ingest-scale: 193 s of a 385 s tier).
 */
const LONGEST_FIRST = ["ingest-scale", "feed-refreshes", "ingest-cap", "postings"].map(
  (name) => `/tests/integration/${name}.test.ts`,
);

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = LONGEST_FIRST.findIndex((path) => file.moduleId.endsWith(path));
      return at < 0 ? LONGEST_FIRST.length : at;
    };
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    // Projects keep vitest's order; within each, the long files first, the rest as vitest had them.
    return sorted
      .map((file, index) => ({ file, index }))
      .sort(
        (a, b) =>
          projects.indexOf(a.file.project.name) - projects.indexOf(b.file.project.name) ||
          rank(a.file) - rank(b.file) ||
          a.index - b.index,
      )
      .map(({ file }) => file);
  }
}

export default defineConfig({
  test: {
    pool: "forks",
    sequence: { sequencer: LongestFirst },
    // Two workers on two cores (vitest's default is cores - 1: one). The integration files are
    // mostly CPU (the in-process DynamoDB), not waiting on I/O: on a machine busy with other work,
    // 3 workers took 12 min against 15 for 2 (under a heavier load) but pushed the heaviest tests
    // past their time-outs, and 4 took 16 min with more of them.
    maxWorkers: 2,
    // Generous: some tests sign up 30 people at once (scrypt) or fill thousands of postings, and a
    // busy shared machine can take minutes over them; a test waits for conditions, not for time.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // Polled conditions get as long as a busy machine may need (the default is 1 s).
    expect: { poll: { timeout: 30_000, interval: 50 } },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["packages/**/src/**/*.test.ts", "web/src/**/*.test.ts", "tests/lint/**/*.test.ts"],
          environment: "node",
          // A worker's files share its process and modules: importing each file's modules afresh
          // took more than half the tier's time. The setup file puts back what a file changed.
          isolate: false,
          setupFiles: ["tests/support/setup-unit.ts"],
        },
      },
      {
        // API integration tests, in-process against the local runtime (in-memory DynamoDB, mail
        // queue, outbox) that the setup file starts once per worker: the files a worker runs
        // share it and its module state (isolate: false), each with people and data of its own.
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: [...OWN_RUNTIME, ...PRODUCTION_COSTS],
          setupFiles: ["tests/support/setup-runtime.ts"],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "integration-isolated",
          include: OWN_RUNTIME,
          exclude: OWN_PROCESS,
          setupFiles: ["tests/support/setup-runtime.ts"],
          // Each file's runtime is started afresh, in workers that run file after file (see
          // setup-runtime.ts): a process for every file cost some seconds more each.
          isolate: false,
          provide: { runtimePerFile: true },
          // Evaluated with the domain's modules, so each file's runtime's links are read afresh.
          server: { deps: { inline: ["sst"] } },
        },
      },
      {
        extends: true,
        test: {
          name: "integration-process",
          include: OWN_PROCESS,
          setupFiles: ["tests/support/setup-runtime.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration-production",
          include: PRODUCTION_COSTS,
          setupFiles: ["tests/support/setup-runtime.ts"],
          provide: { runtimeCosts: "production" },
        },
      },
    ],
  },
});
