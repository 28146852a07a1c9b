import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { randomBytes } from "node:crypto";
import { WebSocketServer, type RawData, type WebSocket } from "ws";
import { lambdaContext, loadHandler } from "../handlers.ts";

interface Connection {
  socket: WebSocket;
  connectedAt: number;
  lastActiveAt: number;
  sourceIp: string;
  userAgent: string;
}

/** A message's text (ws hands it over as one Buffer, its default binary type; its type allows the other forms). */
const textOf = (data: RawData): string =>
  (Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)).toString();

/**
 * API Gateway's WebSocket API in-process: `$connect`, `$disconnect` and `$default` go to
 * the deployed handler with API Gateway-shaped events, and `/@connections/{id}` answers
 * the management API so `ApiGatewayManagementApiClient` posts to sockets unchanged.
 *
 * The management API has a listener of its own on the loopback interface (`listenManagement`),
 * as API Gateway's is a host of its own: a message is one post per member's socket, and a plain
 * HTTP handler answers one for a fraction of what the site's app (its middleware, its routing,
 * Request and Response objects) costs. Only this machine can reach it.
 */
export class LocalWebSocketApi {
  private readonly connections = new Map<string, Connection>();
  private readonly wss = new WebSocketServer({ noServer: true });

  constructor(
    private readonly handlerReference: string,
    private readonly path = "/ws",
  ) {}

