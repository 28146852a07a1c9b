import { declarePersonData } from "../../lib/person-data/index.ts";
import { purgeAccount } from "./purge.ts";

/** The Stripe customer and subscription records (Stripe keeps its own, as the law asks). */
export const personData = /* @__PURE__ */ declarePersonData({
  deletion: { name: "billing", run: (a) => purgeAccount(a.userId) },
});
