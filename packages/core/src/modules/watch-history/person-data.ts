import { declarePersonData } from "../../lib/person-data/index.ts";
import { countedEntries } from "../holders/index.ts";
import { purgeAccount } from "./purge.ts";
import { heldVideos, listVideos } from "./videos.ts";

/** Watch-history imports and the videos kept from them: an interest (weighed by its holders) and a profile section. */
export const personData = /* @__PURE__ */ declarePersonData({
  deletion: { name: "watch-history", run: (a) => purgeAccount(a.userId) },
  interests: [{ kind: "video", section: "youtubeVideos", build: countedEntries("video", heldVideos) }],
  sections: { youtubeVideos: (userId: string, limit: number) => listVideos(userId, limit) },
});
