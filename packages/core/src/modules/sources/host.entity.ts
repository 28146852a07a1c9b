import type { EntityItem } from "electrodb";
import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * A host feeds are fetched from (a feed URL's `host`: its name, and its port when not the
 * default), as the fetch schedule keeps it: who may fetch from it now, and from when.
 */
export const HostEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "fetchHost", version: "1", service: "graph" },
    attributes: {
      host: { type: "string", required: true, readOnly: true },
      /** The job that holds the host: only it fetches from the host until `leasedUntil`. */
      leaseId: { type: "string" },
      /**
       * The lease's current run: a job fetches a run of its sources and hands the rest on as
       * the next run, so a redelivered earlier run finds it moved on and fetches nothing.
       */
      run: { type: "number" },
      /** When the lease frees itself (a worker that died never releases it). */
      leasedUntil: { type: "number" },
      /** Nothing is fetched from the host before this (its last `Retry-After`). */
      notBefore: { type: "number" },
    },
    indexes: {
      byHost: {
        pk: { field: "pk", composite: ["host"] },
        sk: { field: "sk", composite: [] },
      },
    },
  },
  entityConfig(),
);

export type Host = EntityItem<typeof HostEntity>;
