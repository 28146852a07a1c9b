import type { SQSEvent, SQSRecord } from "aws-lambda";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IngestQueue, type IngestJob } from "@graph/core/adapters/queues";
import { useSink, type LogRecord, type MetricPoint } from "@graph/core/lib/observability";
import { queueWorker } from "./queue-worker.ts";

const record = (messageId: string, body: string) => ({ messageId, body }) as SQSRecord;
const event = (...records: SQSRecord[]): SQSEvent => ({ Records: records });
const source = (sourceId: string) => JSON.stringify({ kind: "source", sourceId });

afterEach(() => vi.restoreAllMocks());

/** What the worker logs and counts, caught instead of written out. */
function captured() {
  const records: LogRecord[] = [];
  const points: MetricPoint[] = [];
  useSink({ log: (r) => records.push(r), metric: (p) => points.push(p), flush: () => undefined });
  return { records, points };
}

describe("a queue worker", () => {
  it("reports only the records whose work threw, and drops and logs the malformed ones", async () => {
    const { records, points } = captured();
    const handled: IngestJob[] = [];
    const worker = queueWorker(
      IngestQueue,
      async (job) => {
        if (job.kind === "source" && job.sourceId === "explodes") throw new Error("down");
        handled.push(job);
      },
      { order: "parallel" },
    );
    const result = await worker(
      event(
        record("ok", source("fine")),
        record("throws", source("explodes")),
        record("not-json", "{nope"),
        record("wrong-shape", JSON.stringify({ kind: "reboot" })),
      ),
    );
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: "throws" }] });
    expect(handled).toEqual([{ kind: "source", sourceId: "fine" }]);
    const logged = records.map((r) => JSON.stringify(r));
    expect(logged.filter((line) => line.includes("dropping malformed message"))).toHaveLength(2);
    expect(logged.some((line) => line.includes("IngestQueue") && line.includes("throws"))).toBe(true);
    // The batch's four messages were invocations of the queue's function; three of them failed.
    const counted = (name: string) =>
      points.filter((p) => p.name === name && p.dimensions.function === "IngestQueue").reduce((n, p) => n + p.value, 0);
    expect([counted("Invocations"), counted("Failures")]).toEqual([4, 3]);
  });

  it("works records one after another when asked to", async () => {
    let running = 0;
    let most = 0;
    const worker = queueWorker(
      IngestQueue,
      async () => {
        most = Math.max(most, ++running);
        await Promise.resolve();
        running--;
      },
      { order: "sequential" },
    );
    await worker(event(record("a", source("a")), record("b", source("b")), record("c", source("c"))));
    expect(most).toBe(1);
  });

  it("hands what each message answered to the batch's last step", async () => {
    const afterBatch = vi.fn(async () => undefined);
    captured();
    const worker = queueWorker(
      IngestQueue,
      async (job) => {
        if (job.kind === "source" && job.sourceId === "b") throw new Error("down");
        return job.kind === "source" ? job.sourceId.toUpperCase() : "";
      },
      { order: "parallel", afterBatch },
    );
    await worker(event(record("a", source("a")), record("b", source("b"))));
    expect(afterBatch).toHaveBeenCalledWith([{ message: { kind: "source", sourceId: "a" }, result: "A" }]);
  });
});
