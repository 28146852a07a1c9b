// A local DynamoDB endpoint: dynalite, plus TransactWriteItems and TransactGetItems.
//
// Requests for the transact operations are answered here against dynalite's store;
// every other request goes untouched to dynalite's own handler. Tests can make requests
// fail as DynamoDB fails them through `faults` (see faults.ts).

import { mkdir } from "node:fs/promises";
import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { crc32 } from "node:zlib";
import type { DynaliteDb, DynaliteError, DynaliteFactory, Store } from "./dynalite.d.ts";
import { DynamoFaults } from "./faults.ts";
import { DynamoError, transactGetItems, transactWriteItems, type JsonObject } from "./transact.ts";

const require = createRequire(import.meta.url);
// dynalite checksums every answer with a pure-JS CRC-32 (a measurable share of each large read);
// Node's own zlib.crc32 gives the same number natively, so it stands in before dynalite loads.
const dynaliteRequire = createRequire(require.resolve("dynalite"));
const pureCrc32 = dynaliteRequire("buffer-crc32") as { unsigned: (data: Buffer | string) => number };
pureCrc32.unsigned = (data) => crc32(data);
const dynalite = require("dynalite") as DynaliteFactory;
const dynaliteDb = require("dynalite/db") as DynaliteDb;

export interface LocalDynamo {
  endpoint: string;
  /** Errors to answer instead of serving (throttling, 500s), for tests. */
  faults: DynamoFaults;
  close(): Promise<void>;
}

export interface LocalDynamoOptions {
  /** LevelDB directory; the data is kept in memory when absent. */
  path?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Interface to listen on; 127.0.0.1 by default. */
  host?: string;
}

const MAX_REQUEST_BYTES = 16 * 1024 * 1024;

type Operation = (store: Store, data: JsonObject) => Promise<JsonObject>;

const TARGET_PREFIX = "DynamoDB_20120810.";

const OPERATIONS: Record<string, Operation> = {
  "DynamoDB_20120810.TransactWriteItems": transactWriteItems,
  "DynamoDB_20120810.TransactGetItems": transactGetItems,
};

export async function startLocalDynamo(opts: LocalDynamoOptions = {}): Promise<LocalDynamo> {
  const host = opts.host ?? "127.0.0.1";
  if (opts.path) await mkdir(opts.path, { recursive: true });

  const { server, store } = createDynalite({
    ...(opts.path ? { path: opts.path } : {}),
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
  });

  try {
    await store.db.open();
  } catch (err) {
    await closeStore(store);
    throw err;
  }

  const [dynaliteHandler, ...rest] = server.listeners("request") as RequestListener[];
  if (!dynaliteHandler || rest.length) {
    await closeStore(store);
    throw new Error("Unexpected request listeners on the dynalite server");
  }
  server.removeAllListeners("request");
  const serve = (req: IncomingMessage, res: ServerResponse) => {
    const operation = req.method === "POST" ? OPERATIONS[String(req.headers["x-amz-target"] ?? "")] : undefined;
    // It answers its own failures (a 500): nothing is left to wait for.
    if (operation) void handleOperation(store, operation, req, res);
    else dynaliteHandler(req, res);
  };
  const faults = new DynamoFaults();
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const target = String(req.headers["x-amz-target"] ?? "");
    const name = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : "";
    // Untouched (not even read) unless a fault could apply.
    if (req.method === "POST" && name && faults.covers(name)) void faultOrServe(faults, name, req, res, serve);
    else serve(req, res);
  });

  // Connections stay open while idle: the SDK keeps sockets alive and, when its process was busy
  // (matching a batch of articles) while the server closed one, reuses it and gets ECONNRESET.
  server.keepAliveTimeout = 0;

  try {
    await listen(server, opts.port ?? 0, host);
  } catch (err) {
    await closeStore(store);
    throw err;
  }

  const address = server.address();
  if (!address || typeof address === "string") throw new Error("Server has no TCP address");
  const endpoint = `http://${endpointHost(host)}:${address.port}`;

  let closing: Promise<void> | undefined;
  return {
    endpoint,
    faults,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // Kept-alive connections never time out here (keepAliveTimeout 0): close them all, or
        // one that becomes idle after this call would hold the server open for good.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** Creates the dynalite server and gets hold of the store it serves. */
function createDynalite(options: Parameters<DynaliteDb["create"]>[0]): { server: Server; store: Store } {
  const create = dynaliteDb.create;
  let store: Store | undefined;
  dynaliteDb.create = (o) => (store = create(o));
  let server: Server;
  try {
    server = dynalite(options);
  } finally {
    dynaliteDb.create = create;
  }
  if (!store) throw new Error("dynalite did not create a store");
  return { server, store };
}

function closeStore(store: Store): Promise<void> {
  return new Promise((resolve) => store.db.close(() => resolve()));
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      resolve();
    });
  });
}

