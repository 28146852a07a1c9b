import { displayTopic } from "../../lib/matching/index.ts";
import { articleCounts, associationsOf } from "./associations.ts";
import { syncedMatcher } from "./dictionary.ts";
import { association, monthOf, previousMonthOf } from "./suggestion-rules.ts";

/** What the topic dictionary knows around a text: the topics it names, and their neighbours. */
export interface TextNeighbours {
  /** The dictionary's phrases the text names (as phrase keys), longest first. */
  topics: string[];
  /** Phrases that appeared with those topics this month and last, the strongest first, each with the topic it came from. */
  neighbours: Array<{ topic: string; via: string }>;
}

/**
 * The topics a text (a search) names, and the dictionary's neighbours of them: the phrases that
 * matched the same articles this month and last (the association data topic suggestions read),
 * weighed as they are, so a niche pair counts above a pairing with a topic that matches everything.
 */
export async function neighboursOf(text: string, limit: number, now = Date.now()): Promise<TextNeighbours> {
  const matcher = await syncedMatcher();
  const topics = [...new Set(matcher.matchArticle({ title: text, body: "" }).map((m) => m.phrase))]
    .sort((a, b) => b.length - a.length)
    .slice(0, 5);
  if (topics.length === 0 || limit <= 0) return { topics, neighbours: [] };
  const months = [monthOf(now), previousMonthOf(now)];
  const [associations, own] = await Promise.all([associationsOf(topics, months), articleCounts(topics, months)]);
  const scored = new Map<string, { score: number; via: string }>();
  for (const topic of topics) {
    const a = own.get(topic) ?? 0;
    for (const month of associations.get(topic)?.months ?? []) {
      for (const [partner, [pair, b]] of Object.entries(month.partners)) {
        if (topics.includes(partner)) continue;
        const score = association(pair, a, b);
        const kept = scored.get(partner);
        if (score > 0 && (!kept || kept.score < score)) scored.set(partner, { score, via: topic });
      }
    }
  }
  const neighbours = [...scored]
    .sort((x, y) => y[1].score - x[1].score || x[0].localeCompare(y[0]))
    .slice(0, limit)
    .map(([phrase, { via }]) => ({ topic: displayTopic(phrase), via }));
  return { topics, neighbours };
}
