import { Sessions } from "@graph/core/modules/auth";
import { IMPORT_BATCH_MAX } from "@graph/core/modules/media/rules";
import { createApi } from "@graph/functions/api/app";
import { UserEntity } from "../../packages/core/src/modules/users/user.entity.ts";
import { goodreadsExport } from "../support/media-exports.ts";
import { countReads } from "./reads.ts";
import { row, sample } from "./stats.ts";

const SITE = "http://bench.local";
const ROWS = 5000;
const SEARCHES = 200;

/** A Goodreads export with every quirk, as the page's parser hands its rows to the API. */
function goodreadsRows() {
  return goodreadsExport({ rows: ROWS, toRead: ROWS / 10, seed: 20 }).rows.map((r) => ({
    title: r.title,
    idGoodreads: r.bookId,
    author: r.author,
    additionalAuthors: r.additionalAuthors,
    isbn: r.isbn,
    isbn13: r.isbn13,
    myRating: String(r.myRating),
    dateRead: r.dateRead,
    publicationDate: r.originalPublicationYear || r.yearPublished,
    exclusiveShelf: r.exclusiveShelf,
    review: r.review,
  }));
}

/**
 * A 5,000-row Goodreads import end to end: through the API in process, in batches of 100 as the
 * page sends them, each row matched against the Open Library stand-in over HTTP; then the same
 * file again (every row an update). Rows per second and DynamoDB requests per row for both; then
 * book search p50/p95 through the API against the stand-in.
 */
export async function mediaBench() {
  const api = createApi({ clientAddressOf: () => "198.51.100.9" });
  const userId = "bench-media-reader";
  await UserEntity.put({
    userId,
    username: "benchmediareader",
    email: "benchmediareader@example.com",
    passwordHash: "unused",
    isVerified: true,
    plan: "free",
    hasOnboarded: true,
    createdAt: Date.now(),
  }).go();
  const { token } = await Sessions.create(userId);
  const headers = { cookie: `graph_session=${token}`, "content-type": "application/json" };
  const rows = goodreadsRows();

  const catalogue = { requests: 0 };
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    if (String(input instanceof Request ? input.url : input).includes("/search.json")) catalogue.requests++;
    return realFetch(input, init);
  };

  const reads = countReads();
  const importAll = async () => {
    const tally = { imported: 0, updated: 0, skipped: 0, failed: 0 };
    const before = reads.snapshot();
    const calls = catalogue.requests;
    const start = performance.now();
    let count = 0;
    for (let i = 0; i < rows.length; i += IMPORT_BATCH_MAX) {
      const response = await api.request(`${SITE}/api/books/add_from_csv`, {
        method: "POST",
        headers,
        body: JSON.stringify({ parsedBooks: rows.slice(i, i + IMPORT_BATCH_MAX) }),
      });
      if (response.status !== 200) throw new Error(`import batch ${i / IMPORT_BATCH_MAX} answered ${response.status}`);
      const answer = (await response.json()) as { results: Array<{ status: keyof typeof tally }>; count: number };
      for (const r of answer.results) tally[r.status]++;
      count = answer.count;
    }
    const seconds = (performance.now() - start) / 1000;
    return { tally, count, seconds, dynamo: reads.since(before), catalogue: catalogue.requests - calls };
  };

  try {
    console.log("\n## Goodreads import (API in process, DynamoDB and Open Library stand-ins)");
    console.log(
      `${ROWS} rows of a Goodreads export with every quirk, in batches of ${IMPORT_BATCH_MAX}: a tenth to-read, the shipped catalogue's books first, then books no catalogue holds`,
    );
    for (const [name, run] of [
      ["first import", await importAll()],
      ["same file again", await importAll()],
    ] as const) {
      const read = ROWS - run.tally.skipped;
      console.log(
        `${name.padEnd(16)} ${run.seconds.toFixed(1)} s, ${(ROWS / run.seconds).toFixed(0)} rows/s; ` +
          `imported ${run.tally.imported}, updated ${run.tally.updated}, skipped ${run.tally.skipped}, failed ${run.tally.failed}; shelf ${run.count}`,
      );
      console.log(
        `  DynamoDB: ${run.dynamo.requests} requests, ${(run.dynamo.requests / ROWS).toFixed(3)} a row ` +
          `(${(run.dynamo.requests / Math.max(1, read)).toFixed(3)} a read-shelf row; ${run.dynamo.detail}); ` +
          `${run.dynamo.written} items written; catalogue: ${(run.catalogue / Math.max(1, read)).toFixed(2)} look-ups a read-shelf row`,
      );
    }

    console.log("\n## book search (API in process, Open Library stand-in over HTTP)");
    const queries = ["the", "history", "project hail mary", "westover", "science fiction", "midnight", "zzz nothing"];
    const search = async (i: number) => {
      const query = encodeURIComponent(queries[i % queries.length]!);
      const response = await api.request(`${SITE}/api/books/search-books?query=${query}`);
      if (response.status !== 200) throw new Error(`search answered ${response.status}`);
      await response.arrayBuffer();
    };
    console.log(row(`GET /books/search-books (${queries.length} queries in turn)`, await sample(SEARCHES, search)));
  } finally {
    globalThis.fetch = realFetch;
  }
}
