import { declarePersonData } from "../../lib/person-data/index.ts";
import { purgeAccount } from "./purge.ts";

/** Feed filters: the muted words and the advanced filters, all in one item (deleting it removes every one). */
export const personData = /* @__PURE__ */ declarePersonData({
  deletion: { name: "mutes", run: (a) => purgeAccount(a.userId) },
});
