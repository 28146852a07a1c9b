import { declarePersonData } from "../../lib/person-data/index.ts";
import { closeAllOf } from "./sockets.ts";

/** Open sockets are closed and forgotten. */
export const personData = /* @__PURE__ */ declarePersonData({
  deletion: { name: "realtime", run: (a) => closeAllOf(a.userId) },
});
