import { Hono } from "hono";
import { PUBLIC_LIST_MAX, withParam } from "@graph/core/modules/connections";
import * as Profile from "@graph/core/modules/profile";
import * as Spotify from "@graph/core/modules/spotify";
import { connectRoutes, stateCookie } from "./connect.ts";
import type { ApiEnv } from "./env.ts";
import { currentUserId, requireSession, viewerOf } from "./middleware.ts";
import { idParam } from "./validate.ts";

const STATE = stateCookie("graph_spotify_state", "/api/spotify/api");
const result = (redirect: string, outcome: "connected" | "error") =>
  withParam(redirect, Spotify.SPOTIFY_RESULT_PARAM, outcome);

/**
 * `/spotify/*`: linking a Spotify account (a full-page navigation to Spotify and back), its
 * status and unlink, and the profile's tracks and artists.
 */
export const spotify = new Hono<ApiEnv>()
  .route(
    "/",
    connectRoutes(STATE, {
      ...Spotify,
      defaultRedirect: Spotify.SPOTIFY_DEFAULT_REDIRECT,
      connected: (redirect) => result(redirect, "connected"),
      failed: (redirect) => result(redirect, "error"),
    }),
  )
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
