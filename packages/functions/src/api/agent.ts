import { Hono } from "hono";
import { z } from "zod";
import { unauthorized } from "@graph/core/lib/errors";
import { PLAN_LIMITS } from "@graph/core/lib/plans/rules";
import * as Agent from "@graph/core/modules/agent";
import { AGENT_LIMITS, AGENT_MESSAGES } from "@graph/core/modules/agent/rules";
import * as Users from "@graph/core/modules/users";
import type { ApiEnv } from "./env.ts";
import { currentUserId, requireSession } from "./middleware.ts";
import { idParam, jsonBody } from "./validate.ts";

const StartSearch = z.object({
  query: z
    .string({ error: AGENT_MESSAGES.tooShort })
    .trim()
    .min(AGENT_LIMITS.minQuery, AGENT_MESSAGES.tooShort)
    .max(AGENT_LIMITS.maxQuery, AGENT_MESSAGES.tooLong),
});

/** The person's plan, read per request: a downgrade counts at once. */
async function planOf(userId: string) {
  const user = await Users.byId(userId);
  if (!user) throw unauthorized();
  return user.plan;
}

/**
 * Agentic search: start one (it spends one of the plan's agent fetches a day), read one as it
 * runs, and list the person's recent ones with the fetches left. Only the owner reads a search.
 */
export const agent = new Hono<ApiEnv>()
  .post("/search", requireSession, jsonBody(StartSearch), async (c) => {
    const userId = currentUserId(c);
    return c.json(await Agent.start(userId, await planOf(userId), c.req.valid("json").query));
  })
  .get("/search/:id", requireSession, idParam("id"), async (c) =>
    c.json(await Agent.get(currentUserId(c), c.req.valid("param").id)),
  )
  .get("/searches", requireSession, async (c) => {
    const userId = currentUserId(c);
    const plan = await planOf(userId);
    const [searches, fetches] = await Promise.all([
      Agent.list(userId),
      Agent.fetchesState(userId, PLAN_LIMITS[plan].agentFetchesPerDay),
    ]);
    return c.json({
      searches,
      fetches: { perDay: fetches.perDay, left: fetches.left, nextFreesAt: fetches.nextFreesAt },
    });
  });
