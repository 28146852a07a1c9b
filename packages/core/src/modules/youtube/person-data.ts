import { declarePersonData } from "../../lib/person-data/index.ts";
import { countedEntries } from "../holders/index.ts";
import { heldChannels, listChannels } from "./channels.ts";
import { purgeAccount } from "./link.ts";

/** The YouTube link and the channels kept: an interest (weighed by its holders) and a profile section. */
export const personData = /* @__PURE__ */ declarePersonData({
  deletion: { name: "youtube", run: (a) => purgeAccount(a.userId) },
  interests: [{ kind: "channel", section: "youtubeChannels", build: countedEntries("channel", heldChannels) }],
  sections: { youtubeChannels: (userId: string, limit: number) => listChannels(userId, limit) },
});
