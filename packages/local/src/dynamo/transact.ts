// TransactWriteItems and TransactGetItems on top of a dynalite store.
//
// Every item a transaction touches is locked with dynalite's own per-item lock (the
// same lock PutItem, UpdateItem and DeleteItem take), in one global order, so
// transactions never interleave with each other or with single-item writes and
// cannot deadlock. Conditions are evaluated against the locked items; either every
// write is applied or none is.

import { createRequire } from "node:module";
import type {
  ActionValidation,
  DynaliteAction,
  DynaliteDb,
  DynaliteError,
  DynaliteValidations,
  Item,
  Store,
  SubDb,
  TableDescription,
  ValidatedRequest,
} from "./dynalite.d.ts";

const require = createRequire(import.meta.url);
const db = require("dynalite/db") as DynaliteDb;
const validations = require("dynalite/validations") as DynaliteValidations;
const updateItemAction = require("dynalite/actions/updateItem") as DynaliteAction;
const putItemValidation = require("dynalite/validations/putItem") as ActionValidation;
const updateItemValidation = require("dynalite/validations/updateItem") as ActionValidation;
const deleteItemValidation = require("dynalite/validations/deleteItem") as ActionValidation;
const getItemValidation = require("dynalite/validations/getItem") as ActionValidation;

export const MAX_TRANSACT_ITEMS = 100;

export type JsonObject = Record<string, unknown>;

export class DynamoError extends Error implements DynaliteError {
  readonly statusCode: number;
  readonly body: { __type: string; message?: string; Message?: string } & JsonObject;

  constructor(
    statusCode: number,
    type: string,
    message: string,
    extra: JsonObject = {},
    messageKey: "message" | "Message" = "message",
  ) {
    super(message);
    this.name = type;
    this.statusCode = statusCode;
    this.body = { __type: type, [messageKey]: message, ...extra };
  }
}

const DYNAMODB = "com.amazonaws.dynamodb.v20120810#";

export function validationError(message: string): DynamoError {
  return new DynamoError(400, "com.amazon.coral.validate#ValidationException", message);
}

// ---------------------------------------------------------------------------
// Request validation

type WriteKind = "ConditionCheck" | "Put" | "Update" | "Delete";
const WRITE_KINDS: readonly WriteKind[] = ["ConditionCheck", "Put", "Update", "Delete"];

const RETURN_ON_FAILURE = { type: "String", enum: ["ALL_OLD", "NONE"] };
const TRANSACT_EXCLUDED = new Set([
  "Expected",
  "ConditionalOperator",
  "AttributeUpdates",
  "ReturnValues",
  "ReturnConsumedCapacity",
  "ReturnItemCollectionMetrics",
  "AttributesToGet",
  "ConsistentRead",
]);

/** The member types a transact action accepts: the single-item operation's, minus the legacy and per-request members. */
function transactTypes(base: ActionValidation, withReturnOnFailure: boolean): Record<string, unknown> {
  const types: Record<string, unknown> = {};
  for (const [name, type] of Object.entries(base.types)) {
    if (!TRANSACT_EXCLUDED.has(name)) types[name] = type;
  }
  if (withReturnOnFailure) types.ReturnValuesOnConditionCheckFailure = RETURN_ON_FAILURE;
  return types;
}

const WRITE_VALIDATIONS: Record<WriteKind, { types: Record<string, unknown>; custom: ActionValidation["custom"] }> = {
  Put: { types: transactTypes(putItemValidation, true), custom: putItemValidation.custom },
  Update: { types: transactTypes(updateItemValidation, true), custom: updateItemValidation.custom },
  Delete: { types: transactTypes(deleteItemValidation, true), custom: deleteItemValidation.custom },
  ConditionCheck: { types: transactTypes(deleteItemValidation, true), custom: deleteItemValidation.custom },
};
const GET_VALIDATION = { types: transactTypes(getItemValidation, false), custom: getItemValidation.custom };

