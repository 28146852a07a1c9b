/**
 * Every deployable bundle (scripts/bundles: built as SST builds it for a deploy) loads in a fresh
 * Node process with only the environment SST would give its function — its own links, pointing
 * at this worker's local stand-ins — and answers one real-shaped event: an HTTP API request, a
 * socket's `$connect`, an SQS batch, a schedule's tick. And the infrastructure's shape, checked
 * against the code from the one list of functions infra/ is built from. Each check has a probe
 * showing it fails for what it is there to catch.
 */
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUEUE_NAMES } from "@graph/core/adapters/queues/rules";
import { ALARMS } from "@graph/functions/ops/alarms";
import { queues } from "@graph/functions/jobs/queues";
import { schedules } from "@graph/functions/jobs/schedules";
import { functionNamed, functionOf, functions, LOG_RETENTION } from "@graph/functions/functions";
import { buildBundles, LIMITS, ROOT, sizeReport, type Bundle } from "../../scripts/bundles/build.ts";
import {
  coldPathProblems,
  declaredSecrets,
  NOT_ON_COLD_PATHS,
  queueProblems,
  resourcesRead,
  secretProblems,
  sizeProblems,
  timeoutProblems,
  unlinkedReads,
} from "../../scripts/bundles/checks.ts";
import { smokeEvent, succeeded } from "../../scripts/bundles/events.ts";
import { functionEnvironment, inTurn, invoke, loadedModules, startSite } from "../../scripts/bundles/smoke.ts";
import { httpApiEvent } from "@graph/local/aws/http-api";
import { hostileArticle } from "../support/article-pages.ts";
import { storedArticle } from "../support/articles.ts";
import { startFeedServer } from "../support/feeds.ts";
import { signedIn, useTestApi } from "../support/runtime.ts";

const api = useTestApi();
let bundles: Bundle[];
let reads: Awaited<ReturnType<typeof resourcesRead>>;
/** The deployed static site, which the profile page function reads index.html from. */
let site: Awaited<ReturnType<typeof startSite>>;
/** The dead-letter queues the alarms watch (packages/functions/src/ops/alarms.ts). */
const alarmedDeadLetters = ALARMS.flatMap(({ rule }) => (rule.kind === "dead-letter" ? [rule.deadLetter] : []));
const bundleOf = (name: string) => bundles.find((bundle) => bundle.definition.name === name)!;

beforeAll(async () => {
  // Outside the repository, so a bundle finds no package but those installed beside it. `npm test`
  // names the directory its browser tier runs from, so its bundles tier reuses this build.
  const outDir = process.env.GRAPH_TEST_BUNDLES_DIR || join(await mkdtemp(join(tmpdir(), "graph-bundles-")), "bundles");
  [bundles, reads, site] = await Promise.all([
    buildBundles({ outDir, hostPackages: true }),
    resourcesRead(functions),
    startSite(),
  ]);
  console.log(sizeReport(bundles));
});
afterAll(() => site?.close());

