import { declarePersonData } from "../../lib/person-data/index.ts";
import { purgeImports } from "./imports.ts";

/** OPML imports and each feed's result. */
export const personData = /* @__PURE__ */ declarePersonData({
  deletion: { name: "feed-imports", run: (a) => purgeImports(a.userId) },
});
