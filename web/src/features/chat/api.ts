/** Calls of the chat: conversations, their messages, marking read, the bot's conversation, the socket's token. */
import { queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";
import { MESSAGE_PAGE, sortConversations } from "./chat.ts";

const messages = client.api.messages;

export type Conversation = InferResponseType<typeof messages.conversations.$get, 200>["conversations"][number];
export type ChatMessage = InferResponseType<
  (typeof messages.conversations)[":id"]["messages"]["$get"],
  200
>["messages"][number];
export type MessagesPage = InferResponseType<(typeof messages.conversations)[":id"]["messages"]["$get"], 200>;

export const chatKeys = {
  conversations: (userId: string) => ["chat", userId, "conversations"] as const,
  allMessages: (userId: string) => ["chat", userId, "messages"] as const,
  messages: (userId: string, conversationId: string) => ["chat", userId, "messages", conversationId] as const,
  bot: (userId: string) => ["chat", userId, "bot"] as const,
};

export const readConversations = async (signal?: AbortSignal) =>
  (await call(messages.conversations.$get({}, { init: { signal } }))).conversations;

/** The inbox, newest first: one query shared by the header's badge and the chat page. */
export const conversationsQuery = (userId: string) =>
  queryOptions({
    queryKey: chatKeys.conversations(userId),
    queryFn: async ({ signal }) => sortConversations(await readConversations(signal)),
  });

/** One page of a conversation: the newest messages, or those strictly before `before`, oldest first. */
export const readMessages = (conversationId: string, before: string | null, signal?: AbortSignal) =>
  call(
    messages.conversations[":id"].messages.$get(
      {
        param: { id: conversationId },
        query: before ? { limit: String(MESSAGE_PAGE), before } : { limit: String(MESSAGE_PAGE) },
      },
      { init: { signal } },
    ),
  );

export const markRead = (conversationId: string) =>
  call(messages.conversations[":id"].mark_read.$post({ param: { id: conversationId } }));

export const createConversation = (body: { memberIds: string[]; isGroup: boolean; name?: string }) =>
  call(messages.conversations.$post({ json: body }));

export const initiateBotChat = () => call(messages["initiate-bot-chat"].$post());

export const readSocketToken = () => call(messages.get_jwt.$get());
