import { Hono } from "hono";
import * as Channels from "@graph/core/modules/channels";
import type { ApiEnv } from "./env.ts";
import { currentPlan, currentUserId, requireSession } from "./middleware.ts";
import { idParam } from "./validate.ts";

/**
 * `/channels/*`: the person's connected Slack and Discord channels (kind, workspace, status), a
 * test message, and unlink (revoked at the service, then removed).
 */
export const channels = new Hono<ApiEnv>()
  .get("/", requireSession, async (c) => c.json(await Channels.list(currentUserId(c), currentPlan(c))))
  .post("/:id/test", requireSession, idParam("id"), async (c) =>
    c.json(await Channels.sendTest(currentUserId(c), c.req.valid("param").id)),
  )
  .delete("/:id", requireSession, idParam("id"), async (c) => {
    await Channels.unlink(currentUserId(c), c.req.valid("param").id);
    return c.json({ removed: true as const });
  });
