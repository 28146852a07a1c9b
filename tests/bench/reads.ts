import { dynamo } from "@graph/core/adapters/dynamo";

export interface Reads {
  requests: number;
  items: number;
  /** Items written: one a put, update or delete, each of a batch write or transaction. */
  written: number;
  detail: string;
}

/**
 * Counts the DynamoDB requests this process sends and the items they read (a query's `Count`,
 * a get's item, a batch get's `Responses`), through a middleware on the shared client. One
 * counter per process: every benchmark reads differences (`since`) of the same totals.
 */
export function countReads(): ReadCounter {
  return (counter ??= install());
}

interface ReadCounter {
  snapshot(): Snapshot;
  since(before: Snapshot): Reads;
}
type Snapshot = { requests: number; items: number; written: number; byCommand: Map<string, number> };
let counter: ReadCounter | undefined;

function install(): ReadCounter {
  let requests = 0;
  let items = 0;
  let written = 0;
  const byCommand = new Map<string, number>();
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      requests++;
      const command = context.commandName ?? "unknown";
      byCommand.set(command, (byCommand.get(command) ?? 0) + 1);
      written += writtenBy(command, args.input as WriteInput);
      const output = result.output as {
        Count?: number;
        Item?: unknown;
        Responses?: Record<string, unknown[]> | unknown[];
      };
      if (typeof output.Count === "number") items += output.Count;
      else if (output.Item) items += 1;
      else if (output.Responses && !Array.isArray(output.Responses)) {
        for (const list of Object.values(output.Responses)) items += list.length;
      }
      return result;
    },
    { step: "initialize", name: "benchCountReads" },
  );
  return {
    snapshot: () => ({ requests, items, written, byCommand: new Map(byCommand) }),
    since(before: Snapshot): Reads {
      const detail = [...byCommand]
        .map(([name, n]) => [name.replace(/Command$/, ""), n - (before.byCommand.get(name) ?? 0)] as const)
        .filter(([, n]) => n > 0)
        .map(([name, n]) => `${n} ${name}`)
        .join(", ");
      return {
        requests: requests - before.requests,
        items: items - before.items,
        written: written - before.written,
        detail,
      };
    },
  };
}

type WriteInput = { RequestItems?: Record<string, unknown[]>; TransactItems?: unknown[] } | undefined;

function writtenBy(command: string, input: WriteInput): number {
  switch (command) {
    case "PutItemCommand":
    case "UpdateItemCommand":
    case "DeleteItemCommand":
      return 1;
    case "BatchWriteItemCommand":
      return Object.values(input?.RequestItems ?? {}).reduce((n, list) => n + list.length, 0);
    case "TransactWriteItemsCommand":
      return input?.TransactItems?.length ?? 0;
    default:
      return 0;
  }
}
