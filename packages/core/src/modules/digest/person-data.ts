import { declarePersonData } from "../../lib/person-data/index.ts";
import { purgeAccount } from "./purge.ts";

/** Digest settings, schedule and sends. */
export const personData = /* @__PURE__ */ declarePersonData({
  deletion: { name: "digest", run: (a) => purgeAccount(a.userId) },
});
