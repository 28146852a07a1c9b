import { declarePersonData } from "../../lib/person-data/index.ts";
import { purgeAccount } from "./purge.ts";

/** Follows both ways, with the counts they change, and the following feed. */
export const personData = /* @__PURE__ */ declarePersonData({
  deletion: { name: "follows", run: (a) => purgeAccount(a.userId) },
});
