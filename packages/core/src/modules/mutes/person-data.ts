import { declarePersonData } from "../../lib/person-data/index.ts";
import { purgeAccount } from "./purge.ts";

/** Muted words. */
export const personData = declarePersonData({
  deletion: { name: "mutes", run: (a) => purgeAccount(a.userId) },
});
