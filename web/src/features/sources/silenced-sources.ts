/** Silenced sources on the settings page: their shapes (from the API), the source search's rules, and failure texts. */
import { SOURCE_SEARCH as SERVER_SOURCE_SEARCH } from "@graph/core/modules/sources/rules";
import type { InferResponseType } from "hono/client";
import type { client } from "../../lib/client.ts";

/** `GET /api/rss/user_source_blacklist`: one silenced source. */
export type SilencedSource = InferResponseType<typeof client.api.rss.user_source_blacklist.$get, 200>[number];
/** `GET /api/rss/source_search`: one source found. */
export type SourceHit = InferResponseType<typeof client.api.rss.source_search.$get, 200>[number];

/** The source search's limits (the server's, from core) and the spec's debounce. */
export const SOURCE_SEARCH = {
  minChars: SERVER_SOURCE_SEARCH.minLength,
  maxChars: SERVER_SOURCE_SEARCH.maxLength,
  debounceMs: 250,
} as const;

export const SILENCE_FAILED = "failed to silence the source. please try again";
export const UNSILENCE_FAILED = "failed to un-silence the source. please try again";
/** Said with "undo" after a source is silenced. */
export const sourceSilencedText = (name: string) => `silenced ${name}`;

/**
 * What the field's text searches for: spaces folded and trimmed, cut to the longest query the
 * server takes; null when it is shorter than the server accepts (nothing is sent).
 */
export function sourceSearchTerm(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const term = raw.replace(/\s+/gu, " ").trim().slice(0, SOURCE_SEARCH.maxChars).trimEnd();
  return term.length >= SOURCE_SEARCH.minChars ? term : null;
}

/** True when the field holds something, but too little to search for. */
export function isTooShortForSourceSearch(raw: string): boolean {
  return raw.trim() !== "" && sourceSearchTerm(raw) === null;
}

/** A found source as the silenced list holds it. */
export function asSilenced(hit: Pick<SourceHit, "id" | "name">): SilencedSource {
  return { id: hit.id, sourceId: hit.id, name: hit.name };
}

export function isSilenced(silenced: readonly SilencedSource[] | undefined, sourceId: string): boolean {
  return silenced?.some((s) => s.id === sourceId) ?? false;
}

/** A site's host for the search results ("nasa.gov"), or the address itself when it is not one. */
export function siteHost(siteUrl: string): string {
  try {
    return new URL(siteUrl).hostname.replace(/^www\./, "");
  } catch {
    return siteUrl;
  }
}
