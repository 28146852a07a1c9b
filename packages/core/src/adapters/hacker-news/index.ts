import { Resource } from "sst";
import * as z from "zod";
import { guardedFetch } from "../http/index.ts";

/**
 * Hacker News's public search (Algolia's `GET /api/v1/search`, no key). On AWS the address is
 * the real service's; locally it is the runtime's stand-in, which answers in the same shape, so
 * this code runs unchanged. The request goes through the address guard with its size and time
 * caps; the address is graph's own configuration, not a person's, so a stand-in on this machine
 * is allowed.
 */

/** A story as search answers it (anything else in an answer is ignored). */
const Hit = z.object({
  objectID: z.string(),
  title: z.string().min(1).nullable().optional(),
  url: z.string().url().nullable().optional(),
  points: z.number().nullable().optional(),
  num_comments: z.number().nullable().optional(),
  created_at_i: z.number().int().optional(),
});
const Answer = z.object({ hits: z.array(z.unknown()) });

export interface HackerNewsStory {
  id: string;
  title: string;
  url: string;
  points: number;
  comments: number;
  /** Epoch ms, when known. */
  createdAt?: number;
}

/** Answers larger than this are refused (a page of stories is a few tens of kilobytes). */
const MAX_BYTES = 1024 * 1024;
const TIMEOUT_MS = 8000;

/** Why a search could not be read: the service's answer or the network, in words for the person. */
export class HackerNewsUnavailable extends Error {
  constructor(reason: string) {
    super(`Hacker News could not be searched (${reason})`);
    this.name = "HackerNewsUnavailable";
  }
}

const apiUrl = () => Resource.HackerNews.apiUrl.replace(/\/+$/, "");

/**
 * Stories matching `query`, the service's best first, those that link to an article only (an
 * "Ask HN" has no site to follow). Every word is required, unless `anyWord` (Algolia's
 * `optionalWords`: stories with more of them first). One request; throws
 * `HackerNewsUnavailable` when it fails.
 */
export async function searchStories(
  query: string,
  hitsPerPage = 20,
  { anyWord = false }: { anyWord?: boolean } = {},
): Promise<HackerNewsStory[]> {
  const params = new URLSearchParams({ query, tags: "story", hitsPerPage: String(hitsPerPage) });
  if (anyWord) params.set("optionalWords", query);
  const outcome = await guardedFetch(`${apiUrl()}/search?${params}`, {
    allowPrivate: true,
    maxBytes: MAX_BYTES,
    totalTimeoutMs: TIMEOUT_MS,
    accept: "application/json",
  });
  if (outcome.kind !== "ok") throw new HackerNewsUnavailable(outcome.kind === "error" ? outcome.error : "no answer");
  let body: unknown;
  try {
    body = JSON.parse(outcome.body);
  } catch {
    throw new HackerNewsUnavailable("its answer was not JSON");
  }
  const answer = Answer.safeParse(body);
  if (!answer.success) throw new HackerNewsUnavailable("its answer had no hits");
  const stories: HackerNewsStory[] = [];
  for (const entry of answer.data.hits) {
    const hit = Hit.safeParse(entry);
    if (!hit.success || !hit.data.title || !hit.data.url) continue;
    if (!/^https?:\/\//i.test(hit.data.url)) continue;
    stories.push({
      id: hit.data.objectID,
      title: hit.data.title,
      url: hit.data.url,
      points: hit.data.points ?? 0,
      comments: hit.data.num_comments ?? 0,
      ...(hit.data.created_at_i !== undefined ? { createdAt: hit.data.created_at_i * 1000 } : {}),
    });
  }
  return stories;
}
