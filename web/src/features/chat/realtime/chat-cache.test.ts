import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { chatKeys, conversationsQuery } from "../api.ts";
import { unreadCount } from "../chat.ts";
import type { ChatMessage, Conversation } from "../types.ts";
import { type MessagePages, applyIncomingMessage, applyRead } from "./chat-cache.ts";

const me = "me";
const conversation = (id: string, at: string): Conversation => ({
  id,
  name: null,
  is_group: false,
  is_bot: false,
  members: [
    { id: me, username: "me", image_url: null },
    { id: "ann", username: "ann", image_url: null },
  ],
  last_message: "old",
  last_message_at: at,
  last_sender_id: me,
  last_read_at: at,
  updated_at: at,
});
const message = (id: string, conversationId: string, sentAt: string): ChatMessage => ({
  id,
  conversationId,
  senderId: "ann",
  senderName: "ann",
  content: `text ${id}`,
  sentAt,
});

describe("the chat's cache, as messages arrive", () => {
  it("moves the conversation to the top with its new last message, and adds the message once", () => {
    const client = new QueryClient();
    client.setQueryData(chatKeys.conversations(me), [
      conversation("a", "2026-01-02T00:00:00.000Z"),
      conversation("b", "2026-01-01T00:00:00.000Z"),
    ]);
    const pages: MessagePages = {
      pages: [{ messages: [message("1", "b", "2026-01-01T00:00:00.000Z")] }],
      pageParams: [null],
    };
    client.setQueryData(chatKeys.messages(me, "b"), pages);

    const arrived = message("2", "b", "2026-01-03T00:00:00.000Z");
    applyIncomingMessage(client, me, arrived);
    applyIncomingMessage(client, me, arrived);

    const list = client.getQueryData<Conversation[]>(chatKeys.conversations(me))!;
    expect(list.map((c) => c.id)).toEqual(["b", "a"]);
    expect(list[0]).toMatchObject({ last_message: "text 2", last_sender_id: "ann", last_message_at: arrived.sentAt });
    const cached = client.getQueryData<MessagePages>(chatKeys.messages(me, "b"))!;
    expect(cached.pages[0]!.messages.map((m) => m.id)).toEqual(["1", "2"]);

    applyRead(client, me, "b", "2026-01-03T00:00:01.000Z");
    expect(client.getQueryData<Conversation[]>(chatKeys.conversations(me))![0]!.last_read_at).toBe(
      "2026-01-03T00:00:01.000Z",
    );
  });

  it("loads the inbox again for a conversation it does not know yet", () => {
    const client = new QueryClient();
    client.setQueryData(chatKeys.conversations(me), [conversation("a", "2026-01-02T00:00:00.000Z")]);
    applyIncomingMessage(client, me, message("1", "new", "2026-01-03T00:00:00.000Z"));
    expect(client.getQueryState(chatKeys.conversations(me))!.isInvalidated).toBe(true);
    expect(client.getQueryData(chatKeys.messages(me, "new"))).toBeUndefined();
  });
});

describe("the chat's cache, as a conversation is read", () => {
  it("keeps a read when an inbox fetch that began before it answers after it", async () => {
    const client = new QueryClient();
    const sentAt = "2026-01-03T00:00:00.000Z";
    // Ann's message is in, unread; the inbox is fetched again (say, the chat page just opened).
    const unread = { ...conversation("g", sentAt), last_sender_id: "ann", last_read_at: null };
    client.setQueryData(chatKeys.conversations(me), [unread]);
    let answer!: (list: Conversation[]) => void;
    const fetching = client.fetchQuery({
      ...conversationsQuery(me),
      staleTime: 0,
      queryFn: () => new Promise<Conversation[]>((resolve) => (answer = resolve)),
    });
    // The person opens it: read at once, and the server says when.
    applyRead(client, me, "g", sentAt);
    applyRead(client, me, "g", "2026-01-03T00:00:01.000Z");
    // The fetch read the inbox before the read was stored: it still says unread.
    answer([unread]);
    await fetching;

    const list = client.getQueryData<Conversation[]>(chatKeys.conversations(me))!;
    expect(list[0]!.last_read_at).toBe("2026-01-03T00:00:01.000Z");
    expect(unreadCount(list, me)).toBe(0);
  });
});
