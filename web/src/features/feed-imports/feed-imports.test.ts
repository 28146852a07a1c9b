import { describe, expect, it } from "vitest";
import { OPML_IMPORT, OPML_MESSAGES } from "@graph/core/modules/feed-imports/rules";
import { ApiError, NETWORK_ERROR_STATUS } from "../../lib/api.ts";
import {
  IMPORT_FAILED,
  IMPORT_OFFLINE,
  IMPORT_POLL_MS,
  type FeedImport,
  importFailureText,
  importPollInterval,
  opmlFileProblem,
  percentDone,
  progressText,
  resultText,
  summaryText,
} from "./feed-imports.ts";

const importOf = (over: Partial<FeedImport> = {}): FeedImport => ({
  importId: "i",
  status: "running",
  fileName: "feedly.opml",
  total: 300,
  done: 120,
  added: 100,
  exists: 15,
  notFeed: 3,
  failed: 2,
  merged: 1,
  message: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  finishedAt: null,
  ...over,
});

describe("OPML in and out on the feed tab", () => {
  it("refuses an empty file or one over the size before reading it", () => {
    expect(opmlFileProblem({ size: 0 })).toBe(OPML_MESSAGES.notOpml);
    expect(opmlFileProblem({ size: OPML_IMPORT.maxBytes + 1 })).toBe(OPML_MESSAGES.tooLarge);
    expect(opmlFileProblem({ size: OPML_IMPORT.maxBytes })).toBeNull();
  });

  it("reads the import again while it is queued or running, and stops once it ended", () => {
    expect(importPollInterval(importOf({ status: "queued" }))).toBe(IMPORT_POLL_MS);
    expect(importPollInterval(importOf())).toBe(IMPORT_POLL_MS);
    expect(importPollInterval(importOf({ status: "done" }))).toBe(false);
    expect(importPollInterval(importOf({ status: "failed" }))).toBe(false);
    expect(importPollInterval(null)).toBe(false);
  });

  it("says how far it got, and what the feeds came to", () => {
    expect(percentDone(importOf())).toBe(40);
    expect(percentDone(importOf({ total: 0, done: 0 }))).toBe(0);
    expect(progressText(importOf())).toBe("checking feedly.opml: 120 of 300 feeds");
    expect(progressText(importOf({ status: "queued", done: 0, total: 1 }))).toBe(
      "feedly.opml: 1 feed waiting to be checked...",
    );
    expect(progressText(importOf({ status: "done", done: 300 }))).toBe("feedly.opml: 300 of 300 feeds checked");
    expect(summaryText(importOf())).toBe("100 added · 15 already there · 3 not a feed · 2 failed · 1 duplicate merged");
    expect(summaryText(importOf({ added: 0, exists: 0, notFeed: 0, failed: 2, merged: 0 }))).toBe("2 failed");
  });

  it("gives each feed's result with its reason", () => {
    expect(resultText({ status: "added", reason: null })).toBe("added");
    expect(resultText({ status: "failed", reason: "HTTP 404 Not Found" })).toBe("failed: HTTP 404 Not Found");
    expect(resultText({ status: "exists", reason: OPML_MESSAGES.addedBefore })).toBe(
      "already there: you added it before",
    );
    expect(resultText({ status: "not_feed", reason: "no RSS or Atom feed found" })).toBe(
      "not a feed: no RSS or Atom feed found",
    );
    expect(resultText({ status: "pending", reason: null })).toBe("checking...");
  });

  it("shows the server's words for a file it refused, and ours otherwise", () => {
    expect(importFailureText(new ApiError(409, { error: OPML_MESSAGES.running, code: "import_running" }))).toBe(
      OPML_MESSAGES.running,
    );
    expect(importFailureText(new ApiError(413, { error: OPML_MESSAGES.tooLarge, code: "payload_too_large" }))).toBe(
      OPML_MESSAGES.tooLarge,
    );
    expect(importFailureText(new ApiError(500, { error: "boom", code: "internal" }))).toBe(IMPORT_FAILED);
    expect(importFailureText(new ApiError(NETWORK_ERROR_STATUS, null))).toBe(IMPORT_OFFLINE);
    expect(importFailureText(new Error("?"))).toBe(IMPORT_FAILED);
  });
});
