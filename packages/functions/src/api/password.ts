import { Hono } from "hono";
import * as z from "zod";
import * as Accounts from "@graph/core/modules/auth";
import * as Chat from "@graph/core/modules/chat";
import { Email, NewPassword, required } from "@graph/core/modules/auth/rules";
import type { ApiEnv } from "./env.ts";
import { jsonBody } from "./validate.ts";

const ResetRequest = z.object({ email: required("Email is required").pipe(Email) });
const Reset = z.object({
  token: required("The reset link is missing its token.").pipe(z.string().max(200, Accounts.MESSAGES.badResetLink)),
  newPassword: required("New password is required").pipe(NewPassword),
});

export const password = new Hono<ApiEnv>()
  .post("/request_password_reset", jsonBody(ResetRequest), async (c) => {
    await Accounts.requestPasswordReset(c.req.valid("json").email, c.var.clientAddress);
    return c.json({ ok: true as const });
  })
  .post("/reset_password", jsonBody(Reset), async (c) => {
    const { userId } = await Accounts.resetPassword(c.req.valid("json"));
    // Every session ended: so does every socket they opened.
    await Chat.closeSockets(userId);
    return c.json({ ok: true as const });
  });
