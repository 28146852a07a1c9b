import { randomUUID } from "node:crypto";
import { conditionCheck, nowSeconds, transact, type WriteOp } from "../../adapters/dynamo/index.ts";
import { badRequest, forbidden, RateLimitedError, unauthorized, UnavailableError } from "../../lib/errors/index.ts";
import * as RateLimit from "../rate-limit/index.ts";
import * as Users from "../users/index.ts";
import { BOT_USER_ID } from "./bot.ts";
import { ClientSendEntity } from "./client-send.entity.ts";
import { ConversationEntity } from "./conversation.entity.ts";
import { requireMember, type ConversationShape } from "./conversations.ts";
import { MembershipEntity } from "./membership.entity.ts";
import { MessageEntity, type StoredMessage } from "./message.entity.ts";
import {
  BOT_USERNAME,
  CHAT_MESSAGES,
  DELETED_SENDER_NAME,
  MAX_MESSAGE_LENGTH,
  MESSAGE_PAGE,
  PREVIEW_LENGTH,
  RATE_LIMIT_MESSAGES,
  RATE_WARNING_AT,
  RATE_WINDOW_SECONDS,
  showsNothing,
  type MessageView,
} from "./rules.ts";
import { count, log } from "../../lib/observability/index.ts";

export const view = (m: StoredMessage, senderName = m.senderName): MessageView => ({
  id: m.messageId,
  conversationId: m.conversationId,
  senderId: m.senderId,
  senderName,
  content: m.content,
  sentAt: new Date(m.sentAt).toISOString(),
  ...(m.clientId ? { clientId: m.clientId } : {}),
});

/**
 * userId → username, for a while: a typing notice (or the bot) would otherwise read the account
 * each time. A socket's send reads the name afresh in the batch it reads anyway
 * (`senderNameFrom`), so a renamed person's next message carries the new name.
 */
const usernames = new Map<string, { username: string; at: number }>();
const USERNAME_CACHE_MS = 30_000;

export async function usernameOf(userId: string): Promise<string> {
  if (userId === BOT_USER_ID) return BOT_USERNAME;
  const now = Date.now();
  const known = usernames.get(userId);
  // Read again too when the clock was put back past the read (as a test's moved clock is).
  if (known && now >= known.at && now - known.at < USERNAME_CACHE_MS) return known.username;
  return remember(userId, (await Users.byId(userId))?.username, now);
}

/**
 * A sender's name as read in a send's batch (`Users.accountNameRead`): fresh on every send,
 * and remembered for the reads `usernameOf` would make.
 */
export function senderNameFrom(userId: string, username: string | undefined): string {
  if (userId === BOT_USER_ID) return BOT_USERNAME;
  return remember(userId, username, Date.now());
}

function remember(userId: string, found: string | undefined, at: number): string {
  const username = found ?? DELETED_SENDER_NAME;
  if (usernames.size >= 10_000) usernames.clear();
  usernames.set(userId, { username, at });
  return username;
}

/** A resend is recognised for this long (a client retries for minutes, not days). */
const CLIENT_ID_TTL_SECONDS = 7 * 24 * 60 * 60;
/** Sends racing on one conversation each retry with a later time; this many rounds is plenty. */
const SEND_ATTEMPTS = 20;

export function checkContent(content: string): string {
  const text = content.trim();
  if (showsNothing(text)) throw badRequest(CHAT_MESSAGES.empty);
  if (text.length > MAX_MESSAGE_LENGTH) throw badRequest(CHAT_MESSAGES.tooLong);
  return text;
}

export const rateLimit = (userId: string) => ({
  bucket: `chat:${userId}`,
  max: RATE_LIMIT_MESSAGES,
  windowSeconds: RATE_WINDOW_SECONDS,
});

/**
 * Counts one send against the person's limit in one conditional write (exact under parallel
 * sends; a refused send counts nothing): throws when over it, answers whether to warn and the
 * window it counted in (to give the send back if a later check refuses it).
 */
export async function countSend(userId: string): Promise<{ warn: boolean; windowStart: number }> {
  const state = await RateLimit.takeFixedWindow(rateLimit(userId));
  if (!state.allowed) throw new RateLimitedError(CHAT_MESSAGES.rateLimited(state.retryAfter), state.retryAfter);
  return { warn: state.count >= RATE_WARNING_AT, windowStart: state.windowStart };
}

