import { Hono } from "hono";
import * as z from "zod";
import { PLAN_LIMITS } from "@graph/core/lib/plans/rules";
import * as Agent from "@graph/core/modules/agent";
import { AGENT_LIMITS, AGENT_MESSAGES } from "@graph/core/modules/agent/rules";
import type { ApiEnv } from "./env.ts";
import { currentPlan, currentUserId, requireSession } from "./middleware.ts";
import { idParam, jsonBody } from "./validate.ts";

const StartSearch = z.object({
  query: z
    .string({ error: AGENT_MESSAGES.tooShort })
    .trim()
    .min(AGENT_LIMITS.minQuery, AGENT_MESSAGES.tooShort)
    .max(AGENT_LIMITS.maxQuery, AGENT_MESSAGES.tooLong),
});

/**
 * Agentic search: start one (it spends one of the plan's agent fetches a day), read one as it
 * runs, and list the person's recent ones with the fetches left. Only the owner reads a search.
 */
export const agent = new Hono<ApiEnv>()
  .post("/search", requireSession, jsonBody(StartSearch), async (c) => {
    // The plan as the session's check of the account read it this request: a downgrade counts at once.
    return c.json(await Agent.start(currentUserId(c), currentPlan(c), c.req.valid("json").query));
  })
  .get("/search/:id", requireSession, idParam("id"), async (c) =>
    c.json(await Agent.get(currentUserId(c), c.req.valid("param").id)),
  )
  .get("/searches", requireSession, async (c) => {
    const userId = currentUserId(c);
    const [searches, fetches] = await Promise.all([
      Agent.list(userId),
      Agent.fetchesState(userId, PLAN_LIMITS[currentPlan(c)].agentFetchesPerDay),
    ]);
    return c.json({
      searches,
      fetches: { perDay: fetches.perDay, left: fetches.left, nextFreesAt: fetches.nextFreesAt },
    });
  });
