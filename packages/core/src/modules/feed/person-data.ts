import { declarePersonData } from "../../lib/person-data/index.ts";
import { likeCounts, likedItems, listForProfile } from "./likes.ts";
import { purgeAccount } from "./purge.ts";

/** The feed's sessions and marks; liked articles are an interest (weighed by their likes) and a profile section. */
export const personData = /* @__PURE__ */ declarePersonData({
  deletion: { name: "feed", run: (a) => purgeAccount(a.userId) },
  interests: [
    {
      kind: "article",
      section: "articles",
      async build(userId) {
        const liked = await likedItems(userId);
        const likes = await likeCounts(liked.map((l) => l.id));
        return liked.map((l) => ({
          id: l.id,
          label: l.title,
          link: l.link,
          source: l.sourceName,
          people: likes.get(l.id) ?? 1,
        }));
      },
    },
  ],
  sections: { articles: (userId: string, limit: number) => listForProfile(userId, limit) },
});