/**
 * What a message needs of its sender besides membership when it is stored (a socket's: that its
 * session lasts and its person is live): conditions the send's transaction holds it to, so the
 * check costs no request of its own, and the same check as a read, for answers that store nothing.
 */
export interface SenderStanding {
  conditions: WriteOp[];
  holds(): Promise<boolean>;
}

export interface Stored {
  message: MessageView;
  /** The clientId was used before: `message` is the one stored then, and nothing was written now. */
  duplicate: boolean;
  conversation: ConversationShape;
}

/** Positions of the membership check and the clientId claim in a send's transaction (its cancellation reasons). */
const MEMBER = 2;
const CLAIM = 3;
/** The sender's standing conditions come after those (and after the claim, when there is one). */
const standingAt = (clientId: string | undefined) => (clientId === undefined ? CLAIM : CLAIM + 1);

/** Refunds the sends counted for a person who has no conversations left (their account was swept away). */
const uncount = (userId: string) => RateLimit.purge(rateLimit(userId).bucket);

/**
 * A transaction item that writes nothing and holds only while the person is in the conversation.
 * Deleting an account removes its memberships, so a message racing the deletion is stored
 * either before that step (and is the deleted account's, like its others) or not at all.
 */
const stillMember = (userId: string, conversationId: string): WriteOp =>
  conditionCheck(MembershipEntity, { conversationId, userId }, (attr, op) => op.exists(attr.joinedAt));

export async function storedByClientId(senderId: string, clientId: string): Promise<StoredMessage | undefined> {
  const { data: claim } = await ClientSendEntity.get({ senderId, clientId }).go({ consistent: true });
  if (!claim) return undefined;
  const { data } = await MessageEntity.get({ conversationId: claim.conversationId, sentAt: claim.sentAt }).go({
    consistent: true,
  });
  return data ?? undefined;
}

/**
 * Stores a message, once per (sender, clientId). One transaction writes the message, moves the
 * conversation's last message forward (only if the new time is later than the stored one),
 * checks that the person is still in the conversation and claims the clientId (only if
 * unclaimed; a send without one claims nothing and is never taken for a resend). So:
 * - a resend fails the claim and answers the message stored the first time;
 * - two sends at the same millisecond cannot both land: the later retries at last + 1 ms, and
 *   `sentAt` is strictly increasing in stored order within the conversation;
 * - nothing is stored once the person's account was swept out of the conversation (`stillMember`);
 * - with a `standing`, nothing is stored unless it holds as the message is written (a signed-out
 *   socket's send is refused with 401 and its count given back).
 * The person's rate limit is counted before (the bot is not limited). Nothing is read first: the
 * claim's condition finds a resend, and only then is the first message read back. So a resend
 * counts against the limit as any send does; one refused by the limit still gets its stored
 * message back when there is one (its first try landed), never a refusal of a stored message.
 * A send costs three requests: the limit's update, the transaction (with the standing's checks
 * in it), and the read of the members' presence with the sender's name (see `send`).
 */