describe("deployable bundles", () => {
  it("every function's bundle builds within Lambda's limits and the size goal", () => {
    expect(bundles.map((bundle) => bundle.definition.name)).toEqual(functions.map((definition) => definition.name));
    for (const bundle of bundles) {
      expect(bundle.zippedBytes).toBeLessThan(LIMITS.zipped);
      expect(bundle.unzippedBytes).toBeLessThan(LIMITS.unzipped);
    }
    expect(sizeProblems(bundles)).toEqual([]);
    // sharp is installed beside the API's bundle for Lambda's platform, not bundled.
    expect(bundleOf("Api").installedFor).toBe("linux-arm64");
  });

  it("every bundle loads with only its links and answers one real-shaped event", async () => {
    const person = await signedIn(api);
    const tokenResponse = await api.client({ cookie: person.cookie }).messages.get_jwt.$get();
    const { token } = (await tokenResponse.json()) as { token: string };
    const results = await inTurn(
      bundles.map((bundle) => async () => {
        const event = await smokeEvent(bundle.definition, { ...person, token });
        const invocation = await invoke(bundle, event, functionEnvironment(bundle.definition, process.env, site.url));
        return { name: bundle.definition.name, invocation, ok: succeeded(bundle.definition, invocation) };
      }),
    );
    const failed = results.filter((result) => !result.ok);
    expect(failed, JSON.stringify(failed, null, 2)).toEqual([]);
    // The profile page function answered the site's index.html, read through the site's address.
    const profile = results.find((result) => result.name === "ProfilePages")!.invocation.result as { body: string };
    expect(profile.body).toContain("<title>graph</title>");
    // What the smoke did is what the stand-ins now hold: the mail worker's e-mail went out.
    await expect.poll(() => api.runtime.outbox.list().some((mail) => mail.to === "smoke@graph.test")).toBe(true);
  });

  it("the API's bundle reads an article in the reader view: what its split chunks load on first use works there", async () => {
    // The reader loads Readability (a CommonJS package) and linkedom only when a page is first
    // read: a split bundle names a CommonJS chunk's exports differently from Node (`default` only).
    const pages = await startFeedServer();
    try {
      pages.set("/pier", { body: hostileArticle("The pier will be rebuilt"), contentType: "text/html; charset=utf-8" });
      const articleId = await storedArticle("bundled", "The pier will be rebuilt", { link: `${pages.url}/pier` });
      const person = await signedIn(api);
      const event = await httpApiEvent(
        new Request(`https://graph.test/api/reader/${articleId}`, { headers: { cookie: person.cookie } }),
        { address: "203.0.113.7" },
      );
      const env = functionEnvironment(functionNamed("Api"), process.env);
      // The page is on this machine: the reader may fetch it, as the local runtime allows.
      env.SST_RESOURCE_Config = JSON.stringify({ ...JSON.parse(env.SST_RESOURCE_Config!), allowPrivateFeeds: true });
      const invocation = await invoke(bundleOf("Api"), event, env);
      const answer = invocation.result as { statusCode: number; body: string };
      expect(answer.statusCode, invocation.error).toBe(200);
      const { reading } = JSON.parse(answer.body) as { reading: { kind: string; html?: string } };
      expect(reading.kind).toBe("article");
      expect(reading.html).toContain("The harbour council met on Tuesday evening");
    } finally {
      await pages.close();
    }
  });

  it("the chat token's request and a socket's $connect load none of the modules they do not use; probe: a request for the conversations loads the chat module and fails", async () => {
    const person = await signedIn(api);
    const tokenResponse = await api.client({ cookie: person.cookie }).messages.get_jwt.$get();
    const { token } = (await tokenResponse.json()) as { token: string };
    const loaded = async (name: string, event: unknown) => {
      const bundle = bundleOf(name);
      const invocation = await invoke(
        bundle,
        event,
        functionEnvironment(bundle.definition, process.env, site.url),
        bundle.exportName,
        { modules: true },
      );
      expect(succeeded(bundle.definition, invocation), invocation.error).toBe(true);
      return loadedModules(bundle, invocation);
    };
    const chatToken = await loaded("Api", await smokeEvent(functionNamed("Api"), { ...person, token }));
    const connect = await loaded("Realtime", await smokeEvent(functionNamed("Realtime"), { ...person, token }));
    const conversations = await loaded(
      "Api",
      await httpApiEvent(
        new Request("https://graph.test/api/messages/conversations", { headers: { cookie: person.cookie } }),
        { address: "203.0.113.7" },
      ),
    );
    // What they do load: the session's table through the SDK, and the token's key.
    expect(chatToken).toEqual(
      expect.arrayContaining([expect.stringMatching(/^node_modules\/@aws-sdk\/client-dynamodb\//)]),
    );
    expect(chatToken).toEqual(expect.arrayContaining([expect.stringMatching(/modules\/realtime\/token\.ts$/)]));
    expect(connect).toEqual(expect.arrayContaining([expect.stringMatching(/modules\/chat\/presence\.ts$/)]));
    expect(coldPathProblems(chatToken, NOT_ON_COLD_PATHS["chat token"])).toEqual([]);
    expect(coldPathProblems(connect, NOT_ON_COLD_PATHS["socket $connect"])).toEqual([]);
    // The probe: the conversations' request does load the chat module, and the check says so.
    expect(coldPathProblems(conversations, NOT_ON_COLD_PATHS["chat token"])).toEqual(
      expect.arrayContaining(["packages/core/src/modules/chat/index.ts"]),
    );
  });

  it("probe: a function without a link its code reads fails, statically and when invoked", async () => {
    const mail = functionNamed("MailQueueWorker");
    const withoutEmail = { ...mail, link: mail.link.filter((name) => name !== "Email") };
    expect(unlinkedReads([withoutEmail], reads)).toEqual([
      expect.stringMatching(/^MailQueueWorker reads Resource\.Email .* but does not link it$/),
    ]);
    const person = await signedIn(api);
    const invocation = await invoke(
      bundleOf("MailQueueWorker"),
      await smokeEvent(mail, { ...person, token: "" }),
      functionEnvironment(withoutEmail, process.env),
    );
    expect(succeeded(mail, invocation)).toBe(false);
  });

  it("probe: a bundle without its handler's export fails to load", async () => {
    const mail = bundleOf("MailQueueWorker");
    const invocation = await invoke(mail, {}, functionEnvironment(mail.definition, process.env), "notExported");
    expect(invocation.error).toMatch(/does not export a function named notExported/);
  });

  it("probe: a bundle over the size goal fails", () => {
    expect(sizeProblems(bundles, { zipped: 1024, unzipped: 1024 })).toHaveLength(bundles.length);
  });
});

describe("the infrastructure's shape", () => {
  it("every Resource a function's bundled code reads is linked to it", () => {
    expect(unlinkedReads(functions, reads)).toEqual([]);
  });

  it("every function is in the one list: infra/ names no handler of its own", async () => {
    for (const file of ["api.ts", "realtime.ts", "jobs.ts", "profile-pages.ts"]) {
      const source = await readFile(join(ROOT, "infra", file), "utf8");
      expect(source, file).not.toMatch(/handler:\s*["'`]/);
      expect(source, file).toMatch(/functionArgs\(/);
    }
  });

  it("every queue has a worker, a dead-letter queue and an alarm; probes: one without either fails", () => {
    expect(queues.map((queue) => queue.name).sort()).toEqual([...QUEUE_NAMES].sort());
    for (const queue of queues)
      expect(functionOf(queue.handler)?.trigger).toMatchObject({ kind: "queue", queue: queue.name });
    expect(queueProblems(queues, alarmedDeadLetters)).toEqual([]);
    const [first] = queues;
    expect(queueProblems([{ ...first, deadLetter: "" }], alarmedDeadLetters)).toEqual([
      `${first.name} has no dead-letter queue`,
    ]);
    expect(queueProblems([first], [])).toEqual([`${first.name}'s dead-letter queue ${first.deadLetter} has no alarm`]);
  });

  it("every schedule names a function of the list whose bundle exports its handler", () => {
    for (const job of schedules) {
      const definition = functionOf(job.handler);
      expect(definition?.trigger, job.name).toEqual({ kind: "schedule", job: job.name, schedule: job.schedule });
      expect(bundleOf(definition!.name).exportName).toBe(job.handler.slice(job.handler.lastIndexOf(".") + 1));
    }
  });

  it("every function has a log retention and a timeout its trigger allows; probe: a worker outliving its message's visibility fails", async () => {
    expect(LOG_RETENTION).toMatch(/^\d+ (day|days|week|weeks|month|months|year|years)$/);
    const config = await readFile(join(ROOT, "sst.config.ts"), "utf8");
    expect(config).toMatch(/\$transform\(sst\.aws\.Function,[\s\S]*args\.logging \?\?= \{ retention: LOG_RETENTION \}/);
    expect(timeoutProblems(functions)).toEqual([]);
    const worker = functionNamed("IngestQueueWorker");
    expect(timeoutProblems([{ ...worker, timeout: "6 minutes" }])).toHaveLength(1);
  });

  it("secrets are SST secrets, never environment values; probe: an environment value fails", async () => {
    const infra = Object.fromEntries(
      await Promise.all(
        ["api.ts", "realtime.ts", "jobs.ts", "functions.ts"].map(async (file) => [
          file,
          await readFile(join(ROOT, "infra", file), "utf8"),
        ]),
      ),
    );
    expect(secretProblems(infra, functions)).toEqual([]);
    expect(secretProblems({ "probe.ts": `fn({ environment: { KEY: "x" } })` }, [])).toHaveLength(1);
    expect(secretProblems({}, [{ ...functionNamed("Api"), link: ["StripeApiKey"] }])).toHaveLength(1);
    expect(declaredSecrets()).toContain("StripeSecretKey");
    // The API reads settings from every secret (infra/secrets.ts): a new one reaches it or this fails.
    expect(functionNamed("Api").link).toEqual(expect.arrayContaining(declaredSecrets()));
  });
});
