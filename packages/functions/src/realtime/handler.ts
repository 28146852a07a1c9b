import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from "aws-lambda";
import * as z from "zod";
import { Sessions } from "@graph/core/modules/auth";
import * as Chat from "@graph/core/modules/chat";
import { RateLimitedError, VisibleError } from "@graph/core/lib/errors";
import * as Realtime from "@graph/core/modules/realtime";
import { CROSS_SITE_MESSAGE, fromAnotherSite, SESSION_COOKIE, siteOrigin } from "../api/middleware.ts";
import { identifyPerson, log } from "@graph/core/lib/observability";
import { observed } from "../observed.ts";

/** $connect carries the upgrade request's headers and query; the event type omits them. */
type WebSocketEvent = APIGatewayProxyWebsocketEventV2 & {
  headers?: Record<string, string | undefined>;
  queryStringParameters?: Record<string, string | undefined> | null;
};

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return undefined;
}

const conversationId = z.string().min(1).max(128);

/** What a client may send: `{ action, ...fields }` (the shape the page's frames are typed by). */
const Frame: z.ZodType<Chat.ClientFrame> = z.discriminatedUnion("action", [
  z.object({ action: z.literal("ping") }),
  z.object({ action: z.literal("joinConversation"), conversationId }),
  z.object({ action: z.literal("leaveConversation"), conversationId }),
  z.object({ action: z.literal("typing"), conversationId, isTyping: z.boolean() }),
  z.object({
    action: z.literal("message:new"),
    conversationId,
    content: z.string({ error: "content must be text" }),
    // The spec's frame has none; a client that sends one has its resends stored once.
    clientId: z
      .string({ error: "clientId must be text" })
      .min(1, "clientId cannot be empty")
      .max(128, "clientId is too long")
      .optional(),
  }),
]);
type Frame = Chat.ClientFrame;

/** Every frame the server sends has a shape the page knows (`Chat.ServerFrame`). */
const reply = (connectionId: string, frame: Chat.ServerFrame) => Realtime.send(connectionId, frame);

/** The upgrade request's headers, by lower-case name. */
const headersOf = (event: WebSocketEvent) =>
  new Map(Object.entries(event.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));

/**
 * Who opens the socket, and with which session: the session cookie, or a `?token=` from get_jwt
 * while the session that asked for it lasts and its person is a live account.
 */
async function ownerOf(event: WebSocketEvent): Promise<Realtime.SocketOwner | undefined> {
  const token = event.queryStringParameters?.token;
  if (token !== undefined) {
    const owner = await Realtime.verifyToken(token);
    return owner && (await Sessions.isCurrent(owner)) ? owner : undefined;
  }
  const session = await Sessions.read(cookieValue(headersOf(event).get("cookie"), SESSION_COOKIE));
  return session && { userId: session.userId, sessionHash: session.tokenHash };
}

const NOT_SIGNED_IN = { type: "error", code: "not_signed_in", error: "Not signed in." } as const;

/**
 * One handler for the WebSocket API's $connect, $disconnect and $default routes.
 * A socket is accepted from a signed-in browser on the site's own pages (the session cookie rides
 * the upgrade) or with a token from `GET /messages/get_jwt`; a missing, expired or forged one, or
 * one whose session ended or whose person is not a live account, is refused (401), and so is an
 * upgrade from another site's page (403). Every frame but a ping is acted on only while the
 * socket's session lasts and its person is live; a socket past that is told so and closed. A send
 * checks that in its own transaction (no read of its own); the other frames read it first.
 * A client's mistake (bad JSON, an unknown action, a refused send) is answered with a frame,
 * never thrown: API Gateway would only log it.
 */
