import { declarePersonData } from "../../lib/person-data/index.ts";
import { purgeAccount } from "./digests.ts";

/** The digests of every kind of interest. After every module that holds interests: their purges mark digests that this removes. */
export const personData = /* @__PURE__ */ declarePersonData({
  deletion: { name: "interests", run: (a) => purgeAccount(a.userId) },
});
