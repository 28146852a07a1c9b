import { Hono } from "hono";
import * as z from "zod";
import * as Accounts from "@graph/core/workflows/account-deletion";
import { clearSessionCookie } from "./cookies.ts";
import type { ApiEnv } from "./env.ts";
import { currentUserId, requireSession } from "./middleware.ts";
import { jsonBody } from "./validate.ts";

/**
 * The password may be absent (accounts without one confirm with their username instead); its
 * length is capped like the log-in's.
 */
const DeleteAccount = z.object({
  password: z.string({ error: "password must be text." }).max(1024, "Wrong password.").optional(),
  username: z.string({ error: "username must be text." }).max(100, "That is not your username.").optional(),
});

/** The signed-in person's account: how they sign in, and deleting it. Mounted at /users. */
export const account = new Hono<ApiEnv>()
  .get("/auth_provider", requireSession, async (c) => c.json(await Accounts.authProvider(currentUserId(c))))
  .post("/delete", requireSession, jsonBody(DeleteAccount), async (c) => {
    await Accounts.requestDeletion(currentUserId(c), c.req.valid("json"), c.var.clientAddress);
    // Every session is refused from now on; this browser forgets its cookie too.
    clearSessionCookie(c);
    return c.json({ ok: true as const });
  });
