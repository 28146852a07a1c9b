import { declarePersonData } from "../../lib/person-data/index.ts";
import { purgeAccount } from "./purge.ts";

/** Sign-in: sessions, devices, reset tokens and codes. First, so nothing signs in while the rest goes. */
export const personData = /* @__PURE__ */ declarePersonData({
  deletion: { name: "sign-in", run: (a) => purgeAccount({ userId: a.userId, createdAt: a.createdAt }) },
});
