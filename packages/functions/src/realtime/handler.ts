import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from "aws-lambda";
import { Sessions } from "@graph/core/auth";
import * as Realtime from "@graph/core/realtime";
import { SESSION_COOKIE } from "../api/middleware.ts";

/** $connect carries the upgrade request's headers; the event type omits them. */
type WebSocketEvent = APIGatewayProxyWebsocketEventV2 & { headers?: Record<string, string | undefined> };

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return undefined;
}

/**
 * One handler for the WebSocket API's $connect, $disconnect and $default routes.
 * A socket is accepted only from a signed-in browser (the session cookie rides the upgrade).
 */
export async function handler(event: WebSocketEvent): Promise<APIGatewayProxyResultV2> {
  const { routeKey, connectionId } = event.requestContext;
  switch (routeKey) {
    case "$connect": {
      const headers = Object.fromEntries(Object.entries(event.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
      const session = await Sessions.read(cookieValue(headers.cookie, SESSION_COOKIE));
      if (!session) return { statusCode: 401, body: "Not signed in." };
      await Realtime.connected(connectionId, session.userId);
      return { statusCode: 200 };
    }
    case "$disconnect":
      await Realtime.disconnected(connectionId);
      return { statusCode: 200 };
    default: {
      const message = parse(event.body);
      if (message?.action === "ping") await Realtime.send(connectionId, { type: "pong", at: Date.now() });
      else await Realtime.send(connectionId, { type: "error", error: "Unknown action." });
      return { statusCode: 200 };
    }
  }
}

function parse(body: string | undefined): { action?: unknown } | undefined {
  try {
    const value: unknown = JSON.parse(body ?? "");
    return typeof value === "object" && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}
