import { randomUUID } from "node:crypto";
import { deleteKeys } from "../../adapters/dynamo/index.ts";
import { getMany, transact, type WriteOp } from "../../adapters/dynamo/index.ts";
import { badRequest, forbidden, notFound, UnavailableError } from "../../lib/errors/index.ts";
import * as Images from "../images/index.ts";
import * as Users from "../users/index.ts";
import { ConversationEntity, type Conversation } from "./conversation.entity.ts";
import { DirectPairEntity } from "./direct-pair.entity.ts";
import { MembershipEntity } from "./membership.entity.ts";
import { MessageEntity } from "./message.entity.ts";
import { BOT_USER_ID } from "./bot.ts";
import {
  BOT_USERNAME,
  CHAT_MESSAGES,
  DELETED_SENDER_NAME,
  MAX_MEMBERS,
  MAX_NAME_LENGTH,
  showsNothing,
} from "./rules.ts";

/** What the API answers for one conversation, as the reader sees it. */
export interface ConversationView {
  id: string;
  name: string | null;
  is_group: boolean;
  is_bot: boolean;
  members: Array<{ id: string; username: string; image_url: string | null }>;
  last_message: string | null;
  last_message_at: string | null;
  last_sender_id: string | null;
  last_read_at: string | null;
  updated_at: string;
}

export interface ConversationShape {
  conversationId: string;
  memberIds: string[];
  isGroup: boolean;
  isBot: boolean;
}

/**
 * conversationId → its members. Who is in a conversation is fixed when it is created (this
 * product has no adding or leaving), so a process may keep it for good; an account deleted
 * later stays listed, which only means a send also looks for its (absent) sockets.
 */
const shapes = new Map<string, ConversationShape>();
const MAX_SHAPES = 20_000;

export async function shapeOf(conversationId: string): Promise<ConversationShape | undefined> {
  const known = shapes.get(conversationId);
  if (known) return known;
  const { data } = await ConversationEntity.get({ conversationId }).go({
    attributes: ["conversationId", "memberIds", "isGroup", "isBot"],
  });
  if (!data) return undefined;
  const shape = { conversationId, memberIds: data.memberIds, isGroup: data.isGroup, isBot: data.isBot };
  if (shapes.size >= MAX_SHAPES) shapes.clear();
  shapes.set(conversationId, shape);
  return shape;
}

export async function isMember(userId: string, conversationId: string): Promise<boolean> {
  const shape = await shapeOf(conversationId);
  return shape !== undefined && shape.memberIds.includes(userId);
}

/** The conversation, if the person is in it: 404 when there is none, 403 when they are not in it. */
export async function requireMember(userId: string, conversationId: string): Promise<ConversationShape> {
  const shape = await shapeOf(conversationId);
  if (!shape) throw notFound(CHAT_MESSAGES.notFound);
  if (!shape.memberIds.includes(userId)) throw forbidden(CHAT_MESSAGES.notMember);
  return shape;
}

/** The key of a direct conversation: the same for both people, whoever creates it. */
const pairKey = (a: string, b: string) => (a < b ? `${a} ${b}` : `${b} ${a}`);

function newConversationOps(input: {
  conversationId: string;
  memberIds: string[];
  creatorId: string;
  isGroup: boolean;
  isBot: boolean;
  name?: string | undefined;
  now: number;
}): WriteOp[] {
  const { conversationId, now } = input;
  return [
    ConversationEntity.create({
      conversationId,
      ...(input.name ? { name: input.name } : {}),
      isGroup: input.isGroup,
      isBot: input.isBot,
      memberIds: input.memberIds,
      createdBy: input.creatorId,
      createdAt: now,
      updatedAt: now,
    }),
    ...input.memberIds
      .filter((userId) => userId !== BOT_USER_ID)
      .map((userId) => MembershipEntity.create({ conversationId, userId, joinedAt: now })),
  ];
}

/**
 * The direct conversation of two people (or a person and the bot): created with its pair claim
 * in one transaction, so of creations at once exactly one claims the pair and the others read
 * its id. A transaction cancelled by a parallel one (TransactionConflict) is retried by `transact`.
 */
async function direct(creatorId: string, otherId: string): Promise<string> {
  const key = pairKey(creatorId, otherId);
  const existing = async (consistent: boolean) =>
    (await DirectPairEntity.get({ pairKey: key }).go({ consistent })).data?.conversationId;
  const found = await existing(false);
  if (found) return found;
  const conversationId = randomUUID();
  const result = await transact([
    DirectPairEntity.create({ pairKey: key, conversationId }),
    ...newConversationOps({
      conversationId,
      memberIds: [creatorId, otherId],
      creatorId,
      isGroup: false,
      isBot: otherId === BOT_USER_ID,
      now: Date.now(),
    }),
  ]);
  if (!result.canceled) return conversationId;
  if (result.reasons[0] === "ConditionalCheckFailed") {
    const winner = await existing(true);
    if (winner) return winner;
  }
  throw new UnavailableError();
}

