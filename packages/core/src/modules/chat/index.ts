import { forbidden, unauthorized, VisibleError } from "../../lib/errors/index.ts";
import { BOT_USER_ID } from "./bot.ts";
import { requireMember, isMember } from "./conversations.ts";
import { deliver, reply, typing as sendTyping } from "./delivery.ts";
import * as Users from "../users/index.ts";
import { checkContent, senderNameFrom, store, storedByClientId, usernameOf, type SenderStanding } from "./messages.ts";
import * as Presence from "./presence.ts";
import { CHAT_MESSAGES, MAX_MESSAGE_LENGTH, type MessageView, type ServerFrame } from "./rules.ts";
import { log } from "../../lib/observability/index.ts";

export { BOT_USER_ID } from "./bot.ts";
export { createConversation, initiateBotChat, isMember, listConversations, markRead } from "./conversations.ts";
export type { ConversationView } from "./conversations.ts";
export { messagesPage, type SenderStanding } from "./messages.ts";
export type { ClientFrame, MessageView, ServerFrame } from "./rules.ts";
export { CHAT_MESSAGES } from "./rules.ts";
export { purgeAccount } from "./purge.ts";

/** Sockets: opened, closed (also by signing out), and the conversation a socket is viewing. */
export const connected = Presence.connected;
export const disconnected = Presence.disconnected;
export const connectionOwner = Presence.ownerOf;
export const closeSocket = Presence.closeSocket;
export const closeSockets = Presence.closeSockets;
export const refusedSocket = Presence.refused;

export async function joinConversation(userId: string, connectionId: string, conversationId: string): Promise<void> {
  if (!(await isMember(userId, conversationId))) throw forbidden(CHAT_MESSAGES.notMember);
  // No presence left: the account's chat data was swept away after the socket's checks passed.
  if (!(await Presence.join(userId, connectionId, conversationId))) throw unauthorized();
}

export async function leaveConversation(userId: string, connectionId: string, conversationId: string): Promise<void> {
  await Presence.leave(userId, connectionId, conversationId);
}

/** Tells the other members viewing the conversation that the person is (not) typing. */
export async function typing(userId: string, conversationId: string, isTyping: boolean): Promise<void> {
  const conversation = await requireMember(userId, conversationId);
  await sendTyping({ userId, username: await usernameOf(userId) }, conversation, isTyping);
}

export interface SendResult {
  message: MessageView;
  duplicate: boolean;
}

/**
 * Sends a message from a person's socket: stores it once per clientId and delivers it to every
 * member's sockets. A resend (same clientId) stores and delivers nothing new: only the sending
 * socket gets the stored message back, as its acknowledgement. A send without a clientId (the
 * spec's frame) is stored each time. Near the rate limit the sending socket also gets a warning.
 * In a bot conversation the bot then answers through the same path. Refusals (empty, too long,
 * not a member, rate limited) are thrown as visible errors.
 *
 * With a `standing` (a socket's session and account), the message is stored only while it holds:
 * its checks are conditions of the send's transaction, so a send costs no read for them. Every
 * answer that no stored message vouches for (a refusal, a resend's stored message) reads the
 * standing first, so a sender who no longer has it is told only that (401), as before any check.
 */
export async function send(input: {
  userId: string;
  conversationId: string;
  content: string;
  clientId?: string | undefined;
  connectionId?: string | undefined;
  standing?: SenderStanding | undefined;
}): Promise<SendResult> {
  const { userId, connectionId, standing } = input;
  const unlessSignedOut = async () => {
    if (standing && !(await standing.holds())) throw unauthorized();
  };
  let stored: Awaited<ReturnType<typeof store>>;
  let presences: Promise<Presence.Presence[]>;
  try {
    // Who to deliver to is read while the message is stored, not after: a stored message goes out
    // without another round trip to the database, so it arrives sooner and posts leave close to
    // the stored order (arrival order is not guaranteed across sends at once: clients order by
    // sentAt). Membership is cached, and a send refused later only wasted the read. The sender's
    // name comes in the same read (it runs while the send is counted), so it costs no request.
    checkContent(input.content);
    const conversation = await requireMember(userId, input.conversationId);
    const read = Presence.presenceWith(conversation.memberIds, Users.accountNameRead(userId));
    presences = read.then((r) => r.presences);
    const senderName = read.then((r) => senderNameFrom(userId, r.also));
    // Both awaited below, unless the store fails first.
    for (const pending of [presences, senderName]) pending.catch(() => undefined);
    stored = await store({
      senderName,
      senderId: userId,
      memberId: userId,
      conversationId: input.conversationId,
      content: input.content,
      clientId: input.clientId,
      standing,
    });
  } catch (error) {
    if (!(error instanceof VisibleError && error.code === "not_signed_in")) await unlessSignedOut();
    throw error;
  }
  // A resend's answer was read back, not written under the standing's conditions.
  if (stored.duplicate) await unlessSignedOut();
  const ack: ServerFrame = { type: "message:new", message: stored.message };
  if (stored.duplicate) {
    if (connectionId) await reply(userId, connectionId, ack);
  } else {
    await deliver(stored.message, stored.conversation, connectionId, presences);
  }
  if (stored.warn && connectionId) {
    await reply(userId, connectionId, { type: "message:warning", content: CHAT_MESSAGES.nearLimit });
  }
  if (stored.conversation.isBot && userId !== BOT_USER_ID) await answerAsBot(stored.message);
  return { message: stored.message, duplicate: stored.duplicate };
}

const BOT_FALLBACK = "Sorry, I could not answer that just now. Please try again.";

/**
 * The bot's answer to a person's message, sent as the bot. Its clientId is derived from the
 * person's message, so a resend of that message (after the first try was cut short) gets one
 * answer, never two.
 */
async function answerAsBot(question: MessageView): Promise<void> {
  const clientId = `bot:${question.id}`;
  if (await storedByClientId(BOT_USER_ID, clientId)) return;
  let text: string;
  try {
    // The bot (search, feeds, topics, sources) is imported by its first answer, not by every chat.
    const { botAnswerFor } = await import("../chatbot/index.ts");
    const answer = await botAnswerFor({ userId: question.senderId, messageId: question.id, text: question.content });
    // A person whose plan lacks the bot was told so once; the bot says nothing more to them.
    if (answer === null) return;
    text = answer.trim();
  } catch (error) {
    log.error("chat: the bot failed to answer", { error });
    text = BOT_FALLBACK;
  }
  if (text.length === 0) text = BOT_FALLBACK;
  const stored = await store({
    senderId: BOT_USER_ID,
    // The bot answers only while the person is still in the conversation (not swept away).
    memberId: question.senderId,
    conversationId: question.conversationId,
    content: text.slice(0, MAX_MESSAGE_LENGTH),
    clientId,
  });
  if (!stored.duplicate) await deliver(stored.message, stored.conversation);
}
export { personData } from "./person-data.ts";
