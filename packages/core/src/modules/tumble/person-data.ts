import { declarePersonData } from "../../lib/person-data/index.ts";
import { purgeAccount } from "./purge.ts";

/** The tumble-word list a person writes. */
export const personData = /* @__PURE__ */ declarePersonData({
  deletion: { name: "tumble-lists", run: (a) => purgeAccount(a.userId) },
});
