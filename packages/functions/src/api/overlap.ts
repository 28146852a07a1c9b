import { Hono } from "hono";
import * as Overlap from "@graph/core/workflows/overlap";
import type { ApiEnv } from "./env.ts";
import { currentUserId, requireSession } from "./middleware.ts";
import { idParam } from "./validate.ts";

/** `/overlap/*`: what the signed-in viewer shares with another person (mutual interests need a login). */
export const overlap = new Hono<ApiEnv>()
  .get("/user_overlap/:id", requireSession, idParam("id"), async (c) =>
    c.json(await Overlap.overlap(currentUserId(c), c.req.valid("param").id)),
  )
  .get("/user_overlap_number/:id", requireSession, idParam("id"), async (c) =>
    c.json(await Overlap.overlapCount(currentUserId(c), c.req.valid("param").id)),
  );