async function run(event: WebSocketEvent): Promise<APIGatewayProxyResultV2> {
  const { routeKey, connectionId } = event.requestContext;
  switch (routeKey) {
    case "$connect": {
      const headers = headersOf(event);
      if (fromAnotherSite((name) => headers.get(name), siteOrigin())) {
        return { statusCode: 403, body: CROSS_SITE_MESSAGE };
      }
      const owner = await ownerOf(event);
      if (!owner) return { statusCode: 401, body: "Not signed in." };
      await Chat.connected(connectionId, owner.userId, owner.sessionHash);
      // A log-out or deletion that landed while the socket was recorded found nothing to close.
      if (!(await Sessions.isCurrent(owner))) {
        await Chat.refusedSocket(connectionId, owner.userId);
        return { statusCode: 401, body: "Not signed in." };
      }
      return { statusCode: 200 };
    }
    case "$disconnect":
      await Chat.disconnected(connectionId);
      return { statusCode: 200 };
    default: {
      const body = parse(event.body);
      const parsed = Frame.safeParse(body);
      if (!parsed.success) {
        const action = (body as { action?: unknown } | undefined)?.action;
        // A send the client can match to its pending message gets the send's own error frame.
        await reply(
          connectionId,
          action === "message:new"
            ? {
                type: "message:error",
                isRateLimit: false,
                error: parsed.error.issues[0]?.message ?? "Invalid message.",
              }
            : { type: "error", error: "Unknown action or malformed frame." },
        );
        return { statusCode: 200 };
      }
      if (parsed.data.action === "ping") {
        await reply(connectionId, { type: "pong", at: Date.now() });
        return { statusCode: 200 };
      }
      const owner = await Chat.connectionOwner(connectionId);
      const frame = parsed.data;
      const current =
        owner !== undefined &&
        // A send holds itself to the session and the account in its transaction (see `send`).
        (frame.action === "message:new" || (await Sessions.isCurrent(owner)));
      if (!current || !(await act(owner, connectionId, frame))) await signedOut(connectionId, owner);
      return { statusCode: 200 };
    }
  }
}

/** Signed out, or the account is being deleted: the socket says so and ends. */
async function signedOut(connectionId: string, owner: Realtime.SocketOwner | undefined) {
  await reply(connectionId, NOT_SIGNED_IN);
  await Chat.closeSocket(connectionId, owner?.userId);
}

/** Acts on a frame; false when it was refused because the socket's session or person is gone. */
async function act(
  owner: Realtime.SocketOwner,
  connectionId: string,
  frame: Exclude<Frame, { action: "ping" }>,
): Promise<boolean> {
  const { userId } = owner;
  identifyPerson(userId);
  switch (frame.action) {
    case "joinConversation":
      try {
        await Chat.joinConversation(userId, connectionId, frame.conversationId);
        await reply(connectionId, { type: "joined", conversationId: frame.conversationId });
      } catch (error) {
        await refuse(connectionId, frame.conversationId, error);
      }
      return true;
    case "leaveConversation":
      await Chat.leaveConversation(userId, connectionId, frame.conversationId);
      return true;
    case "typing":
      try {
        await Chat.typing(userId, frame.conversationId, frame.isTyping);
      } catch (error) {
        await refuse(connectionId, frame.conversationId, error);
      }
      return true;
    case "message:new":
      try {
        await Chat.send({
          userId,
          connectionId,
          conversationId: frame.conversationId,
          content: frame.content,
          clientId: frame.clientId,
          standing: { conditions: Sessions.currentConditions(owner), holds: () => Sessions.isCurrent(owner) },
        });
      } catch (error) {
        if (error instanceof VisibleError && error.code === "not_signed_in") return false;
        const { message } = visible(error);
        await reply(connectionId, {
          type: "message:error",
          isRateLimit: error instanceof RateLimitedError,
          error: message,
          clientId: frame.clientId,
          conversationId: frame.conversationId,
        });
      }
      return true;
  }
}

/** Answers a join or typing notice that failed (not a member, unknown conversation) with an error frame. */
async function refuse(connectionId: string, conversationId: string, error: unknown) {
  const { code, message } = visible(error);
  await reply(connectionId, { type: "error", code, conversationId, error: message });
}

/** A refusal the person may read; anything else is a bug, logged, and answered generically. */
function visible(error: unknown): { code: string; message: string } {
  if (error instanceof VisibleError) return { code: error.code, message: error.message };
  log.error("a socket action failed", { error });
  return { code: "internal", message: "Something went wrong. Please try again later." };
}

function parse(body: string | undefined): unknown {
  try {
    return JSON.parse(body ?? "");
  } catch {
    return undefined;
  }
}

export const handler = observed("realtime", run);
