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
