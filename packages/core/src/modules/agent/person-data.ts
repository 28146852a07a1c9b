import { declarePersonData } from "../../lib/person-data/index.ts";
import { purgeSearches } from "./searches.ts";
import { purge } from "./fetches.ts";

/** Agentic searches (query, steps, results) and the count of agent fetches. */
export const personData = /* @__PURE__ */ declarePersonData({
  deletion: {
    name: "agent-searches",
    run: async (a) => {
      await purgeSearches(a.userId);
      await purge(a.userId);
    },
  },
});
