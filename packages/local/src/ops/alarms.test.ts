import { describe, expect, it } from "vitest";
import { ALARMS } from "@graph/functions/ops/alarms";
import type { QueueState } from "../dispatcher.ts";
import { evaluateAlarms } from "./alarms.ts";
import { LocalSink } from "./log-sink.ts";

const NOW = Date.parse("2026-11-28T12:00:00Z");
const HOUR = 3_600_000;

function sinkWith(points: Array<[name: string, value: number, agoMs: number, dimensions?: Record<string, string>]>) {
  const sink = new LocalSink({ print: false });
  for (const [name, value, ago, dimensions] of points) {
    sink.metric({ name: name as never, value, dimensions: dimensions ?? {}, time: NOW - ago });
  }
  return sink;
}

const firing = (sink: LocalSink, queues: QueueState[] = []) =>
  evaluateAlarms(ALARMS, { sink, queues }, NOW)
    .filter((a) => a.firing)
    .map((a) => a.name);

describe("the alarms, evaluated locally", () => {
  it("fire on nothing when all is quiet", () => {
    expect(firing(sinkWith([]))).toEqual([]);
  });

  it("fire when digests were due in the last day and none was sent, not when one was or the day is past", () => {
    expect(firing(sinkWith([["DigestsQueued", 3, 2 * HOUR]]))).toEqual(["digest-silence"]);
    expect(
      firing(
        sinkWith([
          ["DigestsQueued", 3, 2 * HOUR],
          ["DigestsSent", 1, HOUR],
        ]),
      ),
    ).toEqual([]);
    expect(firing(sinkWith([["DigestsQueued", 3, 25 * HOUR]]))).toEqual([]);
  });

  it("stay quiet on a day whose due digests were all empty, and fire on one with some to send but none sent", () => {
    // Every due digest had nothing new: skipped as empty, as good as sent.
    const allEmpty = sinkWith([
      ["DigestsQueued", 3, 2 * HOUR],
      ["DigestsEmpty", 3, HOUR],
    ]);
    expect(firing(allEmpty)).toEqual([]);
    // A day whose due digests all failed: nothing went through, sent or empty.
    const failedOnly = sinkWith([
      ["DigestsQueued", 3, 2 * HOUR],
      ["DigestsFailed", 3, HOUR],
    ]);
    expect(firing(failedOnly)).toEqual(["digest-silence"]);
  });

  it("fire on a fetch failure rate over half, once enough fetches were made", () => {
    expect(
      firing(
        sinkWith([
          ["FeedsFailed", 6, 60_000],
          ["FeedsFetched", 4, 60_000],
        ]),
      ),
    ).toEqual(["fetch-failures"]);
    expect(
      firing(
        sinkWith([
          ["FeedsFailed", 5, 60_000],
          ["FeedsFetched", 5, 60_000],
        ]),
      ),
    ).toEqual([]);
    expect(firing(sinkWith([["FeedsFailed", 3, 60_000]]))).toEqual([]);
  });

  it("fire on the API's 5xx rate and a function's failures, within their five minutes", () => {
    const api = sinkWith([
      ["ApiRequests", 100, 60_000],
      ["Api5xx", 2, 60_000],
      ["Invocations", 100, 60_000, { function: "api" }],
      ["Failures", 2, 60_000, { function: "api" }],
    ]);
    expect(firing(api)).toEqual(["api-5xx"]);
    const digest = sinkWith([
      ["Invocations", 1, 60_000, { function: "digest" }],
      ["Failures", 1, 60_000, { function: "digest" }],
    ]);
    expect(firing(digest)).toEqual(["digest-failures"]);
    expect(firing(sinkWith([["Failures", 1, 10 * 60_000, { function: "digest" }]]))).toEqual([]);
  });

  it("fire on a function's Lambda errors: a handler that threw or outlived its timeout, within five minutes", () => {
    const mail = "packages/functions/src/jobs/mail.handler";
    const threw = sinkWith([]);
    threw.invocation(mail, 200, true, NOW - 60_000);
    expect(firing(threw)).toEqual(["MailQueueWorker-lambda-errors"]);
    // The mail worker's timeout is 30 seconds: a batch that ran 31 would have been stopped there.
    const slow = sinkWith([]);
    slow.invocation(mail, 31_000, false, NOW - 60_000);
    expect(firing(slow)).toEqual(["MailQueueWorker-lambda-errors"]);
    const fine = sinkWith([]);
    fine.invocation(mail, 29_000, false, NOW - 60_000);
    fine.invocation(mail, 200, true, NOW - 10 * 60_000);
    expect(firing(fine)).toEqual([]);
  });

  it("fire on dead letters and on an ingest backlog older than fifteen minutes", () => {
    const queues: QueueState[] = [
      { name: "MailQueue", deadLetter: "MailDeadLetter", waiting: 0, dead: 1 },
      { name: "IngestQueue", deadLetter: "IngestDeadLetter", waiting: 4, dead: 0, oldestSentAt: NOW - 16 * 60_000 },
    ];
    expect(firing(sinkWith([]), queues)).toEqual(["MailDeadLetter-messages", "ingest-backlog"]);
  });
});
