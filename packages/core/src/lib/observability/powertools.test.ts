import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { count, log, useSink, withInvocation } from "./index.ts";

// Files share the process (the unit tier does not isolate them): another may have left its sink.
beforeEach(() => useSink());

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

/** Every JSON line the process writes to stdout or stderr while `work` runs. */
async function written(work: () => Promise<void>) {
  const lines: string[] = [];
  const capture = (chunk: unknown) => {
    lines.push(...String(chunk).split("\n").filter(Boolean));
    return true;
  };
  vi.spyOn(process.stdout, "write").mockImplementation(capture);
  vi.spyOn(process.stderr, "write").mockImplementation(capture);
  await work();
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("on AWS (Powertools)", () => {
  it("logs JSON lines with the invocation's fields, and publishes embedded-format metrics once at its end", async () => {
    vi.stubEnv("SST_RESOURCE_App", JSON.stringify({ name: "graph", stage: "production" }));
    const lines = await written(() =>
      withInvocation({ function: "DigestQueue", requestId: "req-9" }, async () => {
        log.error("a digest failed", { userId: "u-1", email: "ada@example.com" });
        count("DigestsFailed");
        count("DigestsFailed");
      }),
    );
    const [record, ...metrics] = lines;
    expect(record).toMatchObject({
      level: "ERROR",
      message: "a digest failed",
      service: "graph-production",
      function: "DigestQueue",
      requestId: "req-9",
      email: "[redacted]",
    });
    expect(JSON.stringify(record)).not.toContain("u-1");
    // One record per set of dimensions: the function's invocations, and the stage's digests.
    expect(metrics).toHaveLength(2);
    const byName = Object.fromEntries(
      metrics.flatMap((m) =>
        (
          m._aws as { CloudWatchMetrics: Array<{ Namespace: string; Metrics: Array<{ Name: string }> }> }
        ).CloudWatchMetrics[0]!.Metrics.map((metric) => [metric.Name, m]),
      ),
    );
    expect(byName.DigestsFailed).toMatchObject({ service: "graph-production", DigestsFailed: 2 });
    expect(byName.Invocations).toMatchObject({ service: "graph-production", function: "DigestQueue", Invocations: 1 });
    expect(
      (byName.DigestsFailed!._aws as { CloudWatchMetrics: Array<{ Namespace: string }> }).CloudWatchMetrics[0]!
        .Namespace,
    ).toBe("graph");
  });
});
