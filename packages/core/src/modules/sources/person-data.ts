import { declarePersonData } from "../../lib/person-data/index.ts";
import { purgeAccount } from "./purge.ts";

/** Suggested sources and the person's part in trusting them. */
export const personData = /* @__PURE__ */ declarePersonData({
  deletion: { name: "sources", run: (a) => purgeAccount(a.userId) },
});
