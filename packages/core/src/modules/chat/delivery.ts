import * as Realtime from "../realtime/index.ts";
import type { ConversationShape } from "./conversations.ts";
import type { MessageView, ServerFrame } from "./rules.ts";
import { gone, presenceOf, type Presence } from "./presence.ts";
import { log } from "../../lib/observability/index.ts";

interface Post {
  userId: string;
  connectionId: string;
  frame: ServerFrame;
}

/**
 * Posts every frame at once (never one socket after another: a group's delivery takes about one
 * post's time). A socket that answers 410 Gone leaves its owner's presence. One failing post
 * (the management API throttling, say) does not keep the others from arriving.
 */
async function postAll(posts: Post[]): Promise<number> {
  const results = await Promise.all(
    posts.map(async ({ userId, connectionId, frame }) => {
      try {
        if (await Realtime.send(connectionId, frame)) return true;
        await gone(userId, connectionId);
      } catch (error) {
        log.error("chat: a post to a socket failed", { connectionId, error });
      }
      return false;
    }),
  );
  return results.filter(Boolean).length;
}

/**
 * Sends a stored message to its conversation's members: `message:new` to each socket viewing the
 * conversation (and to the sender's socket, as its acknowledgement), `notification:new_message`
 * to every other socket of every member. All members' presence comes in one batch read per 100.
 */
export async function deliver(
  message: MessageView,
  conversation: ConversationShape,
  senderConnectionId?: string,
  /** The members' presence, when read already (while the message was being stored). */
  read?: Promise<Presence[]>,
): Promise<number> {
  const presences = await (read ?? presenceOf(conversation.memberIds));
  const posts: Post[] = [];
  const newMessage: ServerFrame = { type: "message:new", message };
  const notification: ServerFrame = {
    type: "notification:new_message",
    conversationId: message.conversationId,
    message,
  };
  let ackSent = false;
  for (const { userId, connections, joined } of presences) {
    for (const connectionId of connections) {
      const viewing = joined.get(connectionId)?.has(message.conversationId) === true;
      const isSender = connectionId === senderConnectionId;
      if (isSender) ackSent = true;
      posts.push({ userId, connectionId, frame: viewing || isSender ? newMessage : notification });
    }
  }
  if (senderConnectionId && !ackSent) {
    posts.push({ userId: message.senderId, connectionId: senderConnectionId, frame: newMessage });
  }
  return postAll(posts);
}

/** One frame to one socket (an acknowledgement, a warning, an error). */
export async function reply(userId: string, connectionId: string, frame: ServerFrame): Promise<void> {
  await postAll([{ userId, connectionId, frame }]);
}

/** Tells the other members' sockets viewing the conversation that someone is (not) typing. */
export async function typing(
  from: { userId: string; username: string },
  conversation: ConversationShape,
  isTyping: boolean,
): Promise<void> {
  const others = conversation.memberIds.filter((id) => id !== from.userId);
  const presences = await presenceOf(others);
  const frame: ServerFrame = {
    type: "typing",
    conversationId: conversation.conversationId,
    userId: from.userId,
    username: from.username,
    isTyping,
  };
  await postAll(
    presences.flatMap(({ userId, connections, joined }) =>
      connections
        .filter((connectionId) => joined.get(connectionId)?.has(conversation.conversationId))
        .map((connectionId) => ({ userId, connectionId, frame })),
    ),
  );
}
