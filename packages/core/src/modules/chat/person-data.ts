import { declarePersonData } from "../../lib/person-data/index.ts";
import { purgeAccount } from "./purge.ts";

/** Memberships and presence (messages sent stay in the others' conversations, shown as a deleted account's). */
export const personData = /* @__PURE__ */ declarePersonData({
  deletion: { name: "chat", run: (a) => purgeAccount(a.userId) },
});
