import { getMany } from "../../adapters/dynamo/index.ts";
import { DictionaryPhraseEntity } from "./dictionary-phrase.entity.ts";
import { shardOf } from "./dictionary.ts";
import { TopicEntity, type Topic } from "./topic.entity.ts";

export interface TopicView {
  id: string;
  topic: string;
  isSupertag: boolean;
}

export const view = (t: Topic): TopicView => ({ id: t.topicId, topic: t.topic, isSupertag: t.isSupertag });

export async function listRaw(userId: string): Promise<Topic[]> {
  const { data } = await TopicEntity.query.byUser({ userId }).go({ pages: "all" });
  return data.sort((a, b) => a.createdAt - b.createdAt || a.topic.localeCompare(b.topic));
}

export async function list(userId: string): Promise<TopicView[]> {
  return (await listRaw(userId)).map(view);
}

/**
 * How many people follow each phrase (`phrase` → count, 0 for a phrase not in the dictionary):
 * the rarity of a shared topic, read from the dictionary in batches of 100.
 */
export async function phraseFollowers(phrases: string[]): Promise<Map<string, number>> {
  const unique = [...new Set(phrases)];
  const data = await getMany<{ phrase: string; followers?: number }>(
    DictionaryPhraseEntity,
    unique.map((phrase) => ({ shard: shardOf(phrase), phrase })),
    ["phrase", "followers"],
  );
  const counts = new Map(unique.map((phrase) => [phrase, 0]));
  for (const d of data) counts.set(d.phrase, d.followers ?? 0);
  return counts;
}
