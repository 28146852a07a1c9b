import { declarePersonData } from "../../lib/person-data/index.ts";
import { purgeAccount } from "./purge.ts";

/** Connected Slack and Discord channels (revoked at the service), connects under way, the delivery schedule. */
export const personData = /* @__PURE__ */ declarePersonData({
  deletion: { name: "channels", run: (a) => purgeAccount(a.userId) },
});
