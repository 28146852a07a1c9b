import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, spawnRuntime, stopRuntime, type ChildRuntime } from "../support/child-runtime.ts";

let dataDir: string | undefined;
let runtime: ChildRuntime | undefined;
afterAll(async () => {
  if (runtime) await stopRuntime(runtime, "SIGKILL");
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface Answer {
  path: string;
  status: number;
  body: string;
  retryAfter: string | null;
}

describe("starting the local runtime", () => {
  it("answers requests that arrive while it starts with 503 'starting', never crashing, then serves normally", async () => {
    dataDir = await mkdtemp(join(tmpdir(), "graph-startup-"));
    const port = await freePort();
    runtime = spawnRuntime({ port, dataDir });
    const started = runtime;
    let ready = false;
    void started.ready.then(
      () => (ready = true),
      () => undefined,
    );

    // Requests from the moment the port is bound: dev routes and the API.
    const paths = ["/api/dev/status", "/api/rss/liked_ids", "/api/dev/outbox"];
    const answers: Answer[] = [];
    let afterReady = 0;
    for (let i = 0; afterReady < paths.length * 2 && !started.hasExited(); i++) {
      const path = paths[i % paths.length]!;
      const wasReady = ready;
      try {
        const response = await fetch(`${started.url}${path}`, { signal: AbortSignal.timeout(10_000) });
        const body = await response.text();
        answers.push({ path, status: response.status, body, retryAfter: response.headers.get("retry-after") });
      } catch {
        // Not listening yet (connection refused): try again shortly, leaving the CPU to the start.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      if (wasReady) afterReady++;
    }

    expect(started.hasExited(), started.output()).toBe(false);
    await started.ready;
    const early = answers.filter((a) => a.status === 503);
    // The window between binding the port and mounting the routes was hit at least once.
    expect(early.length).toBeGreaterThan(0);
    for (const answer of early) {
      expect(JSON.parse(answer.body)).toMatchObject({ code: "starting", error: expect.any(String) });
      expect(answer.retryAfter).toBe("1");
    }
    // Every other answer is the route's own (no 500s, no half-mounted app).
    for (const answer of answers.filter((a) => a.status !== 503)) expect(answer.status, answer.path).toBeLessThan(500);
    const status = await fetch(`${started.url}/api/dev/status`);
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({ idle: expect.any(Boolean) });
    expect(started.output()).not.toMatch(/matcher is already built/);
  });
});
