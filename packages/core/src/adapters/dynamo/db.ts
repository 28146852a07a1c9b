import { DynamoDBClient, TransactionCanceledException } from "@aws-sdk/client-dynamodb";
import { BatchGetCommand, DynamoDBDocumentClient, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { createConversions, type Entity } from "electrodb";
import { Resource } from "sst";
import { UnavailableError } from "../../lib/errors/index.ts";

/**
 * One DynamoDB client per process. Region and endpoint come from the standard AWS
 * environment (AWS_REGION, AWS_ENDPOINT_URL_DYNAMODB), which the local runtime points
 * at its stand-in; the table name comes from the linked resource.
 */
let client: DynamoDBClient | undefined;
let documents: DynamoDBDocumentClient | undefined;

export function dynamo(): DynamoDBClient {
  client ??= new DynamoDBClient({});
  return client;
}

function documentClient(): DynamoDBDocumentClient {
  documents ??= DynamoDBDocumentClient.from(dynamo(), { marshallOptions: { removeUndefinedValues: true } });
  return documents;
}

export function tableName(): string {
  return Resource.Table.name;
}

/** ElectroDB configuration shared by every entity. */
export function entityConfig() {
  return { client: dynamo(), table: tableName() };
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A UTC day as `YYYY-MM-DD`: the partition key of day-partitioned items. */
export const utcDay = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10);

type ErrorShape = { name?: string; cause?: ErrorShape; message?: string; $metadata?: { httpStatusCode?: number } };

/** Whether a conditional write went through: false when its condition failed, any other error thrown. */
export async function conditionally(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Whether a write failed only because its condition did not hold (ElectroDB wraps the SDK's error). */
export function isConditionFailure(error: unknown): boolean {
  const e = error as ErrorShape | undefined;
  return (
    e?.name === "ConditionalCheckFailedException" ||
    e?.cause?.name === "ConditionalCheckFailedException" ||
    /conditional request failed/i.test(e?.message ?? "")
  );
}

/** DynamoDB's answers that mean "overloaded or failing, try again", not "your request is wrong". */
const UNAVAILABLE_NAMES = new Set([
  "ProvisionedThroughputExceededException",
  "ThrottlingException",
  "RequestLimitExceeded",
  "InternalServerError",
  "ServiceUnavailable",
  "TransactionConflictException",
  "TransactionInProgressException",
]);
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EAI_AGAIN"]);

/**
 * Whether an error (from the SDK, or wrapped by ElectroDB) says the database is throttling or
 * down. The API answers these with 503 and Retry-After; nothing else may treat them as an answer.
 */
export function isUnavailable(error: unknown): boolean {
  for (let e = error as (ErrorShape & { code?: string }) | undefined, depth = 0; e && depth < 4; depth++) {
    if (e.name && UNAVAILABLE_NAMES.has(e.name)) return true;
    if (e.code && NETWORK_CODES.has(e.code)) return true;
    if ((e.$metadata?.httpStatusCode ?? 0) >= 500) return true;
    e = e.cause;
  }
  return false;
}

/**
 * One write of a transaction: an entity's put, create, patch, update, upsert or delete (with
 * its conditions), built but not sent. `transact` sends several together.
 */
export interface WriteOp {
  params: (...args: never[]) => unknown;
  go: (...args: never[]) => Promise<unknown>;
}

/** ElectroDB builds the transaction item of any write with `commit()` (typed only inside its own transaction helper). */
const transactionItem = (op: WriteOp) => (op as unknown as { commit(): object }).commit();

export type TransactResult = { canceled: false } | { canceled: true; reasons: string[] };

/** Cancellation reasons that are a throttle, not a failed condition. */
const THROTTLED_REASONS = new Set(["ThrottlingError", "ProvisionedThroughputExceeded", "TransactionConflict"]);
/** Transactions on the same item at once cancel each other (TransactionConflict): tried again this often. */
const CONFLICT_ATTEMPTS = 4;

/**
 * Runs `work` again while it throws `UnavailableError` — a throttle, or a transaction that kept
 * losing races on one hot item such as a person's count — at most `attempts` times, each pause
 * longer and jittered so racing writers spread out. Any other error is thrown at once.
 */
export async function retryWhileUnavailable<T>(work: () => Promise<T>, attempts: number): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof UnavailableError) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 30 * attempt));
    }
  }
}