function endpointHost(host: string): string {
  if (host === "" || host === "0.0.0.0" || host === "::") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}

// ---------------------------------------------------------------------------
// HTTP

function requestId(): string {
  return randomBytes(39).toString("base64").toUpperCase().replace(/[+/]/g, "0");
}

function send(res: ServerResponse, contentType: string, statusCode: number, data: unknown): void {
  const body = JSON.stringify(data);
  res.statusCode = statusCode;
  res.setHeader("x-amz-crc32", crc32(body));
  res.setHeader("Content-Type", contentType);
  res.setHeader("Content-Length", Buffer.byteLength(body, "utf8"));
  res.end(body);
}

function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    req.on("data", (chunk: Buffer) => {
      length += chunk.length;
      if (length > MAX_REQUEST_BYTES) {
        req.removeAllListeners("data");
        req.resume();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function hasAuthentication(req: IncomingMessage): boolean {
  const auth = req.headers.authorization;
  if (auth) return auth.trim().startsWith("AWS4-");
  return new URL(req.url ?? "/", "http://localhost").searchParams.has("X-Amz-Algorithm");
}

/**
 * Answers the request with the fault that matches it, if one does; otherwise serves it as
 * usual, from the body already read.
 */
async function faultOrServe(
  faults: DynamoFaults,
  operation: string,
  req: IncomingMessage,
  res: ServerResponse,
  serve: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<void> {
  try {
    const raw = await readBody(req);
    if (raw === undefined) {
      res.statusCode = 413;
      res.end();
      return;
    }
    let request: unknown;
    try {
      request = JSON.parse(raw.toString("utf8"));
    } catch {
      request = undefined;
    }
    const fault =
      request && typeof request === "object" && !Array.isArray(request)
        ? faults.take(operation, request as JsonObject)
        : undefined;
    if (fault) {
      res.setHeader("x-amzn-RequestId", requestId());
      return send(res, "application/x-amz-json-1.0", fault.status, fault.body);
    }
    // The body is consumed: hand on a stream that replays it, with the request's own headers.
    const replay = Object.assign(Readable.from(raw.length ? [raw] : [], { objectMode: false }), {
      headers: req.headers,
      method: req.method,
      url: req.url,
      httpVersion: req.httpVersion,
      socket: req.socket,
    }) as unknown as IncomingMessage;
    serve(replay, res);
  } catch (err) {
    if (res.headersSent) return void res.destroy();
    send(res, "application/x-amz-json-1.0", 500, {
      __type: "com.amazonaws.dynamodb.v20120810#InternalServerError",
      message: err instanceof Error ? err.message : String(err),
    });
  }
}

async function handleOperation(
  store: Store,
  operation: Operation,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  try {
    const raw = await readBody(req);
    if (raw === undefined) {
      res.statusCode = 413;
      res.end();
      return;
    }
    const body = raw.toString("utf8");

    res.setHeader("x-amzn-RequestId", requestId());
    if (req.headers.origin) res.setHeader("Access-Control-Allow-Origin", "*");

    const requestType = (req.headers["content-type"] ?? "").split(";")[0]!.trim();
    if (body && requestType !== "application/json" && requestType !== "application/x-amz-json-1.0") {
      res.statusCode = 404;
      res.end("<UnknownOperationException/>\n");
      return;
    }
    const contentType = requestType === "application/x-amz-json-1.0" ? requestType : "application/json";

    let data: unknown;
    try {
      data = body ? JSON.parse(body) : undefined;
    } catch {
      return send(res, contentType, 400, { __type: "com.amazon.coral.service#SerializationException" });
    }
    if (!hasAuthentication(req)) {
      return send(res, contentType, 400, {
        __type: "com.amazon.coral.service#MissingAuthenticationTokenException",
        message: "Request is missing Authentication Token",
      });
    }
    if (typeof data !== "object" || data === null || Array.isArray(data)) {
      return send(res, contentType, 400, { __type: "com.amazon.coral.service#SerializationException" });
    }

    try {
      send(res, contentType, 200, await operation(store, data as JsonObject));
    } catch (err) {
      const e = err as DynaliteError;
      if (e instanceof DynamoError || (e.statusCode && e.body)) {
        return send(res, contentType, e.statusCode!, e.body);
      }
      throw err;
    }
  } catch (err) {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    send(res, "application/x-amz-json-1.0", 500, {
      __type: "com.amazonaws.dynamodb.v20120810#InternalServerError",
      message: err instanceof Error ? err.message : String(err),
    });
  }
}
