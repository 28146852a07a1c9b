// Types for the parts of the CommonJS `dynalite` package used by server.ts and transact.ts.
// The modules are loaded with createRequire and cast to these shapes.

import type { Server } from "node:http";

/** A DynamoDB attribute value in wire format, e.g. `{ S: "x" }`. */
export type AttributeValue = Record<string, unknown>;
export type Item = Record<string, AttributeValue>;

/** Errors produced by dynalite carry the HTTP status and the JSON body to send. */
export interface DynaliteError extends Error {
  statusCode?: number;
  body?: { __type: string; message?: string; Message?: string };
}

type Cb = (err: Error | null | undefined) => void;
type ValueCb<T> = (err: Error | null | undefined, value?: T) => void;

/** `release(done)` returns a function that frees the lock and then calls `done`. */
export type LockRelease = (done?: (...args: unknown[]) => void) => (...args: unknown[]) => void;
export type LockFn = (key: string, exec: (release: LockRelease) => void) => void;

export interface SubDb {
  get(key: string, cb: ValueCb<Item>): void;
  put(key: string, value: Item, cb: Cb): void;
  del(key: string, cb: Cb): void;
  lock: LockFn;
}

export interface KeySchemaElement {
  AttributeName: string;
  KeyType: "HASH" | "RANGE";
}

export interface SecondaryIndex {
  IndexName: string;
  KeySchema: KeySchemaElement[];
  Projection: { ProjectionType?: string; NonKeyAttributes?: string[] };
}

export interface TableDescription {
  TableName: string;
  TableStatus: string;
  KeySchema: KeySchemaElement[];
  AttributeDefinitions: { AttributeName: string; AttributeType: string }[];
  GlobalSecondaryIndexes?: SecondaryIndex[];
  LocalSecondaryIndexes?: SecondaryIndex[];
}

export interface DynaliteOptions {
  path?: string;
  createTableMs?: number;
  deleteTableMs?: number;
  updateTableMs?: number;
  maxItemSizeKb?: number;
  verbose?: boolean;
  debug?: boolean;
}

export interface Store {
  options: DynaliteOptions & { maxItemSize: number };
  db: {
    open(): Promise<void>;
    close(cb: Cb): void;
  };
  getItemDb(tableName: string): SubDb;
  getIndexDb(indexType: string, tableName: string, indexName: string): SubDb;
  getTable(name: string, cb: ValueCb<TableDescription>): void;
  getTable(name: string, checkStatus: boolean, cb: ValueCb<TableDescription>): void;
}

/** A parsed expression as produced by dynalite's expression parsers. */
export interface ParsedExpression {
  expression?: unknown;
  sections?: unknown[];
  paths?: unknown[];
  nestedPaths?: Record<string, boolean>;
}

/** A request body after dynalite's validation step (`_condition`, `_updates`, `_projection` are filled in). */
export interface ValidatedRequest {
  TableName: string;
  Item?: Item;
  Key?: Item;
  ReturnValuesOnConditionCheckFailure?: string;
  _condition?: ParsedExpression;
  _updates?: ParsedExpression;
  _projection?: ParsedExpression;
  [member: string]: unknown;
}

/** `require("dynalite/db")` */
export interface DynaliteDb {
  create(options: DynaliteOptions): Store;
  validateKey(key: Item, table: TableDescription): DynaliteError | null | undefined;
  validateItem(item: Item, table: TableDescription): DynaliteError | null | undefined;
  validateUpdates(
    attributeUpdates: unknown,
    expressionUpdates: ParsedExpression | undefined,
    table: TableDescription,
  ): DynaliteError | null | undefined;
  validateKeyPaths(
    nestedPaths: Record<string, boolean> | undefined,
    table: TableDescription,
  ): DynaliteError | null | undefined;
  createKey(item: Item, table: TableDescription): string;
  checkConditional(data: ValidatedRequest, existingItem: Item | undefined): DynaliteError | null | undefined;
  updateIndexes(
    store: Pick<Store, "getIndexDb">,
    table: TableDescription,
    existingItem: Item | null | undefined,
    item: Item | null | undefined,
    cb: Cb,
  ): void;
  mapPaths(paths: unknown[], item: Item): Item;
  capacityUnits(item: Item | null | undefined, isRead: boolean, isConsistent?: boolean): number;
  validationError(message: string): DynaliteError;
}

export interface ActionValidation {
  types: Record<string, unknown>;
  custom?: (data: ValidatedRequest, store: Store) => string | undefined;
}

/** `require("dynalite/validations")` */
export interface DynaliteValidations {
  checkTypes(data: unknown, types: Record<string, unknown>): ValidatedRequest;
  checkValidations(
    data: ValidatedRequest,
    types: Record<string, unknown>,
    custom: ActionValidation["custom"],
    store: Store,
  ): void;
}

/** A module under `dynalite/actions/`, e.g. `updateItem`. */
export type DynaliteAction = (
  store: Pick<Store, "options" | "getTable" | "getItemDb" | "getIndexDb">,
  data: ValidatedRequest,
  cb: ValueCb<Record<string, unknown>>,
) => void;

/** `require("dynalite")` */
export type DynaliteFactory = (options: DynaliteOptions) => Server;
