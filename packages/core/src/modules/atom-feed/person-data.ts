import { declarePersonData } from "../../lib/person-data/index.ts";
import { purgeAccount } from "./feeds.ts";

/** The Atom feed of the person's picks and its tokens. */
export const personData = /* @__PURE__ */ declarePersonData({
  deletion: { name: "atom-feed", run: (a) => purgeAccount(a.userId) },
});