  attach(server: Server) {
    server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(request.url ?? "/", "http://localhost");
      if (url.pathname !== this.path) return socket.destroy();
      void this.connect(request, socket, head, url);
    });
  }

  private management: Server | undefined;

  /** Starts the management API on `host` (an IPv4 loopback address) and answers its endpoint. */
  async listenManagement(host: string): Promise<string> {
    const server = createServer((request, response) => this.manage(request, response));
    // The SDK keeps its sockets alive between posts: the server must not close them first.
    server.keepAliveTimeout = 120_000;
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    this.management = server;
    const { port } = server.address() as AddressInfo;
    return `http://${host}:${port}`;
  }

  /** `POST` (send), `DELETE` (close) and `GET` (describe) `/@connections/{id}`, as API Gateway answers them. */
  private manage(request: IncomingMessage, response: ServerResponse) {
    const match = /^\/@connections\/([^/?]+)$/.exec(request.url ?? "");
    const answer = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
      const text = body === undefined ? "" : JSON.stringify(body);
      response.writeHead(status, { ...headers, ...(text ? { "content-type": "application/json" } : {}) });
      response.end(text);
    };
    if (!match) return request.resume().once("end", () => answer(404, { message: "Not Found" }));
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.once("end", () => {
      const connection = this.connections.get(decodeURIComponent(match[1]!));
      if (!connection) return answer(410, { message: "Gone" }, { "x-amzn-errortype": "GoneException" });
      switch (request.method) {
        case "POST":
          connection.socket.send(Buffer.concat(chunks).toString("utf8"));
          return answer(200);
        case "DELETE":
          connection.socket.close(1000);
          return answer(204);
        case "GET":
          return answer(200, {
            ConnectedAt: new Date(connection.connectedAt).toISOString(),
            LastActiveAt: new Date(connection.lastActiveAt).toISOString(),
            Identity: { SourceIp: connection.sourceIp, UserAgent: connection.userAgent },
          });
        default:
          return answer(405, { message: "Method Not Allowed" });
      }
    });
  }

  get size() {
    return this.connections.size;
  }

  /** Closes every socket and waits for the handlers those closings ran ($disconnect). */
  async close() {
    const closed = [...this.connections.values()].map(
      ({ socket }) => new Promise<void>((resolve) => socket.once("close", () => resolve())),
    );
    for (const { socket } of this.connections.values()) socket.terminate();
    this.wss.close();
    await Promise.all(closed);
    await Promise.allSettled([...this.running]);
    // Last: the handlers that just ran may have posted to sockets.
    const management = this.management;
    if (management) {
      await new Promise<void>((resolve) => {
        management.close(() => resolve());
        management.closeAllConnections();
      });
    }
  }

  private async connect(request: IncomingMessage, socket: Duplex, head: Buffer, url: URL) {
    const connectionId = randomBytes(12).toString("base64url");
    const sourceIp = request.socket.remoteAddress ?? "127.0.0.1";
    const userAgent = String(request.headers["user-agent"] ?? "");
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([key, value]) => [
        key,
        Array.isArray(value) ? value.join(",") : (value ?? ""),
      ]),
    );
    const result = await this.invoke("$connect", "CONNECT", connectionId, {
      headers,
      queryStringParameters: Object.fromEntries(url.searchParams),
      identity: { sourceIp, userAgent },
    }).catch((error: unknown) => {
      // As API Gateway does when the $connect function fails: the upgrade is refused.
      console.error("[ws] $connect failed", error);
      return { statusCode: 500 };
    });
    const status = result?.statusCode ?? 200;
    if (status < 200 || status > 299) {
      socket.end(`HTTP/1.1 ${status} ${status === 401 ? "Unauthorized" : "Forbidden"}\r\nConnection: close\r\n\r\n`);
      return;
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      const now = Date.now();
      this.connections.set(connectionId, { socket: ws, connectedAt: now, lastActiveAt: now, sourceIp, userAgent });
      ws.on("message", (data) => {
        const connection = this.connections.get(connectionId);
        if (connection) connection.lastActiveAt = Date.now();
        void this.invoke("$default", "MESSAGE", connectionId, { body: textOf(data) }).catch((error: unknown) =>
          console.error("[ws] $default failed", error),
        );
      });
      ws.on("close", () => {
        this.connections.delete(connectionId);
        void this.invoke("$disconnect", "DISCONNECT", connectionId, {}).catch((error: unknown) =>
          console.error("[ws] $disconnect failed", error),
        );
      });
    });
  }

  /** Handler invocations under way, so closing can wait for them (they write to the database). */
  private readonly running = new Set<Promise<unknown>>();

  private invoke(...args: Parameters<LocalWebSocketApi["run"]>): ReturnType<LocalWebSocketApi["run"]> {
    const run = this.run(...args);
    this.running.add(run);
    // The caller handles the run's failure; this chain only keeps the set current.
    void run.finally(() => this.running.delete(run)).catch(() => undefined);
    return run;
  }

  private async run(
    routeKey: string,
    eventType: "CONNECT" | "MESSAGE" | "DISCONNECT",
    connectionId: string,
    extra: {
      body?: string;
      headers?: Record<string, string>;
      queryStringParameters?: Record<string, string>;
      identity?: { sourceIp: string; userAgent: string };
    },
  ): Promise<{ statusCode?: number } | undefined> {
    const handler = await loadHandler(this.handlerReference);
    const now = Date.now();
    const event = {
      requestContext: {
        routeKey,
        eventType,
        connectionId,
        messageId: eventType === "MESSAGE" ? randomBytes(8).toString("base64url") : undefined,
        extendedRequestId: crypto.randomUUID(),
        requestId: crypto.randomUUID(),
        messageDirection: "IN",
        stage: "local",
        domainName: "localhost",
        apiId: "local",
        connectedAt: this.connections.get(connectionId)?.connectedAt ?? now,
        requestTime: new Date(now).toUTCString(),
        requestTimeEpoch: now,
        identity: extra.identity ?? { sourceIp: this.connections.get(connectionId)?.sourceIp ?? "127.0.0.1" },
      },
      headers: extra.headers,
      multiValueHeaders: extra.headers && Object.fromEntries(Object.entries(extra.headers).map(([k, v]) => [k, [v]])),
      queryStringParameters: extra.queryStringParameters,
      body: extra.body,
      isBase64Encoded: false,
    };
    return (await handler(event, lambdaContext("realtime"))) as { statusCode?: number } | undefined;
  }
}
