import type { SQSEvent, SQSRecord } from "aws-lambda";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import type * as Digest from "@graph/core/modules/digest";
import { useSink, type MetricPoint } from "@graph/core/lib/observability";
import { digestWorker } from "./digest-worker.ts";

// The module's own send reads the table's link when imported; the worker is given its outcomes instead.
vi.mock("@graph/core/modules/digest", () => ({ send: vi.fn() }));

const job = (userId: string) =>
  ({ messageId: userId, body: JSON.stringify({ userId, slot: 0, now: Date.now() }) }) as SQSRecord;

describe("the digest worker", () => {
  it("counts a sent digest as sent and an empty one as empty, which digest-silence takes as sent", async () => {
    const points: MetricPoint[] = [];
    useSink({ log: () => undefined, metric: (p) => points.push(p), flush: () => undefined });
    // Files share the process: the next one gets the default sink back (made afresh when first used).
    onTestFinished(() => useSink());
    const outcomes: Record<string, Digest.SendOutcome> = { a: "sent", b: "empty", c: "empty", d: "not-due" };
    const worker = digestWorker(async (message) => outcomes[message.userId]!);
    const event: SQSEvent = { Records: ["a", "b", "c", "d"].map(job) };
    expect(await worker(event)).toEqual({ batchItemFailures: [] });
    const counted = (name: string) => points.filter((p) => p.name === name).reduce((n, p) => n + p.value, 0);
    expect([counted("DigestsSent"), counted("DigestsEmpty"), counted("DigestsFailed")]).toEqual([1, 2, 0]);
  });
});
