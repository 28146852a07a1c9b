import { describe, expect, it } from "vitest";
import { getMany } from "@graph/core/adapters/dynamo";
import { SeenEntity } from "../../packages/core/src/modules/feed/seen.entity.ts";
import { DictionaryPhraseEntity } from "../../packages/core/src/modules/topics/dictionary-phrase.entity.ts";
import { shardOf } from "../../packages/core/src/modules/topics/dictionary.ts";

/** `getMany`: the batch read behind a refresh's hundreds of reads by key. */
describe("reading many items by key", () => {
  it("reads every existing item of hundreds of keys, the attributes asked for, and leaves out the missing", async () => {
    const userId = `many-${Date.now()}`;
    const marked = Array.from({ length: 230 }, (_, i) => `a-${i}`);
    await SeenEntity.put(marked.map((articleId) => ({ userId, articleId, seenAt: 1, expiresAt: 2 }))).go();
    const asked = [...marked, ...Array.from({ length: 40 }, (_, i) => `missing-${i}`)];

    const items = await getMany<{ articleId: string; seenAt: number }>(
      SeenEntity,
      asked.map((articleId) => ({ userId, articleId })),
      ["articleId"],
      { concurrency: 2 },
    );

    expect(items.map((i) => i.articleId).sort()).toEqual([...marked].sort());
    expect(items.every((i) => i.seenAt === undefined)).toBe(true);
  });

  it("asks by the table key only, for an entity that also has index keys", async () => {
    const phrase = `many phrase ${Date.now()}`;
    await DictionaryPhraseEntity.create({ shard: shardOf(phrase), phrase, updatedAt: 5, postings: 7 }).go();

    const [entry] = await getMany<{ phrase: string; postings: number }>(
      DictionaryPhraseEntity,
      [{ shard: shardOf(phrase), phrase }],
      ["phrase", "postings"],
    );

    expect(entry).toEqual({ phrase, postings: 7 });
  });

  it("answers nothing for no keys, without a request", async () => {
    expect(await getMany(SeenEntity, [], ["articleId"])).toEqual([]);
  });
});
