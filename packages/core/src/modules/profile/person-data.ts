import { declarePersonData } from "../../lib/person-data/index.ts";
import { purgeAccount } from "./purge.ts";
import { listThoughts } from "./thoughts.ts";
import { listWebsites } from "./websites.ts";

/** The profile's own content: contacts, thoughts, websites and the section order. */
export const personData = /* @__PURE__ */ declarePersonData({
  deletion: { name: "profile", run: (a) => purgeAccount(a.userId) },
  sections: {
    thoughts: (userId: string, limit: number) => listThoughts(userId, limit),
    websites: (userId: string) => listWebsites(userId),
  },
});
