import { declarePersonData } from "../../lib/person-data/index.ts";
import { purgeAccount } from "./settings.ts";

/** The reader view's settings. The extracted pages it keeps are the articles', never a person's. */
export const personData = /* @__PURE__ */ declarePersonData({
  deletion: { name: "reader", run: (a) => purgeAccount(a.userId) },
});
