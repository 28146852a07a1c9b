import { readFile } from "node:fs/promises";
import { Sessions } from "@graph/core/auth";
import { IMPORT_BATCH_MAX } from "@graph/core/media/rules";
import { createApi } from "@graph/functions/api/app";
import { UserEntity } from "../../packages/core/src/users/user.entity.ts";
import { countReads } from "./reads.ts";
import { row, sample } from "./stats.ts";

const SITE = "http://bench.local";
const ROWS = 5000;
const SEARCHES = 200;

interface CatalogueBook {
  title: string;
  authors: string[];
  isbn: string[];
}

/** A Goodreads export as the page sends it: a tenth on other shelves, a tenth books the catalogue knows. */
function goodreadsRows(known: CatalogueBook[]) {
  return Array.from({ length: ROWS }, (_, i) => {
    const shelf = i % 10 === 5 ? "to-read" : "read";
    const book = i % 10 === 0 && known.length > 0 ? known[(i / 10) % known.length] : undefined;
    return {
      title: book?.title ?? `Bench Book Number ${i}`,
      idGoodreads: String(10_000_000 + i),
      author: book?.authors[0] ?? `Bench Author ${i % 300}`,
      additionalAuthors: i % 7 === 0 ? "Second Author, Third Author" : "",
      // Half the unknown books carry an ISBN the catalogue does not know (two look-ups: by ISBN, then title).
      isbn: book ? `="${book.isbn[0] ?? ""}"` : i % 2 === 0 ? `="979${String(i).padStart(10, "0")}"` : '=""',
      myRating: String(i % 6),
      dateRead: `20${String(10 + (i % 14)).padStart(2, "0")}/${String((i % 12) + 1).padStart(2, "0")}/${String((i % 28) + 1).padStart(2, "0")}`,
      publicationDate: String(1950 + (i % 70)),
      exclusiveShelf: shelf,
      review: i % 4 === 0 ? `Read it in ${i % 30} days, "liked" it.<br/>Would, maybe, read again.` : "",
    };
  });
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
  const known = (
    JSON.parse(
      await readFile(new URL("../../packages/local/src/open-library/books.json", import.meta.url), "utf8"),
    ) as {
      books: CatalogueBook[];
    }
  ).books.filter((b) => b.isbn.length > 0);
  const rows = goodreadsRows(known);

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
      `${ROWS} rows in batches of ${IMPORT_BATCH_MAX}: a tenth to-read, a tenth books the catalogue knows (${known.length} of them), the rest unknown`,
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
