import { Hono } from "hono";
import { Resource } from "sst";
import * as z from "zod";
import { badRequest } from "@graph/core/lib/errors";
import * as Pictures from "@graph/core/modules/pictures";
import { PICTURE_ADDRESS_MAX, PICTURE_ROUTE_CACHE, smallPictureSrc } from "@graph/core/modules/pictures/rules";
import type { ApiEnv } from "./env.ts";
import type { ErrorBody } from "./errors.ts";
import { input } from "./validate.ts";

const PictureQuery = z.object({
  u: z
    .string({ error: "u (the picture's address) is required" })
    .min(1, "u (the picture's address) is required")
    .max(PICTURE_ADDRESS_MAX, "u is too long"),
  s: z.string({ error: "s (graph's signature) is required" }).min(1, "s (graph's signature) is required").max(64),
});

/**
 * `/pictures?u=…&s=…`: an outside picture an answer named (a cover, a poster, album art, a
 * channel's thumbnail), through graph's picture proxy. Only addresses graph signed are fetched
 * (an unsigned or altered one answers 400 `invalid_signature` and fetches nothing), so this is no
 * open proxy; the fetch goes through the address guard with the proxy's caps, and the picture
 * is checked, kept as WebP and answered as a redirect to its variant under `/media/` (immutable,
 * on the CDN). One that cannot be had answers 404: the page shows its placeholder. No session
 * is needed: public profiles show covers to visitors too.
 */
export const pictures = new Hono<ApiEnv>().get("/", input("query", PictureQuery), async (c) => {
  const { u, s } = c.req.valid("query");
  const shown = await Pictures.signedPicture(u, s, { allowPrivate: Resource.Config.allowPrivateFeeds === true });
  if ("refused" in shown) {
    if (shown.refused === "signature")
      throw badRequest("This picture address is not one graph gave.", "invalid_signature");
    const body: ErrorBody = { error: "This picture cannot be shown.", code: "not_found" };
    return c.json(body, 404, { "Cache-Control": `public, max-age=${PICTURE_ROUTE_CACHE.refusedSeconds}` });
  }
  c.header("Cache-Control", `public, max-age=${PICTURE_ROUTE_CACHE.keptSeconds}`);
  return c.redirect(smallPictureSrc(shown.picture), 302);
});
