import v8 from "node:v8";
import vm from "node:vm";
import { Sessions } from "@graph/core/modules/auth";
import { ImportsBucket } from "@graph/core/adapters/blobs";
import * as WatchHistory from "@graph/core/modules/watch-history";
import {
  SUMMARY_CHANNELS,
  SUMMARY_LATEST,
  SUMMARY_MOST_WATCHED,
  TAKEOUT_MAX_BYTES,
} from "@graph/core/modules/watch-history/rules";
import { createApi } from "@graph/functions/api/app";
import type { Runtime } from "@graph/local/runtime";
import { UserEntity } from "../../packages/core/src/modules/users/user.entity.ts";
import { takeoutFile } from "../support/takeout.ts";
import { countReads } from "./reads.ts";

const SITE = "http://bench.local";
const MB = 1024 * 1024;
/** Just under the 15 MB cap, as a heavy watcher's export is. */
const FILE_BYTES = TAKEOUT_MAX_BYTES - 64 * 1024;

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

/**
 * Samples the process's memory while `work` runs: the peaks over what it was before. The heap
 * V8 reports holds garbage not yet collected too; with `live`, each sample collects first, so
 * its peak is what the work really holds at once (at the cost of the work's speed).
 */
async function peakMemory<T>(work: () => Promise<T>, { live = false } = {}) {
  gc();
  const before = process.memoryUsage();
  let rss = before.rss;
  let heap = before.heapUsed;
  let external = before.external + before.arrayBuffers;
  const sample = () => {
    if (live) gc();
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
    external = Math.max(external, m.external + m.arrayBuffers);
  };
  const sampler = setInterval(sample, live ? 50 : 5);
  const start = performance.now();
  try {
    const result = await work();
    sample();
    return {
      result,
      seconds: (performance.now() - start) / 1000,
      rss: rss - before.rss,
      heap: heap - before.heapUsed,
      external: external - before.external - before.arrayBuffers,
      rssTotal: rss,
    };
  } finally {
    clearInterval(sampler);
  }
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

async function* pieces(bytes: Uint8Array, size = 64 * 1024) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/**
 * A 15 MB Takeout watch history through the real path: presigned POST to the S3 stand-in,
 * `POST /youtube/upload`, the import queue's worker (run by the local dispatcher) streaming the
 * file back from the stand-in over HTTP, progress writes, the summary and the file's deletion.
 * Prints entries a second and the worker's peak memory over what the process held before (RSS
 * and heap); then the reader alone over the same bytes in memory, and, for contrast, what
 * `JSON.parse` of the whole file takes.
 */
export async function watchHistoryBench(runtime: Runtime) {
  const api = createApi({ clientAddressOf: () => "198.51.100.21" });
  const userId = "bench-watch-history";
  await UserEntity.put({
    userId,
    username: "benchwatchhistory",
    email: "benchwatchhistory@example.com",
    passwordHash: "unused",
    isVerified: true,
    plan: "free",
    hasOnboarded: true,
    createdAt: Date.now(),
  }).go();
  const { token } = await Sessions.create(userId);
  const headers = { cookie: `graph_session=${token}`, "content-type": "application/json" };
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await api.request(`${SITE}/api${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status !== 200)
      throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };

  const built = performance.now();
  const file = takeoutFile({ targetBytes: FILE_BYTES, seed: 2026 });
  const buildSeconds = (performance.now() - built) / 1000;
  console.log("\n## YouTube watch-history import (a Takeout file through the import queue's worker)");
  console.log(
    `${mb(file.bytes.length)} watch-history.json, ${file.expected.entries} entries (${file.expected.watches} watches of ` +
      `${file.expected.videos.size} videos; ${file.expected.skipped.ads} ads, ${file.expected.skipped.removed} removed, ` +
      `${file.expected.skipped.music} YouTube Music), built in ${buildSeconds.toFixed(1)} s`,
  );

  type State = { status: string; entries: number; bytesRead: number; message: string | null };
  /** Uploads the file (presigned POST to the S3 stand-in), then starts the import and polls its state as the page does. */
  const importOnce = async (live: boolean) => {
    const ticket = await call<{ uploadId: string; url: string; fields: Record<string, string> }>(
      "POST",
      "/youtube/upload_url",
      { fileName: "watch-history.json", size: file.bytes.length },
    );
    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
    form.append("file", new Blob([new Uint8Array(file.bytes)]));
    const posted = await fetch(ticket.url, { method: "POST", body: form });
    if (posted.status !== 204) throw new Error(`the upload answered ${posted.status}`);
    let polls = 0;
    const run = await peakMemory(
      async () => {
        await call("POST", "/youtube/upload", { uploadId: ticket.uploadId });
        // The dispatcher runs the worker meanwhile.
        for (;;) {
          const state = await call<State>("GET", `/youtube/upload/${ticket.uploadId}`);
          polls++;
          if (state.status === "done" || state.status === "failed") return state;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      },
      { live },
    );
    await runtime.dispatcher.idle();
    return { ...run, polls };
  };

  const reads = countReads();
  const before = reads.snapshot();
  const worker = await importOnce(false);
  const polls = worker.polls;
  const state = worker.result;
  if (state.status !== "done" || state.entries !== file.expected.entries) {
    throw new Error(`the import ended ${state.status} with ${state.entries} entries: ${state.message}`);
  }
  const dynamo = reads.since(before);
  console.log(
    `worker path      ${worker.seconds.toFixed(2)} s, ${(state.entries / worker.seconds).toFixed(0)} entries/s, ` +
      `${(file.bytes.length / MB / worker.seconds).toFixed(1)} MB/s (upload → done, ${polls} polls of the state)`,
  );
  console.log(
    `  peak memory over before: RSS +${mb(worker.rss)} (process ${mb(worker.rssTotal)}), heap +${mb(worker.heap)} ` +
      `(garbage not yet collected included), buffers +${mb(worker.external)}`,
  );
  console.log(
    `  DynamoDB: ${dynamo.requests} requests (${dynamo.detail}), ${dynamo.written} items written (progress every MB, the summary)`,
  );

  const liveWorker = await importOnce(true);
  // What the S3 stand-in and HTTP alone hold while the file is streamed out of the bucket and dropped.
  const key = "bench/watch-history.json";
  await ImportsBucket.put(key, file.bytes, { contentType: "application/json" });
  const drained = await peakMemory(
    async () => {
      const blob = await ImportsBucket.stream(key);
      let bytes = 0;
      for await (const chunk of blob!.body) bytes += (chunk as Uint8Array).byteLength;
      return bytes;
    },
    { live: true },
  );
  await ImportsBucket.delete(key);
  console.log(
    `  live heap (collected every 50 ms, the same file again): peak +${mb(liveWorker.heap)}; ` +
      `of it the S3 stand-in and HTTP (the file streamed out of the bucket and dropped): +${mb(drained.heap)}`,
  );

  // The reader alone, over the same bytes already in memory (no HTTP, no stand-in). It never
  // waits for a timer, so its live heap is taken at each progress report (every megabyte).
  const lists = { latest: SUMMARY_LATEST, mostWatched: SUMMARY_MOST_WATCHED, channels: SUMMARY_CHANNELS };
  const alone = await peakMemory(() => WatchHistory.readTakeout(pieces(file.bytes), lists));
  gc();
  const base = process.memoryUsage().heapUsed;
  let livePeak = 0;
  await WatchHistory.readTakeout(pieces(file.bytes), {
    ...lists,
    onProgress: () => {
      gc();
      livePeak = Math.max(livePeak, process.memoryUsage().heapUsed - base);
    },
  });
  console.log(
    `reader alone     ${alone.seconds.toFixed(2)} s, ${(alone.result.entries / alone.seconds).toFixed(0)} entries/s; ` +
      `live heap at each MB read: peak +${mb(livePeak)} (with garbage +${mb(alone.heap)})`,
  );

  // For contrast: the whole file decoded and parsed at once, as a non-streaming import would.
  gc();
  const start = process.memoryUsage().heapUsed;
  const started = performance.now();
  const text = new TextDecoder().decode(file.bytes);
  const parsed = JSON.parse(text) as unknown[];
  const parseSeconds = (performance.now() - started) / 1000;
  gc();
  const held = process.memoryUsage().heapUsed - start;
  console.log(
    `JSON.parse whole ${parseSeconds.toFixed(2)} s for ${parsed.length} entries; live heap +${mb(held)} (the text and every ` +
      `entry at once: ${(held / Math.max(1, livePeak)).toFixed(0)}× the reader's live peak)`,
  );
}
