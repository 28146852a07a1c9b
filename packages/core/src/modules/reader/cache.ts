import { SearchBucket } from "../../adapters/blobs/index.ts";
import { READER_CACHE_MS, READER_FAILURE_CACHE_MS, type Reading } from "./rules.ts";

/**
 * Extracted pages, one blob per article (never per person: nothing of a reader is in it), under
 * `reader/` in the bucket of derived public content that search's segments share; a lifecycle
 * rule (infra/storage.ts) deletes what is past its time, and reads check the time themselves.
 */
const PREFIX = "reader/v1/";
/** A stored reading larger than this is not read back (an extraction never writes one so large). */
const MAX_STORED_BYTES = 8 * 1024 * 1024;

interface Stored {
  fetchedAt: number;
  reading: Reading;
}

const keyOf = (articleId: string) => `${PREFIX}${encodeURIComponent(articleId)}.json`;
const lifetime = (reading: Reading) => (reading.kind === "failed" ? READER_FAILURE_CACHE_MS : READER_CACHE_MS);

/** The article's kept reading while it is fresh, else undefined. */
export async function cached(articleId: string, now = Date.now()): Promise<Reading | undefined> {
  const bytes = await SearchBucket.get(keyOf(articleId), { maxBytes: MAX_STORED_BYTES });
  if (!bytes) return undefined;
  try {
    const stored = JSON.parse(new TextDecoder().decode(bytes)) as Stored;
    return now - stored.fetchedAt < lifetime(stored.reading) ? stored.reading : undefined;
  } catch {
    // A blob cut short or from an older shape: read the page again.
    return undefined;
  }
}

export async function keep(articleId: string, reading: Reading, now = Date.now()): Promise<void> {
  const stored: Stored = { fetchedAt: now, reading };
  await SearchBucket.put(keyOf(articleId), new TextEncoder().encode(JSON.stringify(stored)), {
    contentType: "application/json",
  });
}
