/** Prompts and parsing for onboarding: aims are written in [brackets] (topics are read by the topics feature). */
import { phraseKey } from "@graph/core/lib/matching/rules";
import { AIM_LIMITS } from "@graph/core/modules/topics/rules";
import { parseTopics } from "../topics/index.ts";

export const TOPICS_PROMPT =
  "Based on everything you know about me, list 100 niche topics I am interested in. " +
  "Each topic is at most 3 words. At most 3 of the topics may be closely related to each other; " +
  "spread the rest across my different interests. " +
  "Answer with the topics only, comma-separated, on one line, with no numbering and no other text.";

export const AIMS_PROMPT =
  "Based on everything you know about me, write 5 aims I am working towards: 3 personal and 2 professional. " +
  "Each aim is at most 15 words. Put each aim in [square brackets] and separate them with commas, " +
  "like [first aim], [second aim]. Answer with the aims only, with no other text.";

/** Whether the topics draft lets the person move on (non-empty after trimming). */
export function hasTopicsDraft(draft: string): boolean {
  return draft.trim().length > 0;
}

/**
 * Aims from a draft such as `[run a marathon], [ship the app]`: the text inside each pair of
 * brackets, trimmed and with inner whitespace collapsed, empty ones dropped, at most
 * `AIM_LIMITS.maxAims` aims of at most `AIM_LIMITS.maxLength` characters each (the server's limits).
 * Text outside brackets is ignored.
 */
export function parseAims(draft: string): string[] {
  const aims: string[] = [];
  for (const match of draft.matchAll(/\[([^\]]*)\]/gu)) {
    const aim = (match[1] ?? "").replace(/\s+/gu, " ").trim();
    if (aim === "") continue;
    aims.push(Array.from(aim).slice(0, AIM_LIMITS.maxLength).join("").trimEnd());
    if (aims.length === AIM_LIMITS.maxAims) break;
  }
  return aims;
}

/** Whether a draft has aim text that is not inside brackets (so it would be ignored). */
export function hasUnbracketedAimText(draft: string): boolean {
  return draft.replace(/\[[^\]]*\]/gu, "").replace(/[\s,]+/gu, "").length > 0;
}

/** The draft's topics told apart as the server tells them apart. */
const draftKeys = (draft: string) => new Set(parseTopics(draft).map((topic) => phraseKey(topic)));

/**
 * The draft with `topics` added at its end (a subject's topics, chosen as a starting point):
 * comma-separated, the ones it holds already (as the server tells topics apart) left out.
 */
export function withTopics(draft: string, topics: readonly string[]): string {
  const have = draftKeys(draft);
  const fresh: string[] = [];
  for (const topic of topics) {
    const key = phraseKey(topic);
    if (key === "" || have.has(key)) continue;
    have.add(key);
    fresh.push(topic);
  }
  if (fresh.length === 0) return draft;
  const base = draft.trimEnd().replace(/,+$/u, "").trimEnd();
  return base === "" ? fresh.join(", ") : `${base}, ${fresh.join(", ")}`;
}

/** Whether the draft holds every one of `topics` already (a subject chosen before). */
export function hasAllTopics(draft: string, topics: readonly string[]): boolean {
  const have = draftKeys(draft);
  return topics.every((topic) => have.has(phraseKey(topic)));
}
