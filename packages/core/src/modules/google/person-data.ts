import { declarePersonData } from "../../lib/person-data/index.ts";
import { purgeAccount } from "./purge.ts";

/** The linked Google account and sign-in attempts. */
export const personData = /* @__PURE__ */ declarePersonData({
  deletion: { name: "google", run: (a) => purgeAccount(a.userId) },
});
