/** Keeping the chat's cached queries current as the socket reports messages. */
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { conversationsQuery, messagesQuery } from "../api.ts";
import type { ChatMessage, MessagesPage } from "../types.ts";
import { sortConversations, withLastMessage } from "../chat.ts";

export type MessagePages = InfiniteData<MessagesPage, string | null>;

/**
 * A message arrived: the inbox shows it as the conversation's last (moving it to the top), and a
 * conversation whose messages are cached gets it in its newest page. A conversation the inbox does
 * not know yet (someone just started it) makes the inbox load again.
 */
export function applyIncomingMessage(queryClient: QueryClient, userId: string, message: ChatMessage): void {
  const conversationsKey = conversationsQuery(userId).queryKey;
  const list = queryClient.getQueryData(conversationsKey);
  if (list && list.some((c) => c.id === message.conversationId)) {
    queryClient.setQueryData(conversationsKey, (current) =>
      current
        ? sortConversations(current.map((c) => (c.id === message.conversationId ? withLastMessage(c, message) : c)))
        : current,
    );
  } else {
    void queryClient.invalidateQueries({ queryKey: conversationsKey });
  }
  const messagesKey = messagesQuery(userId, message.conversationId).queryKey;
  queryClient.setQueryData(messagesKey, (data) => {
    if (!data || data.pages.length === 0) return data;
    const [newest, ...older] = data.pages;
    if (data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
    return { ...data, pages: [{ ...newest!, messages: [...newest!.messages, message] }, ...older] };
  });
  // A fetch under way may have read the conversation before this message was stored, and its
  // answer would replace what was just added: ask again.
  for (const key of [conversationsKey, messagesKey]) {
    if (queryClient.getQueryState(key)?.fetchStatus === "fetching") {
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
    }
  }
}

/** The conversation as read up to `lastReadAt` (the badge follows at once). */
export function applyRead(queryClient: QueryClient, userId: string, conversationId: string, lastReadAt: string): void {
  queryClient.setQueryData(conversationsQuery(userId).queryKey, (current) =>
    current?.map((c) => (c.id === conversationId ? { ...c, last_read_at: lastReadAt } : c)),
  );
}
