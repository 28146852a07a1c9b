import { gunzipSync, gzipSync } from "node:zlib";
import { conditionally } from "../../adapters/dynamo/index.ts";
import { IngestQueue, enqueue } from "../../adapters/queues/index.ts";
import { BackgroundPartEntity } from "./phrase-vocabulary.entity.ts";
import type { Background } from "./significance.ts";
import { termsOf } from "./terms.ts";

/**
 * The background of significance: document frequencies over the trusted articles read lately.
 * Counting every term of every article into shared items at ingest would be thousands of
 * contended writes per batch, so a job builds it whole from the stored articles
 * (`BackgroundBuilder`) and stores it gzipped; processes read it once per BACKGROUND_TTL_MS. The
 * job runs on a schedule, and as soon as a phrase needs a background and none is usable
 * (`requestBackground`): on a new stage, related terms need not wait for the schedule.
 */

/** Articles counted at most (the newest): bounds the build's time and memory. */
export const MAX_BACKGROUND_ARTICLES = 50_000;
/** Terms kept at most, the most frequent: the rest count as never seen (rare, which they are). */
export const MAX_BACKGROUND_TERMS = 200_000;
/** Characters of one stored part (DynamoDB items hold 400 KB). */
const PART_CHARS = 300_000;
/** A generation outlives its replacement by this much (a reader may be reading it). */
const GENERATION_TTL_SECONDS = 2 * 24 * 60 * 60;
/** How long a process keeps the background it read. */
const BACKGROUND_TTL_MS = 10 * 60 * 1000;

/** Counts articles' terms, each article once, up to MAX_BACKGROUND_ARTICLES. */
export class BackgroundBuilder {
  readonly df = new Map<string, number>();
  articles = 0;

  get full(): boolean {
    return this.articles >= MAX_BACKGROUND_ARTICLES;
  }

  add(article: { title: string; summary?: string; language?: string }): void {
    if (this.full) return;
    this.articles++;
    for (const term of termsOf(article)) this.df.set(term, (this.df.get(term) ?? 0) + 1);
  }

  /** Stores the model as the current background; answers it. */
  async store(now = Date.now()): Promise<Background> {
    // Terms seen once say nothing a never-seen term does not: they are left out first.
    const kept = [...this.df].filter(([, n]) => n > 1);
    kept.sort((a, b) => b[1] - a[1]);
    const df = new Map(kept.slice(0, MAX_BACKGROUND_TERMS));
    const data = gzipSync(JSON.stringify({ articles: this.articles, df: [...df] })).toString("base64");
    const generation = String(now);
    const parts = Math.max(1, Math.ceil(data.length / PART_CHARS));
    const expiresAt = Math.floor(now / 1000) + GENERATION_TTL_SECONDS;
    for (let part = 0; part < parts; part++) {
      await BackgroundPartEntity.put({
        generation,
        part,
        data: data.slice(part * PART_CHARS, (part + 1) * PART_CHARS),
        expiresAt,
      }).go({ response: "none" });
    }
    await BackgroundPartEntity.put({
      generation: "head",
      part: 0,
      current: generation,
      parts,
      articles: this.articles,
      builtAt: now,
    }).go({ response: "none" });
    const background = { articles: this.articles, df };
    cached = { background, readAt: now, generation };
    return background;
  }
}

let cached: { background: Background; readAt: number; generation: string } | undefined;
const EMPTY: Background = { articles: 0, df: new Map() };

/** The current background (read at most once per BACKGROUND_TTL_MS); empty before the first build. */
export async function currentBackground(now = Date.now()): Promise<Background> {
  // Read again too when the clock was put back past the read (as a test's moved clock is).
  if (cached && now >= cached.readAt && now - cached.readAt < BACKGROUND_TTL_MS) return cached.background;
  const { data: head } = await BackgroundPartEntity.get({ generation: "head", part: 0 }).go();
  if (!head?.current || !head.parts) return EMPTY;
  if (cached?.generation === head.current) {
    cached.readAt = now;
    return cached.background;
  }
  const { data } = await BackgroundPartEntity.query.byGeneration({ generation: head.current }).go({ pages: "all" });
  const text = data
    .sort((a, b) => a.part - b.part)
    .map((p) => p.data ?? "")
    .join("");
  const parsed = JSON.parse(gunzipSync(Buffer.from(text, "base64")).toString()) as {
    articles: number;
    df: Array<[string, number]>;
  };
  const background = { articles: parsed.articles, df: new Map(parsed.df) };
  cached = { background, readAt: now, generation: head.current };
  return background;
}

/**
 * A build asked for is not asked for again within this long: longer than a build may take (the
 * job's five minutes), so builds never overlap, and short enough that a build that found too few
 * articles (a stage just started) is followed soon by one that finds enough.
 */
export const BUILD_REQUEST_MS = 6 * 60 * 1000;

/**
 * Asks for the background to be built now: queues the `vocabulary` job (on the ingest queue),
 * once however many processes ask at the same time. The first to mark the item `request` with
 * its time (a conditional write) queues the job; the others find it marked within
 * BUILD_REQUEST_MS and leave it. Answers whether this call queued it.
 */
export async function requestBackground(now = Date.now()): Promise<boolean> {
  const marked = await conditionally(
    BackgroundPartEntity.put({ generation: "request", part: 0, requestedAt: now })
      .where((attr, op) => `${op.notExists(attr.requestedAt)} OR ${op.lte(attr.requestedAt, now - BUILD_REQUEST_MS)}`)
      .go({ response: "none" }),
  );
  if (!marked) return false;
  await enqueue(IngestQueue, [{ kind: "vocabulary" }]);
  return true;
}

/** Forgets the background read (tests that build one in another process). */
export function forgetBackground(): void {
  cached = undefined;
}
