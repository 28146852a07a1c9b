import { declarePersonData } from "../../lib/person-data/index.ts";
import { purgeNames } from "./deletion.ts";

/**
 * The username and e-mail, freed for anyone. Last, so a name is never free while the person's
 * data still hangs off it.
 */
export const personData = /* @__PURE__ */ declarePersonData({
  deletion: { name: "names", run: (a) => purgeNames(a) },
});