export async function store(input: {
  senderId: string;
  /** Whose membership the message needs: its sender's, or (for the bot's answer) the person's it answers. */
  memberId: string;
  conversationId: string;
  content: string;
  clientId?: string | undefined;
  standing?: SenderStanding | undefined;
  /** The sender's name, when it is being read already (with the delivery's presence). */
  senderName?: Promise<string> | undefined;
}): Promise<Stored & { warn: boolean }> {
  const { senderId, memberId, conversationId, clientId, standing } = input;
  const content = checkContent(input.content);
  const conversation = await requireMember(senderId, conversationId);
  const earlier = async () => (clientId === undefined ? undefined : storedByClientId(senderId, clientId));
  let warn = false;
  let counted: number | undefined;
  if (senderId !== BOT_USER_ID) {
    try {
      ({ warn, windowStart: counted } = await countSend(senderId));
    } catch (error) {
      if (!(error instanceof RateLimitedError)) throw error;
      const first = await earlier();
      if (first) return { message: view(first), duplicate: true, conversation, warn: false };
      throw error;
    }
  }
  const senderName = await (input.senderName ?? usernameOf(senderId));
  const messageId = randomUUID();
  let sentAt = Date.now();
  for (let attempt = 0; attempt < SEND_ATTEMPTS; attempt++) {
    const message = { conversationId, sentAt, messageId, senderId, senderName, content, clientId };
    let result: Awaited<ReturnType<typeof transact>>;
    try {
      result = await transact([
        MessageEntity.create(message),
        ConversationEntity.patch({ conversationId })
          .set({ lastMessage: content.slice(0, PREVIEW_LENGTH), lastMessageAt: sentAt, lastSenderId: senderId })
          .where((attr, op) => `${op.notExists(attr.lastMessageAt)} OR ${op.lt(attr.lastMessageAt, sentAt)}`),
        stillMember(memberId, conversationId),
        ...(clientId === undefined
          ? []
          : [
              ClientSendEntity.create({
                senderId,
                clientId,
                conversationId,
                sentAt,
                expiresAt: nowSeconds() + CLIENT_ID_TTL_SECONDS,
              }),
            ]),
        ...(standing?.conditions ?? []),
      ]);
    } catch (error) {
      // Sends at once to one conversation all write its item: past `transact`'s own retries a
      // conflict still answers "unavailable". A resend may have landed meanwhile; else go again.
      if (!(error instanceof UnavailableError) || attempt === SEND_ATTEMPTS - 1) throw error;
      const stored = await earlier();
      if (stored) return { message: view(stored), duplicate: true, conversation, warn: false };
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80));
      continue;
    }
    if (!result.canceled) {
      count("ChatMessages");
      return { message: view(message), duplicate: false, conversation, warn };
    }
    if (result.reasons.slice(standingAt(clientId)).includes("ConditionalCheckFailed")) {
      // Signed out or deleted while the frame was on its way: the send counts nothing. Failing to
      // give it back leaves one send too many counted, which must not hide the refusal.
      if (counted !== undefined) {
        await RateLimit.giveBackFixedWindow(rateLimit(senderId), counted).catch((error: unknown) =>
          log.error("chat: a refused send stays counted", { senderId, error }),
        );
      }
      throw unauthorized();
    }
    if (result.reasons[MEMBER] === "ConditionalCheckFailed") {
      // The send was counted before the sweep took the person's limit: it counts nothing after all.
      if (senderId === memberId) await uncount(senderId);
      throw forbidden(CHAT_MESSAGES.notMember);
    }
    if (result.reasons[CLAIM] === "ConditionalCheckFailed") {
      const stored = await earlier();
      if (stored) return { message: view(stored), duplicate: true, conversation, warn: false };
    }
    // Another message took this millisecond or a later one: go after it.
    const { data } = await ConversationEntity.get({ conversationId }).go({
      attributes: ["lastMessageAt"],
      consistent: true,
    });
    sentAt = Math.max(Date.now(), (data?.lastMessageAt ?? 0) + 1);
  }
  throw new UnavailableError();
}

/** The messages strictly before `before` (or the newest), `limit` of them, oldest first. */
export async function messagesPage(
  userId: string,
  conversationId: string,
  options: { limit?: number | undefined; before?: string | undefined } = {},
): Promise<MessageView[]> {
  await requireMember(userId, conversationId);
  const limit = Math.min(MESSAGE_PAGE, Math.max(1, Math.floor(options.limit ?? MESSAGE_PAGE)));
  let before: number | undefined;
  if (options.before !== undefined) {
    before = Date.parse(options.before);
    if (Number.isNaN(before)) throw badRequest(CHAT_MESSAGES.invalidBefore);
  }
  const query = MessageEntity.query.byConversation({ conversationId });
  const { data } = await (before === undefined ? query : query.lt({ sentAt: before })).go({
    order: "desc",
    limit,
    consistent: true,
  });
  const page = data.reverse();
  // Messages stay when their sender's account is deleted; they show as a deleted account's.
  const senders = [...new Set(page.map((m) => m.senderId))].filter((id) => id !== BOT_USER_ID);
  const alive = await Users.byIds(senders);
  return page.map((m) =>
    view(m, m.senderId === BOT_USER_ID || alive.has(m.senderId) ? m.senderName : DELETED_SENDER_NAME),
  );
}
