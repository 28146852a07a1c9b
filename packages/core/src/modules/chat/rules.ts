/** Limits and messages of chat, shared by the server and the page. */

/** A message is trimmed, then must hold 1..MAX_MESSAGE_LENGTH characters, one of them visible. */
export const MAX_MESSAGE_LENGTH = 4000;

/** Whether text shows nothing: such a message is refused as empty, and such a conversation name is no name. */
export { showsNothing } from "../../lib/text/rules.ts";
/**
 * Messages one person may send in each RATE_WINDOW_SECONDS window (fixed windows, starting at
 * multiples of it, over all their conversations): one conditional counter write a send.
 */
export const RATE_LIMIT_MESSAGES = 30;
export const RATE_WINDOW_SECONDS = 10;
/** From this many messages in the window on, each send also answers a warning. */
export const RATE_WARNING_AT = 24;
/** Messages per page: the default, and the most one call returns (the spec's page of 20). */
export const MESSAGE_PAGE = 20;
/** People in one conversation, its creator included. */
export const MAX_MEMBERS = 50;
export const MAX_NAME_LENGTH = 100;
/** The last message as the inbox stores it (the page shortens it further). */
export const PREVIEW_LENGTH = 200;
/** What a message of an account that was deleted shows as its sender. */
export const DELETED_SENDER_NAME = "deleted account";
/** The bot's name as people see it. */
export const BOT_USERNAME = "graph";

export const CHAT_MESSAGES = {
  empty: "Message cannot be empty.",
  tooLong: `Message is too long (at most ${MAX_MESSAGE_LENGTH} characters).`,
  rateLimited: (seconds: number) =>
    `You are sending messages too fast. Please wait ${seconds} second${seconds === 1 ? "" : "s"}.`,
  nearLimit: `Slow down: at most ${RATE_LIMIT_MESSAGES} messages in each ${RATE_WINDOW_SECONDS}-second window.`,
  notMember: "You are not a member of this conversation.",
  notFound: "Conversation not found.",
  noMembers: "Select at least one member.",
  tooManyMembers: `A conversation has at most ${MAX_MEMBERS} members.`,
  unknownMember: "One of the selected people does not exist.",
  nameTooLong: `The conversation name is too long (at most ${MAX_NAME_LENGTH} characters).`,
  invalidBefore: "before must be a date (ISO 8601).",
  createFailed: "Failed to create conversation.",
  createAndSendFailed: "Failed to create conversation and send message.",
} as const;

/** A message as the API and the socket send it. */
export interface MessageView {
  id: string;
  conversationId: string;
  senderId: string;
  senderName: string;
  content: string;
  /** ISO 8601 with milliseconds; strictly increasing within a conversation. */
  sentAt: string;
  clientId?: string;
}

/** What a client sends on the socket at `/ws`: `{ action, ...fields }` (the handler parses it). */
export type ClientFrame =
  | { action: "ping" }
  | { action: "joinConversation"; conversationId: string }
  | { action: "leaveConversation"; conversationId: string }
  | { action: "typing"; conversationId: string; isTyping: boolean }
  /** `clientId` (the spec's frame has none) makes a resend recognisable: stored and delivered once. */
  | { action: "message:new"; conversationId: string; content: string; clientId?: string };

/** What the server sends on the socket: `{ type, ...fields }`. The server's sends are typed by it, the page reads it. */
export type ServerFrame =
  | { type: "message:new"; message: MessageView }
  | { type: "notification:new_message"; conversationId: string; message: MessageView }
  | { type: "typing"; conversationId: string; userId: string; username: string; isTyping: boolean }
  | { type: "message:error"; isRateLimit: boolean; error: string; clientId?: string; conversationId?: string }
  | { type: "message:warning"; content: string }
  | { type: "joined"; conversationId: string }
  | { type: "error"; error: string; code?: string; conversationId?: string }
  | { type: "pong"; at: number };