export async function createConversation(
  creatorId: string,
  input: { name?: string | undefined; memberIds: string[]; isGroup?: boolean | undefined },
): Promise<{ id: string }> {
  const others = [...new Set(input.memberIds.map((id) => id.trim()))].filter((id) => id && id !== creatorId);
  if (others.length === 0) throw badRequest(CHAT_MESSAGES.noMembers);
  if (others.length + 1 > MAX_MEMBERS) throw badRequest(CHAT_MESSAGES.tooManyMembers);
  const trimmed = input.name?.trim();
  if (trimmed && trimmed.length > MAX_NAME_LENGTH) throw badRequest(CHAT_MESSAGES.nameTooLong);
  // A name that shows nothing is no name: the page names the conversation by its members.
  const name = trimmed && !showsNothing(trimmed) ? trimmed : undefined;
  // The bot is reached through its own conversation (initiateBotChat), never added to one.
  if (others.includes(BOT_USER_ID)) throw badRequest(CHAT_MESSAGES.unknownMember);
  const known = await Users.byIds(others);
  if (others.some((id) => !known.get(id)?.isVerified)) throw badRequest(CHAT_MESSAGES.unknownMember);
  // The spec's rule: a group when more than one other person is picked. `isGroup` is not
  // trusted over it, so a direct conversation of two people stays unique.
  if (others.length === 1) return { id: await direct(creatorId, others[0]!) };
  const conversationId = randomUUID();
  const result = await transact(
    newConversationOps({
      conversationId,
      memberIds: [creatorId, ...others],
      creatorId,
      isGroup: true,
      isBot: false,
      name,
      now: Date.now(),
    }),
  );
  if (result.canceled) throw new UnavailableError();
  return { id: conversationId };
}

/** The person's conversation with the bot, created the first time (once, also when asked at once). */
export async function initiateBotChat(userId: string): Promise<{ id: string }> {
  return { id: await direct(userId, BOT_USER_ID) };
}

const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());
const activity = (c: Conversation) => Math.max(c.lastMessageAt ?? 0, c.updatedAt);

/** People as conversations show them: username and photo; a deleted account is named so. */
async function peopleOf(userIds: string[]) {
  const ids = [...new Set(userIds)].filter((id) => id !== BOT_USER_ID);
  const [accounts, photos] = await Promise.all([
    Users.byIds(ids),
    Promise.all(ids.map(async (id) => [id, (await Images.primaryImageUrl(id)) ?? null] as const)),
  ]);
  const images = new Map(photos);
  const people = new Map<string, { id: string; username: string; image_url: string | null }>();
  people.set(BOT_USER_ID, { id: BOT_USER_ID, username: BOT_USERNAME, image_url: null });
  for (const id of ids) {
    const account = accounts.get(id);
    people.set(id, {
      id,
      username: account?.username ?? DELETED_SENDER_NAME,
      image_url: account ? (images.get(id) ?? null) : null,
    });
  }
  return people;
}

/** The person's conversations, most recently active first. */
export async function listConversations(userId: string): Promise<ConversationView[]> {
  const { data: memberships } = await MembershipEntity.query.byUser({ userId }).go({ pages: "all" });
  if (memberships.length === 0) return [];
  const conversations = await getMany<Conversation>(
    ConversationEntity,
    memberships.map((m) => ({ conversationId: m.conversationId })),
    [
      "conversationId",
      "name",
      "isGroup",
      "isBot",
      "memberIds",
      "updatedAt",
      "lastMessage",
      "lastMessageAt",
      "lastSenderId",
    ] as Array<keyof Conversation & string>,
  );
  const lastRead = new Map(memberships.map((m) => [m.conversationId, m.lastReadAt]));
  const people = await peopleOf(conversations.flatMap((c) => c.memberIds));
  return conversations
    .sort((a, b) => activity(b) - activity(a) || a.conversationId.localeCompare(b.conversationId))
    .map((c) => ({
      id: c.conversationId,
      name: c.name ?? null,
      is_group: c.isGroup,
      is_bot: c.isBot,
      members: c.memberIds.map((id) => people.get(id)!),
      last_message: c.lastMessage ?? null,
      last_message_at: iso(c.lastMessageAt),
      last_sender_id: c.lastSenderId ?? null,
      last_read_at: iso(lastRead.get(c.conversationId)),
      updated_at: iso(c.updatedAt)!,
    }));
}

/**
 * Marks the conversation read now — or at its last message, when that carries a later time (a
 * send bumped past a clash), so a read conversation never looks unread.
 */
export async function markRead(userId: string, conversationId: string): Promise<{ last_read_at: string }> {
  await requireMember(userId, conversationId);
  const { data } = await ConversationEntity.get({ conversationId }).go({
    attributes: ["lastMessageAt"],
    consistent: true,
  });
  const at = Math.max(Date.now(), data?.lastMessageAt ?? 0);
  await MembershipEntity.patch({ conversationId, userId }).set({ lastReadAt: at }).go();
  return { last_read_at: new Date(at).toISOString() };
}

/** A conversation and all its messages. */
async function removeConversation(conversationId: string): Promise<void> {
  const { data } = await MessageEntity.query
    .byConversation({ conversationId })
    .go({ pages: "all", attributes: ["conversationId", "sentAt"] });
  await deleteKeys(MessageEntity, data);
  await ConversationEntity.delete({ conversationId }).go();
}

/**
 * A deleted account leaves its conversations: its memberships go, and so do the claims on its
 * direct conversations (nobody can start one with a deleted account); its messages stay.
 */
export async function purgeMemberships(userId: string): Promise<void> {
  const { data } = await MembershipEntity.query.byUser({ userId }).go({ pages: "all" });
  await Promise.all(
    data.map(async ({ conversationId }) => {
      const shape = await shapeOf(conversationId);
      if (shape && !shape.isGroup && shape.memberIds.length === 2) {
        await DirectPairEntity.delete({ pairKey: pairKey(shape.memberIds[0]!, shape.memberIds[1]!) }).go();
      }
      // The conversation with the bot is nobody else's: it goes whole. The membership goes last,
      // so a purge cut short finds the conversation again when it runs once more.
      if (shape?.isBot) await removeConversation(conversationId);
      await MembershipEntity.delete({ conversationId, userId }).go();
    }),
  );
}
