/**
 * The chat page's rules, kept apart from React so they can be tested: which conversations are
 * unread, how the inbox is ordered and previewed, what a conversation is called, how messages
 * merge. Written against the API's fields they read (`ConversationLike`, `MessageLike`), so they
 * hold for the API's conversations and for tests.
 */

import { MAX_MESSAGE_LENGTH, MESSAGE_PAGE as SERVER_MESSAGE_PAGE } from "@graph/core/modules/chat/rules";
import type { ConversationLike, MessageLike } from "./types.ts";
import { markdownToText } from "../../lib/markdown-text.ts";

/** The inbox previews a last message by its first 16 characters (spec, section 9). */
export const PREVIEW_CHARS = 16;
/** Messages asked for per page. */
export const MESSAGE_PAGE = SERVER_MESSAGE_PAGE;
/** Older messages load when the list is scrolled this close to its top (px). */
export const LOAD_OLDER_PX = 50;
/** Typing counts as stopped after this long without a key (ms). */
export const TYPING_STOP_MS = 1200;
/** While typing goes on, "still typing" is said again this often (ms), so it never times out. */
export const TYPING_REPEAT_MS = 3000;
/** Someone else's typing is hidden when nothing more was heard for this long (ms). */
export const TYPING_SHOWN_MS = 5000;
/** Longest message the server stores (characters, after trimming). */
export const MESSAGE_MAX_CHARS = MAX_MESSAGE_LENGTH;
/** Members a group's header names before '+N more': 4, or 2 on a phone-sized screen. */
export const MEMBERS_SHOWN = { wide: 4, narrow: 2 } as const;

const time = (iso: string | null | undefined) => (iso ? Date.parse(iso) || 0 : 0);

/**
 * The spec's rule: unread when the last message is someone else's and the conversation was never
 * read or that message is newer than the last read.
 */
export function isUnread(conversation: ConversationLike, me: string): boolean {
  if (!conversation.last_sender_id || conversation.last_sender_id === me) return false;
  if (!conversation.last_read_at) return true;
  return time(conversation.last_message_at) > time(conversation.last_read_at);
}

/** The header's `[n]`: how many conversations are unread. */
export function unreadCount(conversations: readonly ConversationLike[], me: string): number {
  return conversations.filter((c) => isUnread(c, me)).length;
}

/**
 * A fresh copy of the inbox, with each conversation read at least as far as `previous` had it.
 * Reads only move forward on the server, so an earlier read time in `fresh` comes from an answer
 * that read the inbox before a read was stored (a fetch under way when the conversation was
 * opened): taken as is, it would bring the unread badge back after the person saw the message.
 */
export function keepReads<C extends ConversationLike>(previous: readonly C[] | undefined, fresh: readonly C[]): C[] {
  const readAt = new Map(previous?.map((c) => [c.id, c.last_read_at]));
  return fresh.map((c) => {
    const kept = readAt.get(c.id);
    return kept && time(kept) > time(c.last_read_at) ? { ...c, last_read_at: kept } : c;
  });
}

/** When a conversation last moved: the newer of its last message and its last change. */
export function activityTime(conversation: ConversationLike): number {
  return Math.max(time(conversation.last_message_at), time(conversation.updated_at));
}

/** The inbox order: most recently active first (ties by id, so the order is stable). */
export function sortConversations<C extends ConversationLike>(conversations: readonly C[]): C[] {
  return [...conversations].sort((a, b) => activityTime(b) - activityTime(a) || a.id.localeCompare(b.id));
}

/**
 * A last message as the inbox shows it: one line, its first 16 characters, then an ellipsis.
 * Its `**bold**` and links are shown as their text: 16 characters of marks would say little.
 */
export function previewText(text: string | null | undefined): string {
  if (!text) return "";
  const chars = Array.from(markdownToText(text).replace(/\s+/gu, " ").trim());
  return chars.length > PREVIEW_CHARS ? `${chars.slice(0, PREVIEW_CHARS).join("")}…` : chars.join("");
}

/** Everyone in the conversation but the reader. */
export function otherMembers<M extends { id: string }>(conversation: { members: readonly M[] }, me: string): M[] {
  return conversation.members.filter((m) => m.id !== me);
}

/** What a conversation is called: its name, else the other people's names. */
export function conversationTitle(conversation: ConversationLike, me: string): string {
  if (conversation.name?.trim()) return conversation.name.trim();
  const others = otherMembers(conversation, me).map((m) => m.username);
  if (others.length === 0) return "just you";
  return others.join(", ");
}

/** The existing one-to-one conversation with `other`, if any (never a group or the bot's). */
export function directConversationWith<C extends ConversationLike>(
  conversations: readonly C[],
  me: string,
  other: string,
): C | undefined {
  return conversations.find(
    (c) =>
      !c.is_group &&
      !c.is_bot &&
      c.members.length === 2 &&
      c.members.some((m) => m.id === me) &&
      c.members.some((m) => m.id === other),
  );
}

/** The members a group's header names, and how many more the '+N more' button hides. */
export function membersShown<M>(
  members: readonly M[],
  narrow: boolean,
  expanded: boolean,
): { shown: M[]; more: number } {
  const limit = narrow ? MEMBERS_SHOWN.narrow : MEMBERS_SHOWN.wide;
  if (expanded || members.length <= limit) return { shown: [...members], more: 0 };
  return { shown: members.slice(0, limit), more: members.length - limit };
}

/** Messages in the conversation's stored order (by `sentAt`), each once however often it arrived. */
export function mergeMessages<M extends MessageLike>(...lists: ReadonlyArray<readonly M[]>): M[] {
  const byId = new Map<string, M>();
  for (const list of lists) for (const message of list) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => time(a.sentAt) - time(b.sentAt) || a.id.localeCompare(b.id));
}

/** The conversation as it reads after `message` arrived (its preview, time and sender move on). */
export function withLastMessage<C extends ConversationLike>(
  conversation: C,
  message: { content: string; sentAt: string; senderId: string },
): C {
  // A late copy of an older message does not move the preview back.
  if (time(conversation.last_message_at) > time(message.sentAt)) return conversation;
  return {
    ...conversation,
    last_message: message.content,
    last_message_at: message.sentAt,
    last_sender_id: message.senderId,
  };
}

/** "alex is typing…", "alex and sam are typing…", "3 people are typing…". */
export function typingText(names: readonly string[]): string {
  if (names.length === 0) return "";
  if (names.length === 1) return `${names[0]} is typing…`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing…`;
  return `${names.length} people are typing…`;
}

/** A message's time as the list shows it: hh:mm today, else the date too. */
export function messageTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const hm = at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return at.toDateString() === now.toDateString()
    ? hm
    : `${at.toLocaleDateString([], { month: "short", day: "numeric" })} ${hm}`;
}
