import { declarePersonData } from "../../lib/person-data/index.ts";
import { list, listRaw, phraseFollowers } from "./list.ts";
import { purgeAccount } from "./purge.ts";

/** Topics and aims; topics are an interest (weighed by the phrase's followers) and a profile section. */
export const personData = /* @__PURE__ */ declarePersonData({
  deletion: { name: "topics", run: (a) => purgeAccount(a.userId) },
  interests: [
    {
      kind: "topic",
      section: "topics",
      async build(userId) {
        const topics = await listRaw(userId);
        const followers = await phraseFollowers(topics.map((t) => t.phrase));
        return topics.map((t) => ({
          id: t.phrase,
          label: t.topic,
          ref: t.topicId,
          people: followers.get(t.phrase) || 1,
        }));
      },
    },
  ],
  sections: {
    topics: async (userId: string) =>
      (await list(userId)).map((t) => ({ ...t, topic_original: t.topic, wiki_id: null as string | null })),
  },
});
