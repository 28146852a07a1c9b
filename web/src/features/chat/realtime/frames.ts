/**
 * What the socket at `/ws` carries, both ways: the browser sends `{ action, ...fields }`, the
 * server sends `{ type, ...fields }`. The shapes are the server's own (`@graph/core/modules/chat/rules`).
 */
import type { ClientFrame, ServerFrame } from "@graph/core/modules/chat/rules";

export type { ClientFrame, ServerFrame };
export type ServerFrameType = ServerFrame["type"];
export type FrameOf<T extends ServerFrameType> = Extract<ServerFrame, { type: T }>;

/** Every frame type the server sends: a new one in `ServerFrame` fails to compile until it is listed. */
const KNOWN: Record<ServerFrameType, true> = {
  "message:new": true,
  "notification:new_message": true,
  typing: true,
  "message:error": true,
  "message:warning": true,
  joined: true,
  error: true,
  pong: true,
};
const TYPES: ReadonlySet<string> = new Set(Object.keys(KNOWN));

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

function isMessage(value: unknown): value is FrameOf<"message:new">["message"] {
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
