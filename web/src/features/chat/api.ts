/** Calls of the chat: conversations, their messages, marking read, the bot's conversation, the socket's token. */
import { infiniteQueryOptions, keepPreviousData, queryOptions, replaceEqualDeep } from "@tanstack/react-query";
import { call } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";
import { searchUsers } from "../find/index.ts";
import { MESSAGE_PAGE, keepReads, sortConversations } from "./chat.ts";
import type { Conversation } from "./types.ts";

const messages = client.api.messages;

export const chatKeys = {
  conversations: (userId: string) => ["chat", userId, "conversations"] as const,
  allMessages: (userId: string) => ["chat", userId, "messages"] as const,
  messages: (userId: string, conversationId: string) => ["chat", userId, "messages", conversationId] as const,
  bot: (userId: string) => ["chat", userId, "bot"] as const,
};

/**
 * The inbox, newest first: one query shared by the header's badge and the chat page. Whatever
 * replaces it (a fetch's answer, a change made here) never takes a read back (see `keepReads`).
 */
export const conversationsQuery = (userId: string) =>
  queryOptions({
    queryKey: chatKeys.conversations(userId),
    queryFn: async ({ signal }) =>
      sortConversations((await call(messages.conversations.$get({}, { init: { signal } }))).conversations),
    structuralSharing: (previous: unknown, fresh: unknown) =>
      replaceEqualDeep(
        previous,
        Array.isArray(fresh) ? keepReads(previous as Conversation[] | undefined, fresh as Conversation[]) : fresh,
      ),
  });

/**
 * A conversation's messages, newest page first, each page oldest first; each older page ends
 * before the previous one starts. A short page was the oldest.
 */
export const messagesQuery = (userId: string, conversationId: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(userId, conversationId),
    queryFn: ({ pageParam, signal }) =>
      call(
        messages.conversations[":id"].messages.$get(
          {
            param: { id: conversationId },
            query: pageParam ? { limit: String(MESSAGE_PAGE), before: pageParam } : { limit: String(MESSAGE_PAGE) },
          },
          { init: { signal } },
        ),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) =>
      last.messages.length < MESSAGE_PAGE ? undefined : (last.messages[0]?.sentAt ?? undefined),
  });

/** The person's conversation with graph's bot, made on first read; it does not change after. */
export const botConversationQuery = (userId: string) =>
  queryOptions({
    queryKey: chatKeys.bot(userId),
    queryFn: () => call(messages["initiate-bot-chat"].$post()),
    staleTime: Infinity,
    retry: 1,
  });

/** People to start a conversation with, for the settled search (null: nothing to search). */
export const peopleSearchQuery = (term: string | null) =>
  queryOptions({
    queryKey: ["chat-people", term] as const,
    queryFn: ({ signal }) => searchUsers(term ?? "", signal),
    enabled: term !== null,
    placeholderData: keepPreviousData,
  });

export const markRead = (conversationId: string) =>
  call(messages.conversations[":id"].mark_read.$post({ param: { id: conversationId } }));

export const createConversation = (body: { memberIds: string[]; isGroup: boolean; name?: string }) =>
  call(messages.conversations.$post({ json: body }));

export const readSocketToken = () => call(messages.get_jwt.$get());
