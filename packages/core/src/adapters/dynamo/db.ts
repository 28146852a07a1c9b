import { DynamoDBClient, TransactionCanceledException } from "@aws-sdk/client-dynamodb";
import { BatchGetCommand, DynamoDBDocumentClient, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import {
  createConversions,
  type AllTableIndexCompositeAttributes,
  type Entity,
  type Item,
  type Schema,
  type WhereCallback,
} from "electrodb";
import { Resource } from "sst";
import { UnavailableError } from "../../lib/errors/index.ts";
import { count } from "../../lib/observability/index.ts";
import { withoutSdkLogging } from "../aws/index.ts";

/**
 * One DynamoDB client per process. Region and endpoint come from the standard AWS
 * environment (AWS_REGION, AWS_ENDPOINT_URL_DYNAMODB), which the local runtime points
 * at its stand-in; the table name comes from the linked resource.
 */
let client: DynamoDBClient | undefined;
let documents: DynamoDBDocumentClient | undefined;

export function dynamo(): DynamoDBClient {
  if (!client) {
    client = withoutSdkLogging(new DynamoDBClient({}));
    // Inside the SDK's retries (low priority in their step), so every throttled attempt counts.
    client.middlewareStack.add(
      (next) => async (args) => {
        try {
          return await next(args);
        } catch (error) {
          if (THROTTLE_NAMES.has((error as ErrorShape | undefined)?.name ?? "")) count("DynamoThrottled");
          throw error;
        }
      },
      { step: "finalizeRequest", priority: "low", name: "countThrottles" },
    );
  }
  return client;
}

/** DynamoDB's answers that mean the table or account asked for fewer requests. */
const THROTTLE_NAMES = new Set([
  "ProvisionedThroughputExceededException",
  "ThrottlingException",
  "RequestLimitExceeded",
]);

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

/**
 * A transaction item that writes nothing and holds only while `condition` holds on the item at
 * `key`: a ConditionCheck, so a write can depend on an item it does not change without a read
 * first. (ElectroDB builds it with `check`, which its typings name only inside its own
 * transaction helper.)
 */
export function conditionCheck<A extends string, F extends string, C extends string, S extends Schema<A, F, C>>(
  entity: Entity<A, F, C, S>,
  key: AllTableIndexCompositeAttributes<A, F, C, S>,
  condition: WhereCallback<A, F, C, S, Item<A, F, C, S, S["attributes"]>>,
): WriteOp {
  return (entity as unknown as { check(key: unknown): { where(condition: unknown): WriteOp } })
    .check(key)
    .where(condition);
}

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
  return (await batchGet(keys.map(toKey), attributes, options)) as T[];
}

/**
 * BatchGetItem over any keys of the table: `attributes` of each item (one projection for all),
 * 100 keys a request, `concurrency` requests at once, unprocessed keys asked for again.
 */
async function batchGet(
  keys: Array<Record<string, unknown>>,
  attributes: string[],
  options: { consistent?: boolean; concurrency?: number },
): Promise<Array<Record<string, unknown>>> {
  const table = tableName();
  const names = Object.fromEntries(attributes.map((a, i) => [`#a${i}`, a]));
  const batches: Array<Array<Record<string, unknown>>> = [];
  for (let i = 0; i < keys.length; i += BATCH_GET_KEYS) batches.push(keys.slice(i, i + BATCH_GET_KEYS));
  const items: Array<Record<string, unknown>> = [];
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
        items.push(...((result.Responses?.[table] ?? []) as Array<Record<string, unknown>>));
        pending = (result.UnprocessedKeys?.[table]?.Keys ?? []) as Array<Record<string, unknown>>;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 4, batches.length) }, worker));
  return items;
}

/**
 * One item to read in a batch that spans entities (and the modules that own them), built by
 * the owning module as it builds a transaction's writes: the item's key, the attributes it
 * needs, and what the item answers (from the item as ElectroDB's get formats it, or from
 * undefined when there is none). `getTogether` sends many in one request.
 */
export interface ItemRead<T> {
  entity: AnyEntity;
  key: Record<string, string | number>;
  attributes: string[];
  /** Read strongly consistent: a request holding such a read is read so whole (only ever stronger). */
  consistent?: boolean;
  answer: (item: Record<string, unknown> | undefined) => T;
}

/** Builds an `ItemRead` in the entity's own terms: `Item` its item type, `A` the attributes read (all the answer sees). */
export function itemRead<Item extends Record<string, unknown>, A extends keyof Item & string, T>(
  entity: AnyEntity,
  key: Record<string, string | number>,
  attributes: readonly A[],
  answer: (item: Pick<Item, A> | undefined) => T,
  options: { consistent?: boolean } = {},
): ItemRead<T> {
  return { entity, key, attributes: [...attributes], answer: answer as ItemRead<T>["answer"], ...options };
}

/** The name an entity's attribute is stored under (its `field`, if it has one). */
const fieldOf = (entity: AnyEntity) => (attribute: string) =>
  (entity.schema.attributes as Record<string, { field?: string }>)[attribute]?.field ?? attribute;

type Reads = Record<string, ItemRead<unknown> | Array<ItemRead<unknown>>>;
type Answers<R extends Reads> = {
  [K in keyof R]: R[K] extends Array<ItemRead<infer T>> ? T[] : R[K] extends ItemRead<infer T> ? T : never;
};

/**
 * Reads items of several entities in as few requests as BatchGetItem allows (100 keys each,
 * in parallel): each named read (or list of reads) answers as its module said. One projection
 * serves the request, so it asks for every read's attributes (and the keys, to tell the items
 * apart); each item is formatted by its own entity with only its read's attributes.
 */
export async function getTogether<R extends Reads>(reads: R): Promise<Answers<R>> {
  const named = Object.entries(reads).map(([name, read]) => ({
    name,
    many: Array.isArray(read),
    reads: [read].flat().map((one) => ({ read: one, key: tableKeyOf(one.entity)(one.key) })),
  }));
  const all = named.flatMap((n) => n.reads);
  if (all.length === 0) return Object.fromEntries(named.map((n) => [n.name, []])) as Answers<R>;
  // A table has one key schema: every entity's table key has the same attributes.
  const keyFields = Object.keys(all[0]!.key);
  const idOf = (item: Record<string, unknown>) => keyFields.map((f) => String(item[f])).join("\u0000");
  const unique = [...new Map(all.map(({ key }) => [idOf(key), key])).values()];
  const attributes = new Set([...keyFields, ...all.flatMap(({ read }) => read.attributes.map(fieldOf(read.entity)))]);
  const items = await batchGet(unique, [...attributes], {
    consistent: all.some(({ read }) => read.consistent === true),
  });
  const byId = new Map(items.map((item) => [idOf(item), item]));
  const answer = ({ read, key }: (typeof all)[number]) => {
    const item = byId.get(idOf(key));
    const formatted = item && read.entity.parse({ Item: item }, { attributes: read.attributes }).data;
    return read.answer(formatted ?? undefined);
  };
  return Object.fromEntries(
    named.map((n) => [n.name, n.many ? n.reads.map(answer) : answer(n.reads[0]!)]),
  ) as Answers<R>;
}
