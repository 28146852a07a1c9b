import { isConditionFailure } from "../../adapters/dynamo/index.ts";
import { TopicCountsEntity } from "./topic-counts.entity.ts";
import { TopicEntity } from "./topic.entity.ts";

/**
 * The person's counts, created from their topics the first time (people whose topics predate
 * the counts). Every later change updates them in the change's own transaction.
 */
export async function ensureCounts(userId: string): Promise<void> {
  const { data } = await TopicCountsEntity.get({ userId }).go();
  if (data) return;
  const { data: topics } = await TopicEntity.query.byUser({ userId }).go({ pages: "all" });
  await TopicCountsEntity.create({
    userId,
    topics: topics.length,
    supertags: topics.filter((t) => t.isSupertag).length,
    changedAt: Date.now(),
    // With no topics yet, every topic the person adds enters the follower samples as it is added.
    ...(topics.length === 0 ? { sampledAt: Date.now() } : {}),
  })
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error; // created by a parallel request
    });
}