const REQUIRED_MEMBERS: Record<WriteKind, string[]> = {
  Put: ["TableName", "Item"],
  Update: ["TableName", "Key", "UpdateExpression"],
  Delete: ["TableName", "Key"],
  ConditionCheck: ["TableName", "Key", "ConditionExpression"],
};

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function checkTransactItems(data: JsonObject): unknown[] {
  const items = data.TransactItems;
  if (items == null) {
    throw validationError(
      "1 validation error detected: Value null at 'transactItems' failed to satisfy constraint: Member must not be null",
    );
  }
  if (!Array.isArray(items)) {
    throw new DynamoError(
      400,
      "com.amazon.coral.service#SerializationException",
      "Start of list found where not expected",
    );
  }
  if (items.length < 1 || items.length > MAX_TRANSACT_ITEMS) {
    const bound = items.length < 1 ? "greater than or equal to 1" : `less than or equal to ${MAX_TRANSACT_ITEMS}`;
    throw validationError(
      `1 validation error detected: Value '[...]' at 'transactItems' failed to satisfy constraint: Member must have length ${bound}`,
    );
  }
  return items;
}

function checkRequired(request: unknown, path: string, required: string[]): void {
  const missing = required.filter((member) => !isObject(request) || request[member] == null);
  if (missing.length) {
    const errors = missing.map(
      (member) => `Value null at '${path}.${lowerFirst(member)}' failed to satisfy constraint: Member must not be null`,
    );
    throw validationError(
      `${errors.length} validation error${errors.length > 1 ? "s" : ""} detected: ${errors.join("; ")}`,
    );
  }
}

function validateRequest(
  store: Store,
  request: unknown,
  validation: { types: Record<string, unknown>; custom: ActionValidation["custom"] },
): ValidatedRequest {
  const data = validations.checkTypes(isObject(request) ? { ...request } : {}, validation.types);
  validations.checkValidations(data, validation.types, validation.custom, store);
  return data;
}

// ---------------------------------------------------------------------------
// Store helpers

function getTable(store: Store, name: string): Promise<TableDescription> {
  return new Promise((resolve, reject) => {
    store.getTable(name, false, (err, table) =>
      err ? reject(err) : table ? resolve(table) : reject(new Error(`No table ${name}`)),
    );
  });
}

async function getTables(store: Store, names: Iterable<string>): Promise<Map<string, TableDescription>> {
  const tables = new Map<string, TableDescription>();
  for (const name of new Set(names)) tables.set(name, await getTable(store, name));
  return tables;
}

function readItem(itemDb: SubDb, key: string): Promise<Item | undefined> {
  return new Promise((resolve, reject) => {
    itemDb.get(key, (err, item) => {
      if (err && err.name !== "NotFoundError") return reject(err);
      resolve(err ? undefined : (item ?? undefined));
    });
  });
}

function writeItem(itemDb: SubDb, key: string, item: Item | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err: Error | null | undefined) => (err ? reject(err) : resolve());
    if (item) itemDb.put(key, item, done);
    else itemDb.del(key, done);
  });
}

function updateIndexes(
  store: Store,
  table: TableDescription,
  oldItem: Item | undefined,
  newItem: Item | null,
): Promise<void> {
  return new Promise((resolve, reject) => {
    db.updateIndexes(store, table, oldItem, newItem, (err) => (err ? reject(err) : resolve()));
  });
}

interface LockTarget {
  tableName: string;
  key: string;
}

