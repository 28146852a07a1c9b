import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import * as z from "zod";
import * as Google from "@graph/core/modules/google";
import { setSessionCookie } from "./cookies.ts";
import type { ApiEnv } from "./env.ts";
import { jsonBody } from "./validate.ts";

/** The sign-in's `state`, kept by the browser that started it: only that browser can finish it. */
const STATE_COOKIE = "graph_google_state";
const STATE_PATH = "/api/login/google";

const isHttps = (c: Context) =>
  new URL(c.req.url).protocol === "https:" || c.req.header("x-forwarded-proto") === "https";

const stateCookieOptions = (c: Context) => ({
  httpOnly: true,
  // Lax: the browser comes back from Google on a top-level navigation, then the page posts.
  sameSite: "Lax" as const,
  secure: isHttps(c),
  path: STATE_PATH,
});

const failed = Google.GOOGLE_MESSAGES.failed;
const Callback = z.object({
  code: z.string({ error: failed }).min(1, failed).max(2048, failed),
  state: z.string({ error: failed }).min(1, failed).max(512, failed),
});
const Link = z.object({
  password: z
    .string({ error: "Enter your existing password." })
    .min(1, "Enter your existing password.")
    .max(1024, "Wrong password."),
  linkingToken: z
    .string({ error: Google.GOOGLE_MESSAGES.linkingTokenInvalid })
    .min(1, Google.GOOGLE_MESSAGES.linkingTokenInvalid)
    .max(256, Google.GOOGLE_MESSAGES.linkingTokenInvalid),
});

/**
 * Google sign-in. `GET /login/google` sends the browser to Google (state, PKCE, nonce); Google
 * sends it back to the web app's `/login/google/callback` page, which posts the code and state
 * here. Mounted at the API's root.
 */
export const google = new Hono<ApiEnv>()
  .get("/login/google", async (c) => {
    const { url, state, maxAge } = await Google.startSignIn();
    setCookie(c, STATE_COOKIE, state, { ...stateCookieOptions(c), maxAge });
    return c.redirect(url, 302);
  })
  .post("/login/google/callback", jsonBody(Callback), async (c) => {
    const browserState = getCookie(c, STATE_COOKIE);
    // The state works once, whatever the outcome.
    deleteCookie(c, STATE_COOKIE, stateCookieOptions(c));
    const { user, session, isNewUser } = await Google.finishSignIn(
      { ...c.req.valid("json"), browserState },
      c.var.clientAddress,
    );
    setSessionCookie(c, session);
    return c.json({ userId: user.userId, username: user.username, isNewUser });
  })
  .post("/login/google/link", jsonBody(Link), async (c) => {
    const { user, session, isNewUser } = await Google.linkAccount(c.req.valid("json"), c.var.clientAddress);
    setSessionCookie(c, session);
    return c.json({ userId: user.userId, username: user.username, isNewUser });
  });
