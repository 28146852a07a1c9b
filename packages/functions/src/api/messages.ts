import { Hono } from "hono";
import * as z from "zod";
import { MESSAGE_PAGE, MAX_NAME_LENGTH, MAX_MEMBERS } from "@graph/core/modules/chat/rules";
import * as Realtime from "@graph/core/modules/realtime";
import type { ApiEnv } from "./env.ts";
import { currentSession, currentUserId, requireSession } from "./middleware.ts";
import { id, idParam, input, jsonBody } from "./validate.ts";

/**
 * The chat module (conversations, messages, the bot's answers), imported by the routes that use
 * it: the socket token, the first request of a page with chat, needs only the token's key.
 */
const chat = () => import("@graph/core/modules/chat");

const NewConversation = z.object({
  name: z
    .string({ error: "name must be text" })
    .max(MAX_NAME_LENGTH, `name is too long (at most ${MAX_NAME_LENGTH} characters)`)
    .nullish(),
  memberIds: z
    .array(id("memberIds"), { error: "memberIds must be a list of user ids" })
    .max(MAX_MEMBERS, `A conversation has at most ${MAX_MEMBERS} members.`),
  isGroup: z.boolean({ error: "isGroup must be true or false" }).optional(),
});

const Page = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(MESSAGE_PAGE, `limit must be at most ${MESSAGE_PAGE}`)
    .optional(),
  before: z.string().max(64, "before is too long").optional(),
});

/**
 * `/messages/*`: the socket token, conversations, their messages and read marks. Every route
 * is the signed-in person's own; a conversation they are not in answers 403. Messages are sent
 * over the socket (`packages/functions/src/realtime/handler.ts`), not here.
 */
export const messages = new Hono<ApiEnv>()
  .use(requireSession)
  // The token opens a socket only while this session lasts.
  .get("/get_jwt", async (c) => {
    const { userId, tokenHash } = currentSession(c);
    return c.json(await Realtime.signToken(userId, tokenHash));
  })
  .get("/conversations", async (c) =>
    c.json({ conversations: await (await chat()).listConversations(currentUserId(c)) }),
  )
  .post("/conversations", jsonBody(NewConversation), async (c) => {
    const body = c.req.valid("json");
    return c.json(
      await (
        await chat()
      ).createConversation(currentUserId(c), {
        name: body.name ?? undefined,
        memberIds: body.memberIds,
        isGroup: body.isGroup,
      }),
    );
  })
  .get("/conversations/:id/messages", idParam("id"), input("query", Page), async (c) => {
    const { limit, before } = c.req.valid("query");
    return c.json({
      messages: await (await chat()).messagesPage(currentUserId(c), c.req.valid("param").id, { limit, before }),
    });
  })
  .post("/conversations/:id/mark_read", idParam("id"), async (c) =>
    c.json(await (await chat()).markRead(currentUserId(c), c.req.valid("param").id)),
  )
  .post("/initiate-bot-chat", async (c) => c.json(await (await chat()).initiateBotChat(currentUserId(c))));
