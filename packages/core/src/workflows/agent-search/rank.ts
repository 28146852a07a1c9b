import { canonicalUrl } from "../../lib/syndication/index.ts";
import type { AgentResult } from "../../modules/agent/index.ts";
import { coverage } from "./relevance.ts";

/** A result as a step found it, before ranking: what it is and why, with what ranking reads. */
export interface Found extends AgentResult {
  /** Epoch ms, when known (ranking prefers the newer of two equals). */
  at?: number;
  /** The outside service's own standing of it (Hacker News's order), 0 for none. */
  standing?: number;
}

const keyOf = (link: string) => {
  try {
    return canonicalUrl(link);
  } catch {
    return link;
  }
};

/**
 * Merges what the steps found: the same canonical address once, with every reason that found it
 * (graph's own copy first: it is already readable in graph), then ranks — more reasons above
 * fewer, then how much of the query the title names, then what is in graph, then the outside
 * service's standing, then newer — and keeps the best `max`.
 */
export function rankResults(found: readonly Found[], words: readonly string[], max: number): AgentResult[] {
  const merged = new Map<string, Found>();
  for (const item of found) {
    const key = keyOf(item.link);
    const kept = merged.get(key);
    if (!kept) {
      merged.set(key, { ...item, reasons: [...item.reasons] });
      continue;
    }
    for (const reason of item.reasons) if (!kept.reasons.includes(reason)) kept.reasons.push(reason);
    if (item.inGraph && !kept.inGraph) Object.assign(kept, { inGraph: true, title: item.title, source: item.source });
    kept.newSource ??= item.newSource;
    kept.publishedAt ??= item.publishedAt;
    kept.at ??= item.at;
    kept.standing = Math.max(kept.standing ?? 0, item.standing ?? 0);
  }
  const score = (r: Found) => [
    r.reasons.length,
    coverage(words, r.title),
    r.inGraph ? 1 : 0,
    r.standing ?? 0,
    r.at ?? 0,
  ];
  return [...merged.values()]
    .map((r) => ({ r, s: score(r) }))
    .sort((a, b) => {
      for (let i = 0; i < a.s.length; i++) if (a.s[i] !== b.s[i]) return b.s[i]! - a.s[i]!;
      return a.r.link.localeCompare(b.r.link);
    })
    .slice(0, max)
    .map(({ r }) => {
      const { at: _at, standing: _standing, ...result } = r;
      return result;
    });
}