function compareTargets(a: LockTarget, b: LockTarget): number {
  if (a.tableName !== b.tableName) return a.tableName < b.tableName ? -1 : 1;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/** Identity of an item across tables, for duplicate detection. */
function targetId(target: LockTarget): string {
  return `${target.tableName}\u0000${target.key}`;
}

function lockOne(store: Store, target: LockTarget): Promise<() => void> {
  return new Promise((resolve) => {
    store.getItemDb(target.tableName).lock(target.key, (release) => {
      resolve(release());
    });
  });
}

/**
 * Runs `fn` while holding the per-item locks of all `targets`, which must be distinct.
 * Locks are taken one at a time in sorted order, so two callers never wait on each other in a cycle.
 */
async function withLocks<T>(store: Store, targets: LockTarget[], fn: () => Promise<T>): Promise<T> {
  const ordered = [...targets].sort(compareTargets);
  const releases: (() => void)[] = [];
  try {
    for (const target of ordered) releases.push(await lockOne(store, target));
    return await fn();
  } finally {
    for (const release of releases.reverse()) release();
  }
}

function rejectDuplicates(targets: LockTarget[]): void {
  const seen = new Set<string>();
  for (const target of targets) {
    const id = targetId(target);
    if (seen.has(id)) {
      throw validationError("Transaction request cannot include multiple operations on one item");
    }
    seen.add(id);
  }
}

/**
 * Applies an Update action to `oldItem` with dynalite's UpdateItem implementation, run against
 * a scratch store that serves `oldItem` and captures the resulting item instead of writing it.
 */
function applyUpdate(
  store: Store,
  table: TableDescription,
  request: ValidatedRequest,
  oldItem: Item | undefined,
): Promise<Item> {
  let result: Item | undefined;
  const scratchItemDb: SubDb = {
    lock: (_key, exec) =>
      exec(
        (done) =>
          (...args) =>
            done?.(...args),
      ),
    get: (_key, cb) => cb(null, oldItem),
    put: (_key, item, cb) => {
      result = item;
      cb(null);
    },
    del: (_key, cb) => cb(null),
  };
  const scratchIndexDb: SubDb = { ...scratchItemDb, put: (_key, _item, cb) => cb(null) };
  const scratchStore = {
    options: store.options,
    getTable: ((_name: string, a: unknown, b?: unknown) => {
      const cb = (typeof a === "function" ? a : b) as (err: null, table: TableDescription) => void;
      cb(null, table);
    }) as Store["getTable"],
    getItemDb: () => scratchItemDb,
    getIndexDb: () => scratchIndexDb,
  };
  const { _condition, ConditionExpression, ...update } = request;
  return new Promise((resolve, reject) => {
    updateItemAction(scratchStore, update, (err) => {
      if (err) return reject(err);
      if (!result) return reject(new Error("UpdateItem produced no item"));
      resolve(result);
    });
  });
}

function consumedCapacity(returnConsumedCapacity: unknown, units: Map<string, number>): JsonObject[] | undefined {
  if (returnConsumedCapacity !== "TOTAL" && returnConsumedCapacity !== "INDEXES") return undefined;
  return [...units].map(([TableName, CapacityUnits]) => ({
    TableName,
    CapacityUnits,
    ...(returnConsumedCapacity === "INDEXES" ? { Table: { CapacityUnits } } : {}),
  }));
}

// ---------------------------------------------------------------------------
// TransactWriteItems

interface WriteAction extends LockTarget {
  kind: WriteKind;
  request: ValidatedRequest;
  table: TableDescription;
}

type CancellationReason = { Code: string; Message?: string; Item?: Item };

function transactionCanceled(reasons: CancellationReason[]): DynamoError {
  const codes = reasons.map((reason) => reason.Code).join(", ");
  return new DynamoError(
    400,
    `${DYNAMODB}TransactionCanceledException`,
    `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes}]`,
    { CancellationReasons: reasons },
    "Message",
  );
}

function parseWriteActions(store: Store, items: unknown[]): { kind: WriteKind; request: ValidatedRequest }[] {
  return items.map((entry, i) => {
    const kinds = isObject(entry) ? WRITE_KINDS.filter((kind) => entry[kind] != null) : [];
    const kind = kinds[0];
    if (kinds.length !== 1 || kind === undefined || !isObject(entry)) {
      throw validationError("TransactItems can only contain one of Check, Put, Update or Delete");
    }
    const raw = entry[kind];
    checkRequired(raw, `transactItems.${i + 1}.member.${lowerFirst(kind)}`, REQUIRED_MEMBERS[kind]);
    return { kind, request: validateRequest(store, raw, WRITE_VALIDATIONS[kind]) };
  });
}

function resolveWriteAction(kind: WriteKind, request: ValidatedRequest, table: TableDescription): WriteAction {
  let invalid: DynaliteError | null | undefined;
  let keySource: Item;
  if (kind === "Put") {
    keySource = request.Item as Item;
    invalid = db.validateItem(keySource, table);
  } else {
    keySource = request.Key as Item;
    invalid = db.validateKey(keySource, table);
    if (!invalid && kind === "Update") invalid = db.validateUpdates(undefined, request._updates, table);
  }
  if (invalid) throw invalid;
  return { kind, request, table, tableName: table.TableName, key: db.createKey(keySource, table) };
}

interface PlannedWrite {
  action: WriteAction;
  oldItem: Item | undefined;
  newItem: Item | null;
}

async function evaluate(
  store: Store,
  action: WriteAction,
  oldItem: Item | undefined,
): Promise<{ reason: CancellationReason; write?: PlannedWrite }> {
  const failed = db.checkConditional(action.request, oldItem);
  if (failed) {
    const reason: CancellationReason = {
      Code: "ConditionalCheckFailed",
      Message: failed.body?.message ?? "The conditional request failed",
    };
    if (oldItem && action.request.ReturnValuesOnConditionCheckFailure === "ALL_OLD") reason.Item = oldItem;
    return { reason };
  }
  switch (action.kind) {
    case "ConditionCheck":
      return { reason: { Code: "None" } };
    case "Put":
      return { reason: { Code: "None" }, write: { action, oldItem, newItem: action.request.Item as Item } };
    case "Delete":
      return { reason: { Code: "None" }, write: { action, oldItem, newItem: null } };
    case "Update":
      try {
        const newItem = await applyUpdate(store, action.table, action.request, oldItem);
        return { reason: { Code: "None" }, write: { action, oldItem, newItem } };
      } catch (err) {
        const e = err as DynaliteError;
        if (e.statusCode === 400 && e.body) {
          return { reason: { Code: "ValidationError", Message: e.body.message ?? e.message } };
        }
        throw err;
      }
  }
}

export async function transactWriteItems(store: Store, data: JsonObject): Promise<JsonObject> {
  const parsed = parseWriteActions(store, checkTransactItems(data));
  const tables = await getTables(
    store,
    parsed.map((p) => p.request.TableName),
  );
  const actions = parsed.map((p) => resolveWriteAction(p.kind, p.request, tables.get(p.request.TableName)!));
  rejectDuplicates(actions);

  const units = new Map<string, number>();
  await withLocks(store, actions, async () => {
    const oldItems = await Promise.all(
      actions.map((action) => readItem(store.getItemDb(action.tableName), action.key)),
    );
    const outcomes = [];
    for (const [i, action] of actions.entries()) outcomes.push(await evaluate(store, action, oldItems[i]));
    if (outcomes.some((outcome) => outcome.reason.Code !== "None")) {
      throw transactionCanceled(outcomes.map((outcome) => outcome.reason));
    }

    for (const [i, { write }] of outcomes.entries()) {
      const action = actions[i]!;
      const size = Math.max(
        db.capacityUnits(write?.newItem ?? oldItems[i], false),
        db.capacityUnits(oldItems[i], false),
      );
      units.set(action.tableName, (units.get(action.tableName) ?? 0) + 2 * size);
      if (!write) continue;
      await updateIndexes(store, action.table, write.oldItem, write.newItem);
      await writeItem(store.getItemDb(action.tableName), action.key, write.newItem);
    }
  });

  const capacity = consumedCapacity(data.ReturnConsumedCapacity, units);
  return capacity ? { ConsumedCapacity: capacity } : {};
}

// ---------------------------------------------------------------------------
// TransactGetItems

interface GetAction extends LockTarget {
  request: ValidatedRequest;
  table: TableDescription;
}

export async function transactGetItems(store: Store, data: JsonObject): Promise<JsonObject> {
  const requests = checkTransactItems(data).map((entry, i) => {
    if (!isObject(entry) || !isObject(entry.Get) || Object.keys(entry).length !== 1) {
      throw validationError(
        `1 validation error detected: Value null at 'transactItems.${i + 1}.member.get' failed to satisfy constraint: Member must not be null`,
      );
    }
    checkRequired(entry.Get, `transactItems.${i + 1}.member.get`, ["TableName", "Key"]);
    return validateRequest(store, entry.Get, GET_VALIDATION);
  });
  const tables = await getTables(
    store,
    requests.map((r) => r.TableName),
  );
  const actions: GetAction[] = requests.map((request) => {
    const table = tables.get(request.TableName)!;
    const invalid =
      db.validateKey(request.Key as Item, table) ?? db.validateKeyPaths(request._projection?.nestedPaths, table);
    if (invalid) throw invalid;
    return { request, table, tableName: table.TableName, key: db.createKey(request.Key as Item, table) };
  });
  rejectDuplicates(actions);

  const items = await withLocks(store, actions, () =>
    Promise.all(actions.map((action) => readItem(store.getItemDb(action.tableName), action.key))),
  );

  const units = new Map<string, number>();
  const responses = actions.map((action, i) => {
    const item = items[i];
    units.set(action.tableName, (units.get(action.tableName) ?? 0) + 2 * db.capacityUnits(item, true, true));
    if (!item) return {};
    const paths = action.request._projection?.paths;
    return { Item: paths ? db.mapPaths(paths, item) : item };
  });

  const capacity = consumedCapacity(data.ReturnConsumedCapacity, units);
  return { Responses: responses, ...(capacity ? { ConsumedCapacity: capacity } : {}) };
}