/**
 * Writes items of several domain modules all or nothing. Each module builds the items of its
 * own entities (its `ops`), so no module touches another's entities to take part in a
 * transaction. A failed condition answers `canceled` with DynamoDB's reason per item ("None"
 * for items that were fine); a throttle or outage throws `UnavailableError`.
 */
export async function transact(ops: WriteOp[]): Promise<TransactResult> {
  if (ops.length === 0) return { canceled: false };
  const input = {
    TransactItems: ops.map(transactionItem) as NonNullable<TransactWriteCommand["input"]["TransactItems"]>,
  };
  for (let attempt = 1; ; attempt++) {
    try {
      await documentClient().send(new TransactWriteCommand(input));
      return { canceled: false };
    } catch (error) {
      if (
        !(error instanceof TransactionCanceledException) &&
        (error as ErrorShape).name !== "TransactionCanceledException"
      ) {
        if (isUnavailable(error)) throw new UnavailableError();
        throw error;
      }
      const reasons = ((error as TransactionCanceledException).CancellationReasons ?? []).map((r) => r.Code ?? "None");
      if (reasons.includes("TransactionConflict") && attempt < CONFLICT_ATTEMPTS) {
        await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 40 * attempt));
        continue;
      }
      if (reasons.some((code) => THROTTLED_REASONS.has(code))) throw new UnavailableError();
      return { canceled: true, reasons };
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any entity: Entity is invariant in its schema, no narrower type admits them all
type AnyEntity = Entity<any, any, any, any>;
type ToKey = (composite: Record<string, string | number>) => Record<string, unknown>;
const tableKeys = new WeakMap<AnyEntity, ToKey>();

/** Makes an entity's table key (only the table index's: a batch get takes no index keys). */
function tableKeyOf(entity: AnyEntity): ToKey {
  let toKey = tableKeys.get(entity);
  if (!toKey) {
    const indexes = entity.schema.indexes as Record<string, { index?: string }>;
    const table = Object.keys(indexes).find((name) => indexes[name]!.index === undefined);
    if (!table) throw new Error("An entity without a table index");
    const patterns = createConversions(entity).byAccessPattern as unknown as Record<
      string,
      { fromComposite: { toKeys: ToKey } }
    >;
    toKey = patterns[table]!.fromComposite.toKeys;
    tableKeys.set(entity, toKey);
  }
  return toKey;
}
/** BatchGetItem takes at most 100 keys. */
const BATCH_GET_KEYS = 100;
/** Rounds of unprocessed keys (DynamoDB throttling part of a batch) before giving up with 503. */
const UNPROCESSED_ROUNDS = 8;

/**
 * Reads items by key, `attributes` of each, as stored (attribute names are the entity's): 100
 * keys a request, `concurrency` requests at once, keys DynamoDB leaves unprocessed asked for
 * again after a growing pause. Items that do not exist are left out.
 *
 * For reads of hundreds of items where ElectroDB's `get([...])` costs more than the read: it
 * builds a query chain per key (some 50 µs each), where its key conversions make the same keys
 * at a fifth of the cost.
 */
export async function getMany<T extends Record<string, unknown>>(
  entity: AnyEntity,
  keys: Array<Record<string, string | number>>,
  attributes: Array<keyof T & string>,
  options: { consistent?: boolean; concurrency?: number } = {},
): Promise<T[]> {
  const toKey = tableKeyOf(entity);
  const table = tableName();
  const names = Object.fromEntries(attributes.map((a, i) => [`#a${i}`, a]));
  const batches: Array<Array<Record<string, unknown>>> = [];
  for (let i = 0; i < keys.length; i += BATCH_GET_KEYS) batches.push(keys.slice(i, i + BATCH_GET_KEYS).map(toKey));
  const items: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      let pending = batches[next++]!;
      for (let round = 0; pending.length > 0; round++) {
        if (round === UNPROCESSED_ROUNDS) throw new UnavailableError();
        if (round > 0) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** round * (0.5 + Math.random())));
        const result = await documentClient().send(
          new BatchGetCommand({
            RequestItems: {
              [table]: {
                Keys: pending,
                ConsistentRead: options.consistent === true,
                ProjectionExpression: Object.keys(names).join(", "),
                ExpressionAttributeNames: names,
              },
            },
          }),
        );
        items.push(...((result.Responses?.[table] ?? []) as T[]));
        pending = (result.UnprocessedKeys?.[table]?.Keys ?? []) as Array<Record<string, unknown>>;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 4, batches.length) }, worker));
  return items;
}
