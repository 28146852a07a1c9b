import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import * as z from "zod";
import * as Accounts from "@graph/core/modules/auth";
import { Sessions } from "@graph/core/modules/auth";
import * as Chat from "@graph/core/modules/chat";
import { Email, NewPassword, required, Username } from "@graph/core/modules/auth/rules";
import * as Google from "@graph/core/modules/google";
import * as Users from "@graph/core/modules/users";
import { clearSessionCookie, DEVICE_COOKIE, setDeviceCookie, setSessionCookie } from "./cookies.ts";
import type { ApiEnv } from "./env.ts";
import { SESSION_COOKIE } from "./middleware.ts";
import { jsonBody } from "./validate.ts";

const SIGNUP_MISSING = "Username, email or password missing";
const LOGIN_MISSING = "username/email or password missing";

/** "Missing" is reported before "malformed": presence is checked first, then the format. */
const Signup = z
  .object({ username: required(SIGNUP_MISSING), email: required(SIGNUP_MISSING), password: required(SIGNUP_MISSING) })
  .pipe(z.object({ username: Username, email: Email, password: NewPassword }));
const Login = z.object({
  identifier: required(LOGIN_MISSING).pipe(z.string().max(254, "Invalid username or password.")),
  password: required(LOGIN_MISSING).pipe(z.string().max(1024, "Invalid username or password.")),
});
const Verify = z.object({
  userId: z.string({ error: "userId and code are required" }).min(1, "userId and code are required").max(64),
  code: z.string({ error: "userId and code are required" }).regex(/^\d{6}$/, "The code is 6 digits."),
});
const Resend = z.object({ email: required("Email is required").pipe(Email) });

/**
 * What pages learn about this deployment: whether Google sign-in has credentials (without them
 * its routes answer not_configured). The Google routes themselves are in google.ts.
 */
const publicConfig = (): { googleSignIn: boolean } => ({ googleSignIn: Google.isConfigured() });

export const auth = new Hono<ApiEnv>()
  .post("/signup", jsonBody(Signup), async (c) => {
    const { userId } = await Accounts.signUp(c.req.valid("json"), c.var.clientAddress);
    return c.json({ userId }, 201);
  })
  .post("/login", jsonBody(Login), async (c) => {
    const { user, session, device } = await Accounts.logIn(
      c.req.valid("json"),
      c.var.clientAddress,
      getCookie(c, DEVICE_COOKIE),
    );
    setSessionCookie(c, session);
    setDeviceCookie(c, device);
    return c.json({ userId: user.userId, username: user.username, isNewUser: !user.hasOnboarded });
  })
  .post("/logout", async (c) => {
    await Sessions.end(getCookie(c, SESSION_COOKIE));
    // The sockets this session opened end with it; the person's other sessions keep theirs.
    const session = c.get("session");
    if (session) await Chat.closeSockets(session.userId, session.tokenHash);
    clearSessionCookie(c);
    return c.json({ ok: true as const });
  })
  .get("/check_auth", async (c) => {
    const session = c.get("session");
    const user = session ? await Users.byId(session.userId) : undefined;
    if (!user) return c.json({ isAuthenticated: false as const });
    return c.json({ isAuthenticated: true as const, ...Users.publicView(user) });
  })
  .post("/verify_account", jsonBody(Verify), async (c) => {
    const result = await Accounts.verify(c.req.valid("json"));
    if (result.alreadyVerified) return c.json({ alreadyVerified: true });
    setSessionCookie(c, result.session);
    setDeviceCookie(c, result.device);
    return c.json({ alreadyVerified: false, userId: result.user.userId, username: result.user.username });
  })
  .post("/verify-email-resend", jsonBody(Resend), async (c) => {
    await Accounts.resendCode(c.req.valid("json").email, c.var.clientAddress);
    return c.json({ ok: true as const });
  })
  .get("/config", (c) => c.json(publicConfig()));
