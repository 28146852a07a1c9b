import { declarePersonData } from "../../lib/person-data/index.ts";
import { purgeImages } from "./purge.ts";

/** Photos: records, stored variants and unconfirmed uploads. */
export const personData = /* @__PURE__ */ declarePersonData({
  deletion: { name: "images", run: (a) => purgeImages(a.userId) },
});
