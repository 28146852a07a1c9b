import { costSince, totalCost, type Cost } from "../support/dynamo-costs.ts";

export interface Reads {
  requests: number;
  items: number;
  /** Items written: one a put, update or delete, each of a batch write or transaction. */
  written: number;
  detail: string;
  /** Requests by command, e.g. `{ Query: 2, UpdateItem: 5 }`. */
  byCommand?: Record<string, number>;
}

/**
 * Counts the DynamoDB requests this process sends and the items they read and write (the
 * tests' cost meter, tests/support/dynamo-costs.ts). One count per process: every benchmark
 * reads differences (`since`) of the same totals.
 */
export function countReads(): ReadCounter {
  return {
    snapshot: totalCost,
    since(before: Cost): Reads {
      const cost = costSince(before);
      const detail = Object.entries(cost.byCommand)
        .map(([name, n]) => `${n} ${name}`)
        .join(", ");
      return { requests: cost.requests, items: cost.read, written: cost.written, detail, byCommand: cost.byCommand };
    },
  };
}

interface ReadCounter {
  snapshot(): Cost;
  since(before: Cost): Reads;
}
