/**
 * The chat's shapes, all from the API's routes (through the typed client): a conversation, a
 * message and a page of them, and the subsets of them the chat's rules read. A field renamed on
 * the server fails the type check here, not at run time.
 */
import type { InferResponseType } from "hono/client";
import type { client } from "../../lib/client.ts";

type Conversations = typeof client.api.messages.conversations;
type MessagesRoute = Conversations[":id"]["messages"]["$get"];

/** `GET /api/messages/conversations`: one conversation, as the reader sees it. */
export type Conversation = InferResponseType<Conversations["$get"], 200>["conversations"][number];
/** Someone in a conversation. */
export type Member = Conversation["members"][number];
/** `GET /api/messages/conversations/{id}/messages`: one page of a conversation. */
export type MessagesPage = InferResponseType<MessagesRoute, 200>;
export type ChatMessage = MessagesPage["messages"][number];

/**
 * The fields of a conversation the chat's rules read (unread, order, title, preview), so they
 * hold for the API's conversations and for the smaller ones tests build. Only the bot flag may
 * be missing.
 */
export type ConversationLike = Pick<
  Conversation,
  "id" | "name" | "is_group" | "last_message" | "last_message_at" | "last_sender_id" | "last_read_at" | "updated_at"
> &
  Partial<Pick<Conversation, "is_bot">> & { members: ReadonlyArray<Pick<Member, "id" | "username">> };

/** The fields of a message that order and de-duplicate a conversation's messages. */
export type MessageLike = Pick<ChatMessage, "id" | "sentAt">;
