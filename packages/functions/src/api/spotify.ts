import { Hono } from "hono";
import { PUBLIC_LIST_MAX, safeRedirect, withParam } from "@graph/core/connections";
import * as Profile from "@graph/core/profile";
import * as Spotify from "@graph/core/spotify";
import { safeEqual } from "@graph/core/util";
import { callbackQuery, LoginQuery, parseConnectState, stateCookie } from "./connect.ts";
import type { ApiEnv } from "./env.ts";
import { currentUserId, requireSession, viewerOf } from "./middleware.ts";
import { idParam, input } from "./validate.ts";

const STATE = stateCookie("graph_spotify_state", "/api/spotify/api");
const result = (redirect: string, outcome: "connected" | "error") =>
  withParam(redirect, Spotify.SPOTIFY_RESULT_PARAM, outcome);

/**
 * `/spotify/*`: linking a Spotify account (a full-page navigation to Spotify and back), its
 * status and unlink, and the profile's tracks and artists.
 */
export const spotify = new Hono<ApiEnv>()
  .get("/api/login", input("query", LoginQuery), async (c) => {
    const session = c.get("session");
    if (!session) return c.redirect("/login", 302);
    const raw = c.req.valid("query").state;
    const state = raw === undefined ? { userId: session.userId, redirect: undefined } : parseConnectState(raw);
    const redirect = safeRedirect(state?.redirect, Spotify.SPOTIFY_DEFAULT_REDIRECT);
    if (!state || state.userId !== session.userId) return c.redirect(result(redirect, "error"), 302);
    const started = await Spotify.startConnect(session.userId, redirect);
    STATE.set(c, started.state, started.maxAge);
    return c.redirect(started.url, 302);
  })
  .get("/api/callback", async (c) => {
    const browserState = STATE.take(c);
    const session = c.get("session");
    if (!session) return c.redirect("/login", 302);
    const { code, state, error } = callbackQuery(c);
    if (error !== undefined || !code || !state) {
      // Cancelled at Spotify (or sent back malformed): the connect of this browser is given up.
      const redirect =
        state && browserState && safeEqual(state, browserState)
          ? await Spotify.cancelConnect(state)
          : Spotify.SPOTIFY_DEFAULT_REDIRECT;
      return c.redirect(result(redirect, "error"), 302);
    }
    const finished = await Spotify.finishConnect({ code, state, browserState, userId: session.userId });
    return c.redirect(result(finished.redirect, finished.outcome === "connected" ? "connected" : "error"), 302);
  })
  .post("/api/logout", requireSession, async (c) => {
    await Spotify.unlink(currentUserId(c));
    return c.json({ message: Spotify.SPOTIFY_MESSAGES.loggedOut });
  })
  .get("/api/status", requireSession, async (c) => c.json(await Spotify.status(currentUserId(c))))
  .get("/top_tracks_db/:id", idParam("id"), async (c) =>
    c.json(
      await Profile.readSection(c.req.valid("param").id, "tracks", viewerOf(c), (owner) =>
        Spotify.listTracks(owner, PUBLIC_LIST_MAX),
      ),
    ),
  )
  .get("/top_artists/:id", idParam("id"), async (c) =>
    c.json(
      await Profile.readSection(c.req.valid("param").id, "artists", viewerOf(c), (owner) =>
        Spotify.listArtists(owner, PUBLIC_LIST_MAX),
      ),
    ),
  );
