import { describe, expect, it } from "vitest";
import type { ConversationLike } from "./types.ts";
import {
  conversationTitle,
  directConversationWith,
  isUnread,
  keepReads,
  membersShown,
  mergeMessages,
  previewText,
  sortConversations,
  typingText,
  unreadCount,
  withLastMessage,
} from "./chat.ts";

const me = "me";
const conversation = (over: Partial<ConversationLike> = {}): ConversationLike => ({
  id: "c1",
  name: null,
  is_group: false,
  members: [
    { id: me, username: "me" },
    { id: "ann", username: "ann" },
  ],
  last_message: "hello",
  last_message_at: "2026-01-01T10:00:00.000Z",
  last_sender_id: "ann",
  last_read_at: null,
  updated_at: "2026-01-01T09:00:00.000Z",
  ...over,
});

describe("the unread rule", () => {
  it("is unread when someone else wrote last and it was never read", () => {
    expect(isUnread(conversation(), me)).toBe(true);
  });

  it("is unread when their message is newer than the last read, read otherwise", () => {
    expect(isUnread(conversation({ last_read_at: "2026-01-01T09:59:59.999Z" }), me)).toBe(true);
    expect(isUnread(conversation({ last_read_at: "2026-01-01T10:00:00.000Z" }), me)).toBe(false);
    expect(isUnread(conversation({ last_read_at: "2026-01-01T11:00:00.000Z" }), me)).toBe(false);
  });

  it("is never unread when the reader wrote last, or nobody wrote yet", () => {
    expect(isUnread(conversation({ last_sender_id: me }), me)).toBe(false);
    expect(isUnread(conversation({ last_sender_id: null, last_message: null, last_message_at: null }), me)).toBe(false);
  });

  it("counts unread conversations for the header's badge", () => {
    const list = [
      conversation({ id: "a" }),
      conversation({ id: "b", last_sender_id: me }),
      conversation({ id: "c", last_read_at: "2026-01-02T00:00:00.000Z" }),
      conversation({ id: "d", last_read_at: "2025-12-31T00:00:00.000Z" }),
    ];
    expect(unreadCount(list, me)).toBe(2);
    expect(unreadCount([], me)).toBe(0);
  });
});

describe("the inbox", () => {
  it("previews a last message by its first 16 characters", () => {
    expect(previewText("short")).toBe("short");
    expect(previewText("exactly sixteen!")).toBe("exactly sixteen!");
    expect(previewText("seventeen chars!!")).toBe("seventeen chars!…");
    expect(previewText("line one\n\nline   two is long")).toBe("line one line tw…");
    expect(previewText("😀".repeat(20))).toBe(`${"😀".repeat(16)}…`);
    expect(previewText(null)).toBe("");
    // Marks are not counted or shown: the words are.
    expect(previewText("**huge** news, see [the site](https://example.com)")).toBe("huge news, see t…");
  });

  it("orders by the newer of the last message and the last change", () => {
    const list = [
      conversation({ id: "old", last_message_at: "2026-01-01T00:00:00.000Z", updated_at: "2026-01-01T00:00:00.000Z" }),
      conversation({ id: "renamed", last_message_at: null, updated_at: "2026-01-03T00:00:00.000Z" }),
      conversation({
        id: "talked",
        last_message_at: "2026-01-02T00:00:00.000Z",
        updated_at: "2026-01-01T00:00:00.000Z",
      }),
    ];
    expect(sortConversations(list).map((c) => c.id)).toEqual(["renamed", "talked", "old"]);
  });

  it("names a conversation by its name, else by the others in it", () => {
    expect(conversationTitle(conversation(), me)).toBe("ann");
    expect(conversationTitle(conversation({ name: "  book club " }), me)).toBe("book club");
    const group = conversation({
      is_group: true,
      members: [...conversation().members, { id: "bo", username: "bo" }],
    });
    expect(conversationTitle(group, me)).toBe("ann, bo");
  });

  it("finds the direct conversation with someone, never a group or the bot's", () => {
    const group = conversation({
      id: "g",
      is_group: true,
      members: [...conversation().members, { id: "bo", username: "bo" }],
    });
    const bot = conversation({
      id: "bot",
      is_bot: true,
      members: [
        { id: me, username: "me" },
        { id: "ann", username: "ann" },
      ],
    });
    expect(directConversationWith([group, bot, conversation({ id: "d" })], me, "ann")?.id).toBe("d");
    expect(directConversationWith([group, bot], me, "ann")).toBeUndefined();
  });

  it("moves a conversation's preview on with a new message, but not back with a late old one", () => {
    const next = withLastMessage(conversation(), { content: "new", sentAt: "2026-01-01T11:00:00.000Z", senderId: me });
    expect([next.last_message, next.last_sender_id, next.last_message_at]).toEqual([
      "new",
      me,
      "2026-01-01T11:00:00.000Z",
    ]);
    expect(withLastMessage(next, { content: "old", sentAt: "2026-01-01T10:30:00.000Z", senderId: "ann" })).toBe(next);
  });
});

describe("the conversation", () => {
  it("names 4 members of a group (2 on a phone) and how many more", () => {
    const six = ["a", "b", "c", "d", "e", "f"];
    expect(membersShown(six, false, false)).toEqual({ shown: ["a", "b", "c", "d"], more: 2 });
    expect(membersShown(six, true, false)).toEqual({ shown: ["a", "b"], more: 4 });
    expect(membersShown(six, true, true)).toEqual({ shown: six, more: 0 });
    expect(membersShown(["a", "b"], true, false)).toEqual({ shown: ["a", "b"], more: 0 });
  });

  it("orders messages by sentAt, each once", () => {
    const m = (id: string, sentAt: string) => ({ id, sentAt });
    const merged = mergeMessages(
      [m("2", "2026-01-01T00:00:02.000Z"), m("3", "2026-01-01T00:00:03.000Z")],
      [m("1", "2026-01-01T00:00:01.000Z"), m("2", "2026-01-01T00:00:02.000Z")],
    );
    expect(merged.map((x) => x.id)).toEqual(["1", "2", "3"]);
  });

  it("says who is typing", () => {
    expect(typingText([])).toBe("");
    expect(typingText(["ann"])).toBe("ann is typing…");
    expect(typingText(["ann", "bo"])).toBe("ann and bo are typing…");
    expect(typingText(["ann", "bo", "cy"])).toBe("3 people are typing…");
  });
});

describe("a fresh copy of the inbox", () => {
  it("keeps a read the copy does not know yet, and takes every other change", () => {
    const read = conversation({ id: "a", last_read_at: "2026-01-01T10:00:01.000Z" });
    const stale = conversation({ id: "a", last_read_at: null, last_message: "newer" });
    const [kept] = keepReads([read], [stale]);
    expect(kept).toEqual({ ...stale, last_read_at: "2026-01-01T10:00:01.000Z" });
    expect(isUnread(kept!, me)).toBe(false);
  });

  it("takes a later read, a conversation new to the list, and a first copy as they come", () => {
    const older = conversation({ id: "a", last_read_at: "2026-01-01T10:00:00.000Z" });
    const later = conversation({ id: "a", last_read_at: "2026-01-01T11:00:00.000Z" });
    const fresh = [later, conversation({ id: "b" })];
    expect(keepReads([older], fresh)).toEqual(fresh);
    expect(keepReads(undefined, fresh)).toEqual(fresh);
    expect(keepReads([conversation({ id: "c", last_read_at: "2026-01-02T00:00:00.000Z" })], fresh)).toEqual(fresh);
  });
});
