import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from "@aws-sdk/client-apigatewaymanagementapi";
import { Resource } from "sst";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { signedIn, useTestApi } from "../support/runtime.ts";

const api = useTestApi();
const wsUrl = () => `${api.runtime.url.replace("http", "ws")}/ws`;

function open(headers: Record<string, string> = {}) {
  return new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(wsUrl(), { headers });
    socket.once("open", () => resolve(socket));
    socket.once("unexpected-response", (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    socket.once("error", reject);
  });
}
const nextMessage = (socket: WebSocket) =>
  new Promise<Record<string, unknown>>((resolve) =>
    socket.once("message", (data) => resolve(JSON.parse(data.toString()))),
  );

describe("realtime (API Gateway WebSocket semantics)", () => {
  it("refuses a socket without a session", async () => {
    await expect(open()).rejects.toThrow("refused 401");
  });

  it("routes $default to the handler, which answers through the management API", async () => {
    const person = await signedIn(api);
    const socket = await open({ cookie: person.cookie });
    const reply = nextMessage(socket);
    socket.send(JSON.stringify({ action: "ping" }));
    expect(await reply).toMatchObject({ type: "pong" });
    socket.close();
  });

  it("lets the real management client post to a connection, and answers 410 Gone once it is closed", async () => {
    const person = await signedIn(api);
    const socket = await open({ cookie: person.cookie });
    const { sendToUser } = await import("@graph/core/modules/realtime");
    const received = nextMessage(socket);
    expect(await sendToUser(person.userId, { type: "hello" })).toBe(1);
    expect(await received).toEqual({ type: "hello" });

    const closed = new Promise((resolve) => socket.once("close", resolve));
    socket.close();
    await closed;
    // The management API's own endpoint, as the handlers find it (a host of its own, as on AWS).
    const client = new ApiGatewayManagementApiClient({ endpoint: Resource.Realtime.managementEndpoint });
    await expect(
      client.send(new PostToConnectionCommand({ ConnectionId: "no-such-connection", Data: "x" })),
    ).rejects.toBeInstanceOf(GoneException);
  });
});
