import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * One agentic search of a person: the query, its steps as they happen and its results. Keyed by
 * the person, so nobody reaches another's search; the id sorts by time (newest last), so the
 * person's recent searches are one query. Expires a few days after it was started.
 */
export const AgentSearchEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "agentSearch", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      searchId: { type: "string", required: true, readOnly: true },
      query: { type: "string", required: true, readOnly: true },
      status: { type: ["running", "done", "failed"] as const, required: true },
      /** `AgentStep[]`, written whole as each step moves on. */
      steps: { type: "any" },
      /** `AgentResult[]`, once ranked. */
      results: { type: "any" },
      /** `NewSource[]`: the sites found outside whose feeds graph does not read. */
      newSources: { type: "any" },
      /** The start it took from the person's agent fetches (epoch ms): given back if it never ran. */
      startedAt: { type: "number", required: true, readOnly: true },
      updatedAt: { type: "number", required: true },
      /** Epoch seconds: the table's TTL. */
      expiresAt: { type: "number", required: true },
    },
    indexes: {
      byOwner: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["searchId"] },
      },
    },
  },
  entityConfig(),
);

/**
 * The person's agentic searches started in the last 24 hours (epoch ms, oldest first): the plan's
 * agent fetches a day are counted here. Changed only by a put conditional on the revision read,
 * so parallel starts cannot pass the plan's number. Expires a day after the newest start.
 */
export const AgentFetchesEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "agentFetches", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      starts: { type: "list", items: { type: "number" }, required: true },
      rev: { type: "number", required: true },
      /** Epoch seconds: the table's TTL. */
      expiresAt: { type: "number", required: true },
    },
    indexes: {
      byOwner: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: [] },
      },
    },
  },
  entityConfig(),
);
