/**
 * What the socket at `/ws` carries, both ways: the browser sends `{ action, ...fields }`, the
 * server sends `{ type, ...fields }`. Messages inside the frames are the API's own message type.
 */
import type { ChatMessage } from "../lib/chat-api.ts";

export type ClientFrame =
  | { action: "joinConversation"; conversationId: string }
  | { action: "leaveConversation"; conversationId: string }
  | { action: "typing"; conversationId: string; isTyping: boolean }
  | { action: "message:new"; conversationId: string; content: string; clientId: string }
  | { action: "ping" };

export type ServerFrame =
  | { type: "message:new"; message: ChatMessage }
  | { type: "notification:new_message"; conversationId: string; message: ChatMessage }
  | { type: "typing"; conversationId: string; userId: string; username: string; isTyping: boolean }
  | { type: "message:error"; isRateLimit: boolean; error: string; clientId?: string; conversationId?: string }
  | { type: "message:warning"; content: string }
  | { type: "joined"; conversationId: string }
  | { type: "error"; error: string; code?: string; conversationId?: string }
  | { type: "pong"; at?: number };

export type ServerFrameType = ServerFrame["type"];
export type FrameOf<T extends ServerFrameType> = Extract<ServerFrame, { type: T }>;

const TYPES: ReadonlySet<string> = new Set<ServerFrameType>([
  "message:new",
  "notification:new_message",
  "typing",
  "message:error",
  "message:warning",
  "joined",
  "error",
  "pong",
]);

/** A frame from the server, or null for anything that is not one (the socket may say more later). */
export function parseServerFrame(data: unknown): ServerFrame | null {
  if (typeof data !== "string") return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const type = (value as { type?: unknown }).type;
  if (typeof type !== "string" || !TYPES.has(type)) return null;
  if (
    (type === "message:new" || type === "notification:new_message") &&
    !isMessage((value as { message?: unknown }).message)
  )
    return null;
  return value as ServerFrame;
}

function isMessage(value: unknown): value is ChatMessage {
  if (typeof value !== "object" || value === null) return false;
  const m = value as Record<string, unknown>;
  return (
    typeof m.id === "string" &&
    typeof m.conversationId === "string" &&
    typeof m.senderId === "string" &&
    typeof m.content === "string" &&
    typeof m.sentAt === "string"
  );
}
