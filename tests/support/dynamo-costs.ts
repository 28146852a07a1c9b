import { AsyncLocalStorage } from "node:async_hooks";
import { dynamo } from "@graph/core/adapters/dynamo";

/**
 * What DynamoDB work costs, as AWS bills and limits it: requests sent, items read (a query's
 * `Count`, a get's item, a batch get's `Responses`) and items written (a put, update or delete,
 * each item of a batch write or transaction), with the requests by command. The same on every
 * machine, unlike a time, so tests can hold a hot path to a budget.
 */
export interface Cost {
  requests: number;
  read: number;
  written: number;
  /** Requests by command, e.g. `{ Query: 2, BatchGetItem: 1 }`. */
  byCommand: Record<string, number>;
}

/** Requests that write (one item or many). */
export const WRITE_COMMANDS = ["PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems"] as const;

export function writeRequests(cost: Cost): number {
  return WRITE_COMMANDS.reduce((n, command) => n + (cost.byCommand[command] ?? 0), 0);
}

/** `2 Query, 1 BatchGetItem`: a cost's requests for a message. */
export function describeCost(cost: Cost): string {
  const commands = Object.entries(cost.byCommand)
    .map(([command, n]) => `${n} ${command}`)
    .join(", ");
  return `${cost.requests} requests (${commands || "none"}), ${cost.read} items read, ${cost.written} written`;
}

const empty = (): Cost => ({ requests: 0, read: 0, written: 0, byCommand: {} });

/** The cost of `work` alone: every request sent from its async context, and nothing else. */
export async function measure<T>(work: () => Promise<T>): Promise<{ result: T; cost: Cost }> {
  install();
  const cost = empty();
  const result = await scope.run(cost, work);
  return { result, cost };
}

/** Every request this process sent since `before` (a `totalCost()`), whichever work sent it. */
export function costSince(before: Cost): Cost {
  install();
  const byCommand: Record<string, number> = {};
  for (const [command, n] of Object.entries(total.byCommand)) {
    const added = n - (before.byCommand[command] ?? 0);
    if (added > 0) byCommand[command] = added;
  }
  return {
    requests: total.requests - before.requests,
    read: total.read - before.read,
    written: total.written - before.written,
    byCommand,
  };
}

/** The process's running total, to pass to `costSince` later. */
export function totalCost(): Cost {
  install();
  return { ...total, byCommand: { ...total.byCommand } };
}

const scope = new AsyncLocalStorage<Cost>();
const total = empty();
let installed = false;

/** One middleware on core's shared client, which adds each request to the total and to its scope's cost. */
function install() {
  if (installed) return;
  installed = true;
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      const command = (context.commandName ?? "Unknown").replace(/Command$/, "");
      const read = itemsRead(result.output as ReadOutput);
      const written = itemsWritten(command, args.input as WriteInput);
      for (const cost of [total, scope.getStore()]) {
        if (!cost) continue;
        cost.requests++;
        cost.read += read;
        cost.written += written;
        cost.byCommand[command] = (cost.byCommand[command] ?? 0) + 1;
      }
      return result;
    },
    { step: "initialize", name: "testsDynamoCosts" },
  );
}

type ReadOutput = { Count?: number; Item?: unknown; Responses?: Record<string, unknown[]> | unknown[] };

function itemsRead(output: ReadOutput): number {
  if (typeof output.Count === "number") return output.Count;
  if (output.Item) return 1;
  if (output.Responses && !Array.isArray(output.Responses)) {
    return Object.values(output.Responses).reduce((n, list) => n + list.length, 0);
  }
  return 0;
}

type WriteInput = { RequestItems?: Record<string, unknown[]>; TransactItems?: unknown[] } | undefined;

function itemsWritten(command: string, input: WriteInput): number {
  switch (command) {
    case "PutItem":
    case "UpdateItem":
    case "DeleteItem":
      return 1;
    case "BatchWriteItem":
      return Object.values(input?.RequestItems ?? {}).reduce((n, list) => n + list.length, 0);
    case "TransactWriteItems":
      return input?.TransactItems?.length ?? 0;
    default:
      return 0;
  }
}
