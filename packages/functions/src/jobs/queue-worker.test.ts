import type { SQSEvent, SQSRecord } from "aws-lambda";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IngestQueue, type IngestJob } from "@graph/core/adapters/queues";
import { queueWorker } from "./queue-worker.ts";

const record = (messageId: string, body: string) => ({ messageId, body }) as SQSRecord;
const event = (...records: SQSRecord[]): SQSEvent => ({ Records: records });
const source = (sourceId: string) => JSON.stringify({ kind: "source", sourceId });

afterEach(() => vi.restoreAllMocks());

describe("a queue worker", () => {
  it("reports only the records whose work threw, and drops and logs the malformed ones", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
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
    const logged = errors.mock.calls.map((call) => call.join(" "));
    expect(logged.filter((line) => line.includes("dropping malformed message"))).toHaveLength(2);
    expect(logged.some((line) => line.includes("IngestQueue") && line.includes("throws"))).toBe(true);
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
    vi.spyOn(console, "error").mockImplementation(() => undefined);
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
