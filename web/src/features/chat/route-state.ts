/**
 * The navigation state `/home/chat` can be opened with (the spec names it: recipientUserId and
 * recipientUsername), written by the profile's message button and read by the chat page. Its
 * values are a conversation member's, as the API types them.
 */
import type { Member } from "./types.ts";

export const CHAT_PATH = "/home/chat";

/** Who to write to. */
export type Recipient = Pick<Member, "id" | "username">;

export interface ChatRouteState {
  recipientUserId: Recipient["id"];
  recipientUsername: Recipient["username"];
}

/** The state that opens the chat to write to `recipient`. */
export const chatWith = (recipient: Recipient): ChatRouteState => ({
  recipientUserId: recipient.id,
  recipientUsername: recipient.username,
});

/** Who the history entry's state asks to write to, or null (a history entry's state may hold anything). */
export function recipientFrom(state: unknown): Recipient | null {
  if (typeof state !== "object" || state === null) return null;
  const { recipientUserId, recipientUsername } = state as Partial<Record<keyof ChatRouteState, unknown>>;
  if (typeof recipientUserId !== "string" || !recipientUserId) return null;
  return { id: recipientUserId, username: typeof recipientUsername === "string" ? recipientUsername : "" };
}
